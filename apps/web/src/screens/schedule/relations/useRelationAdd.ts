import type { LinkType } from '@takt/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useSpace } from '../../../layouts/space-context';
import type { ScheduleModel } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import { daysToMinutes } from '../../../lib/schedule-time';
import { trpc } from '../../../lib/trpc';
import type { FoundWork } from './types';
import { lagDaysOf, matchingRows, typedRow, workText } from './work-match';

export type RelationScope = 'here' | 'other';

/**
 * The form of a new link: a work of this version (as predecessor or successor, typed with suggestions)
 * or a predecessor found in another schedule, its type and lag; `add` checks it and creates the link.
 * The state lives in the panel, so it survives the cursor moving between works.
 */
export function useRelationAdd({
  model,
  versionId,
  hoursPerDay,
  onChanged,
}: {
  model: ScheduleModel;
  versionId: string;
  hoursPerDay: number;
  onChanged: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const create = trpc.relations.create.useMutation({ onSuccess: onChanged });
  const [side, setSide] = useState<'predecessor' | 'successor'>('predecessor');
  const [other, setOther] = useState('');
  const [type, setType] = useState<LinkType>('fs');
  const [lag, setLag] = useState('0');
  const [problem, setProblem] = useState<string | null>(null);
  const [scope, setScope] = useState<RelationScope>('here');
  const [picked, setPicked] = useState<FoundWork | null>(null);
  const [search, setSearch] = useState('');
  // Other schedules are searched on the server, once the typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(scope === 'other' ? other.trim() : ''), 250);
    return () => clearTimeout(timer);
  }, [other, scope]);
  const found = trpc.works.search.useQuery(
    { spaceId, query: search, excludeVersionId: versionId },
    { enabled: search.length > 0 },
  );
  const needle = other.trim().toLowerCase();
  const suggestions = useMemo(() => matchingRows(model, needle), [model, needle]);

  const addExternal = (workId: string) => {
    if (!picked) return setProblem(t('relations.not_found'));
    const lagDays = lagDaysOf(lag);
    if (lagDays === null) return setProblem(t('validation.not_a_number'));
    setProblem(null);
    create.mutate(
      {
        spaceId,
        versionId,
        predecessorId: picked.id,
        successorId: workId,
        type,
        lagMinutes: daysToMinutes(lagDays, hoursPerDay),
      },
      {
        onSuccess: () => {
          setOther('');
          setSearch('');
          setPicked(null);
        },
      },
    );
  };
  /** Adds the link the form describes to the work `workId`. */
  const add = (workId: string) => {
    if (scope === 'other') return addExternal(workId);
    const row = typedRow(model, suggestions, needle);
    if (row === undefined) return setProblem(t('relations.not_found'));
    const lagDays = lagDaysOf(lag);
    if (lagDays === null) return setProblem(t('validation.not_a_number'));
    const otherId = model.ids[row]!;
    if (otherId === workId) return setProblem(t('validation.out_of_range'));
    setProblem(null);
    create.mutate(
      {
        spaceId,
        versionId,
        predecessorId: side === 'predecessor' ? otherId : workId,
        successorId: side === 'predecessor' ? workId : otherId,
        type,
        lagMinutes: daysToMinutes(lagDays, hoursPerDay),
      },
      { onSuccess: () => setOther('') },
    );
  };

  return {
    add,
    adding: create.isPending,
    scope,
    /** Switching between this version and other schedules starts the work over. */
    changeScope: (next: RelationScope) => {
      setScope(next);
      setPicked(null);
      setOther('');
      setProblem(null);
    },
    side,
    setSide,
    other,
    /** Typing a work drops a work picked from the search. */
    typeOther: (text: string) => {
      setOther(text);
      setPicked(null);
    },
    suggestions,
    search,
    found: found.data,
    picked,
    pick: (work: FoundWork) => {
      setPicked(work);
      setOther(workText(work));
      setProblem(null);
    },
    type,
    setType,
    lag,
    setLag,
    problem,
  };
}

export type RelationAdd = ReturnType<typeof useRelationAdd>;
