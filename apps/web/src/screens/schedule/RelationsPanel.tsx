import { useEffect, useMemo, useRef } from 'react';
import { Empty } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { ScheduleModel } from '../../lib/columnar';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { RelationRequest } from './page/useRowMenu';
import { RelationAddForm } from './relations/RelationAddForm';
import { RelationTable } from './relations/RelationTable';
import type { Relation } from './relations/types';
import { useRelationAdd } from './relations/useRelationAdd';
import { rowText, workText } from './relations/work-match';

/** Predecessors and successors of the work under the cursor, with type and lag; add and remove links. */
export function RelationsPanel({
  model,
  row,
  request,
  versionId,
  readOnly,
  hoursPerDay,
  onChanged,
}: {
  model: ScheduleModel;
  row: number | undefined;
  /** "Add predecessor / successor" from a row menu: the form on that side, its work field focused. */
  request?: RelationRequest | null;
  versionId: string;
  readOnly: boolean;
  hoursPerDay: number;
  onChanged: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const relations = trpc.relations.list.useQuery({ spaceId, versionId });
  const done = { onSuccess: onChanged };
  const update = trpc.relations.update.useMutation(done);
  const remove = trpc.relations.delete.useMutation(done);
  const form = useRelationAdd({ model, versionId, hoursPerDay, onChanged });
  const workId = row === undefined ? undefined : model.ids[row];
  const panel = useRef<HTMLDivElement>(null);
  const handled = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's setters act once per request token
  useEffect(() => {
    if (!request || handled.current === request.token || !workId) return;
    handled.current = request.token;
    form.changeScope('here');
    form.setSide(request.side);
    requestAnimationFrame(() =>
      panel.current?.querySelector<HTMLInputElement>('[data-testid="relation-work"]')?.focus(),
    );
  }, [request, workId]);

  const mine = (relations.data ?? []) as Relation[];
  // Works of other schedules: looked up by id for the links shown, by code or name for a new link.
  const externalIds = useMemo(
    () => [...new Set(mine.filter((r) => !model.rowOf.has(r.predecessorId)).map((r) => r.predecessorId))],
    [mine, model],
  );
  const externals = trpc.works.search.useQuery(
    { spaceId, workIds: externalIds.slice(0, 500), limit: 500 },
    { enabled: externalIds.length > 0 },
  );
  const externalById = new Map((externals.data ?? []).map((w) => [w.id, w]));

  const label = (id: string) => {
    const r = model.rowOf.get(id);
    if (r !== undefined) return rowText(model, r);
    const w = externalById.get(id);
    return w ? workText(w) : t('relations.external');
  };

  if (!workId) return <Empty>{t('relations.pick_work')}</Empty>;
  const table = (end: 'predecessorId' | 'successorId', title: string) => (
    <RelationTable
      title={title}
      list={mine.filter((r) => (end === 'predecessorId' ? r.successorId : r.predecessorId) === workId)}
      end={end}
      model={model}
      externalById={externalById}
      label={label}
      readOnly={readOnly}
      hoursPerDay={hoursPerDay}
      onUpdate={(r, patch) =>
        update.mutate({ spaceId, versionId, relationId: r.id, revision: r.revision, ...patch })
      }
      onRemove={(r) => remove.mutate({ spaceId, versionId, relationId: r.id })}
    />
  );

  return (
    <div ref={panel} className="rel-panel" data-testid="relations-panel">
      <h2 className="panel-heading">{label(workId)}</h2>
      {table('predecessorId', t('relations.predecessors'))}
      {table('successorId', t('relations.successors'))}
      {!readOnly && <RelationAddForm model={model} workId={workId} form={form} />}
    </div>
  );
}
