import { LINK_TYPES, type LinkType } from '@takt/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Empty } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type ScheduleModel, textOf } from '../../lib/columnar';
import { appI18n, useT } from '../../lib/i18n';
import { daysToMinutes, formatNumber, minutesToDays, parseNumberText } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';

type Found = RouterOutputs['works']['search'][number];

/** Predecessors and successors of the work under the cursor, with type and lag; add and remove links. */
export function RelationsPanel({
  model,
  row,
  versionId,
  readOnly,
  hoursPerDay,
  onChanged,
}: {
  model: ScheduleModel;
  row: number | undefined;
  versionId: string;
  readOnly: boolean;
  hoursPerDay: number;
  onChanged: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const relations = trpc.relations.list.useQuery({ spaceId, versionId });
  const done = { onSuccess: onChanged };
  const create = trpc.relations.create.useMutation(done);
  const update = trpc.relations.update.useMutation(done);
  const remove = trpc.relations.delete.useMutation(done);
  const [side, setSide] = useState<'predecessor' | 'successor'>('predecessor');
  const [other, setOther] = useState('');
  const [type, setType] = useState<LinkType>('fs');
  const [lag, setLag] = useState('0');
  const [problem, setProblem] = useState<string | null>(null);
  const [scope, setScope] = useState<'here' | 'other'>('here');
  const [picked, setPicked] = useState<Found | null>(null);
  const [search, setSearch] = useState('');
  const workId = row === undefined ? undefined : model.ids[row];

  const mine = (relations.data ?? []) as {
    id: string;
    predecessorId: string;
    successorId: string;
    type: LinkType;
    lagMinutes: number;
    revision: number;
    external?: boolean;
  }[];
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
  useEffect(() => {
    const timer = setTimeout(() => setSearch(scope === 'other' ? other.trim() : ''), 250);
    return () => clearTimeout(timer);
  }, [other, scope]);
  const found = trpc.works.search.useQuery(
    { spaceId, query: search, excludeVersionId: versionId },
    { enabled: search.length > 0 },
  );
  const workText = (w: { code: string | null; name: string }) => `${w.code ?? ''} ${w.name}`.trim();

  const label = (id: string) => {
    const r = model.rowOf.get(id);
    if (r !== undefined) return `${textOf(model, model.code[r]!)} ${textOf(model, model.name[r]!)}`.trim();
    const w = externalById.get(id);
    return w ? workText(w) : t('relations.external');
  };
  const predecessors = mine.filter((r) => r.successorId === workId);
  const successors = mine.filter((r) => r.predecessorId === workId);
  const needle = other.trim().toLowerCase();
  const suggestions = useMemo(() => {
    if (needle.length < 1) return [];
    const out: number[] = [];
    for (let i = 0; i < model.count && out.length < 30; i++) {
      if (
        textOf(model, model.code[i]!).toLowerCase().startsWith(needle) ||
        textOf(model, model.name[i]!).toLowerCase().includes(needle)
      )
        out.push(i);
    }
    return out;
  }, [model, needle]);

  if (!workId) return <Empty>{t('relations.pick_work')}</Empty>;
  const days = (m: number) => formatNumber(minutesToDays(m, hoursPerDay), appI18n.locale);

  const add = () => {
    if (scope === 'other') {
      if (!picked) return setProblem(t('relations.not_found'));
      const lagDays = parseNumberText(lag);
      if (lagDays === null || Number.isNaN(lagDays)) return setProblem(t('validation.not_a_number'));
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
      return;
    }
    const found =
      suggestions.find(
        (i) =>
          `${textOf(model, model.code[i]!)} ${textOf(model, model.name[i]!)}`.trim().toLowerCase() === needle,
      ) ??
      suggestions.find((i) => textOf(model, model.code[i]!).toLowerCase() === needle) ??
      (suggestions.length === 1 ? suggestions[0] : undefined);
    if (found === undefined) return setProblem(t('relations.not_found'));
    const lagDays = parseNumberText(lag);
    if (lagDays === null || Number.isNaN(lagDays)) return setProblem(t('validation.not_a_number'));
    const otherId = model.ids[found]!;
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

  const table = (list: typeof mine, key: 'predecessorId' | 'successorId', title: string) => (
    <section className="rel-section">
      <h3 className="panel-title">{title}</h3>
      {list.length === 0 ? (
        <p className="muted">{t('relations.none')}</p>
      ) : (
        <table className="table rel-table">
          <tbody>
            {list.map((r) => {
              const external = key === 'predecessorId' && !model.rowOf.has(r.predecessorId);
              const w = external ? externalById.get(r.predecessorId) : undefined;
              return (
                <tr
                  key={r.id}
                  className={external ? 'rel-external' : undefined}
                  data-external={external || undefined}
                >
                  <td
                    className="rel-work"
                    title={w ? `${workText(w)} — ${w.scheduleName} · ${w.versionName}` : undefined}
                  >
                    {external && <Badge tone="warn">{t('relations.external_badge')}</Badge>}
                    <span className="rel-work-name">{label(r[key])}</span>
                    {w && (
                      <span className="rel-work-where">
                        {t('relations.external_of', { schedule: w.scheduleName, version: w.versionName })}
                      </span>
                    )}
                  </td>
                  <td>
                    <select
                      className="input input-compact"
                      aria-label={t('relations.type')}
                      value={r.type}
                      disabled={readOnly}
                      onChange={(e) =>
                        update.mutate({
                          spaceId,
                          versionId,
                          relationId: r.id,
                          revision: r.revision,
                          type: e.target.value as LinkType,
                        })
                      }
                    >
                      {LINK_TYPES.map((l) => (
                        <option key={l} value={l}>
                          {l.toUpperCase()}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      className="input input-compact rel-lag"
                      aria-label={t('relations.lag')}
                      defaultValue={days(r.lagMinutes)}
                      disabled={readOnly}
                      onBlur={(e) => {
                        const value = parseNumberText(e.target.value);
                        if (value === null || Number.isNaN(value)) return;
                        const lagMinutes = daysToMinutes(value, hoursPerDay);
                        if (lagMinutes !== r.lagMinutes)
                          update.mutate({
                            spaceId,
                            versionId,
                            relationId: r.id,
                            revision: r.revision,
                            lagMinutes,
                          });
                      }}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={t('relations.remove')}
                      disabled={readOnly}
                      onClick={() => remove.mutate({ spaceId, versionId, relationId: r.id })}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );

  return (
    <div className="rel-panel" data-testid="relations-panel">
      <h2 className="panel-heading">{label(workId)}</h2>
      {table(predecessors, 'predecessorId', t('relations.predecessors'))}
      {table(successors, 'successorId', t('relations.successors'))}
      {!readOnly && (
        <form
          className="rel-add"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <h3 className="panel-title">{t('relations.add')}</h3>
          <select
            className="input input-compact"
            aria-label={t('relations.scope')}
            value={scope}
            onChange={(e) => {
              setScope(e.target.value as typeof scope);
              setPicked(null);
              setOther('');
              setProblem(null);
            }}
            data-testid="relation-scope"
          >
            <option value="here">{t('relations.scope_here')}</option>
            <option value="other">{t('relations.scope_other')}</option>
          </select>
          {scope === 'here' ? (
            <select
              className="input input-compact"
              aria-label={t('relations.side')}
              value={side}
              onChange={(e) => setSide(e.target.value as typeof side)}
            >
              <option value="predecessor">{t('relations.predecessor')}</option>
              <option value="successor">{t('relations.successor')}</option>
            </select>
          ) : (
            <p className="muted">{t('relations.external_hint')}</p>
          )}
          <input
            className="input input-compact"
            list={scope === 'here' ? 'rel-works' : undefined}
            placeholder={scope === 'here' ? t('relations.work_placeholder') : t('relations.search_other')}
            aria-label={t('relations.work')}
            value={other}
            onChange={(e) => {
              setOther(e.target.value);
              setPicked(null);
            }}
            data-testid="relation-work"
          />
          {scope === 'other' && search && !picked && (
            <ul className="rel-found" aria-label={t('relations.scope_other')} data-testid="relation-found">
              {found.data?.length === 0 && <li className="muted">{t('relations.no_matches')}</li>}
              {found.data?.map((w) => (
                <li key={w.id}>
                  <button
                    type="button"
                    className="rel-found-item"
                    onClick={() => {
                      setPicked(w);
                      setOther(workText(w));
                      setProblem(null);
                    }}
                  >
                    <span className="rel-work-name">{workText(w)}</span>
                    <span className="rel-work-where">
                      {t('relations.external_of', { schedule: w.scheduleName, version: w.versionName })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <datalist id="rel-works">
            {suggestions.map((i) => (
              <option
                key={i}
                value={`${textOf(model, model.code[i]!)} ${textOf(model, model.name[i]!)}`.trim()}
              />
            ))}
          </datalist>
          <div className="rel-add-row">
            <select
              className="input input-compact"
              aria-label={t('relations.type')}
              value={type}
              onChange={(e) => setType(e.target.value as LinkType)}
            >
              {LINK_TYPES.map((l) => (
                <option key={l} value={l}>
                  {l.toUpperCase()}
                </option>
              ))}
            </select>
            <input
              className="input input-compact rel-lag"
              aria-label={t('relations.lag_days')}
              value={lag}
              onChange={(e) => setLag(e.target.value)}
            />
            <Button type="submit" variant="primary" busy={create.isPending} data-testid="relation-add">
              {t('common.add')}
            </Button>
          </div>
          {problem && (
            <div className="field-error" role="alert">
              {problem}
            </div>
          )}
        </form>
      )}
    </div>
  );
}
