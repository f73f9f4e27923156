import { LIMITS } from '@takt/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { describeFailure } from '../../lib/errors';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, trpc } from '../../lib/trpc';
import { addDays, dayHeading, dayText, isoOf, parseAmount, quantityText, weekDays } from './format';
import './schedule-resources.css';

type Row = RouterOutputs['wdp']['list']['rows'][number];

/**
 * Daily work plans of a version (capabilities, states): a week of planned and actual volumes per work; the planning
 * status per row and for the checked rows in bulk; the volume plan of a day from the schedule; days before
 * the editing period are closed. Every change is undoable (undo_wdp).
 */
export function DailyPlanDock({
  versionId,
  readOnly,
  onSelectWork,
}: {
  versionId: string;
  readOnly: boolean;
  onSelectWork: (workId: string) => void;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const [anchor, setAnchor] = useState(() => isoOf(new Date()));
  const days = useMemo(() => weekDays(anchor), [anchor]);
  const [onlyPlanning, setOnlyPlanning] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const list = trpc.wdp.list.useQuery(
    { spaceId, versionId, from: days[0]!, to: days[6]! },
    { placeholderData: (previous) => previous },
  );
  const editable = !readOnly && can('wdp.edit');
  const revisions = useRef(new Map<string, number>());
  const refresh = () => {
    void utils.wdp.list.invalidate();
    void utils.undo.list.invalidate();
    void utils.resources.histogram.invalidate();
  };
  const planning = trpc.wdp.setPlanning.useMutation({
    onSuccess: (result) => {
      for (const r of result.rows) revisions.current.set(r.workId, r.revision);
      refresh();
    },
  });
  const planDay = trpc.wdp.volumePlanAtDay.useMutation({
    onSuccess: (r) => {
      notify(
        'success',
        [t('wdp.day_planned', { count: r.count, date: dayText(r.date) })],
        LIMITS.restoreNotificationMs,
      );
      refresh();
    },
  });
  const firstOpen = list.data?.editing.firstEditableDate ?? null;
  const closed = (day: string) => firstOpen !== null && day < firstOpen;
  const rows = (list.data?.rows ?? []).filter((r) => !onlyPlanning || r.planning);

  // Saves go one after another, each with the revision the previous one returned: typing through the cells
  // of a row never trips over its own changes.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    for (const r of list.data?.rows ?? [])
      if ((revisions.current.get(r.workId) ?? -1) < r.revision) revisions.current.set(r.workId, r.revision);
  }, [list.data]);
  const saveCell = (row: Row, date: string, field: 'planVolume' | 'factVolume', text: string) => {
    const value = parseAmount(text);
    if (value === undefined) return notify('error', [t('validation.not_a_number')]);
    const current = row.values.find((v) => v.date === date)?.[field] ?? null;
    if (value === current) return;
    queue.current = queue.current.then(async () => {
      try {
        const saved = await api.wdp.save.mutate({
          spaceId,
          versionId,
          rows: [
            {
              workId: row.workId,
              revision: revisions.current.get(row.workId) ?? row.revision,
              values: [{ date, [field]: value }],
            },
          ],
        });
        for (const r of saved.rows) revisions.current.set(r.workId, r.revision);
      } catch (error) {
        if (describeFailure(error, null).code === 'Conflict') notify('info', [t('grid.conflict_reloaded')]);
      } finally {
        refresh();
      }
    });
  };

  const toggleAll = (checked: boolean) => setPicked(checked ? new Set(rows.map((r) => r.workId)) : new Set());

  return (
    <section className="dock" aria-label={t('wdp.title')} data-testid="wdp-dock">
      <div className="dock-toolbar">
        <strong>{t('wdp.title')}</strong>
        <Button
          variant="ghost"
          aria-label={t('wdp.previous_week')}
          onClick={() => setAnchor(addDays(days[0]!, -7))}
        >
          ◀
        </Button>
        <span className="dock-range" data-testid="wdp-range">
          {dayText(days[0])} – {dayText(days[6])}
        </span>
        <Button
          variant="ghost"
          aria-label={t('wdp.next_week')}
          onClick={() => setAnchor(addDays(days[0]!, 7))}
        >
          ▶
        </Button>
        <Button variant="ghost" onClick={() => setAnchor(isoOf(new Date()))}>
          {t('gantt.today')}
        </Button>
        <label className="check">
          <input type="checkbox" checked={onlyPlanning} onChange={(e) => setOnlyPlanning(e.target.checked)} />
          <span>{t('wdp.only_planning')}</span>
        </label>
        <span className="schedule-toolbar-gap" />
        {firstOpen && <span className="muted">{t('wdp.closed_before', { date: dayText(firstOpen) })}</span>}
        <Button
          disabled={!editable || picked.size === 0}
          onClick={() =>
            planning.mutate({
              spaceId,
              versionId,
              rows: [...picked].map((workId) => ({ workId })),
              planning: true,
            })
          }
          data-testid="wdp-plan-checked"
        >
          {t('wdp.plan_rows', { count: picked.size })}
        </Button>
        <Button
          disabled={!editable || picked.size === 0}
          onClick={() =>
            planning.mutate({
              spaceId,
              versionId,
              rows: [...picked].map((workId) => ({ workId })),
              planning: false,
            })
          }
        >
          {t('wdp.unplan_rows', { count: picked.size })}
        </Button>
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <Empty>{t('wdp.empty')}</Empty>
      ) : (
        <div className="dock-body">
          <table className="table dock-table" data-testid="wdp-table">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label={t('wdp.pick_all')}
                    checked={rows.length > 0 && rows.every((r) => picked.has(r.workId))}
                    onChange={(e) => toggleAll(e.target.checked)}
                  />
                </th>
                <th>{t('wdp.planning')}</th>
                <th className="dock-work">{t('leveling.work')}</th>
                <th className="num">{t('wdp.volume')}</th>
                <th className="num">{t('wdp.done')}</th>
                {days.map((day) => {
                  const h = dayHeading(day);
                  return (
                    <th key={day} className={`dock-day${closed(day) ? ' dock-closed' : ''}`}>
                      <span>{h.weekday}</span> <span>{h.day}</span>
                      <Button
                        variant="ghost"
                        className="dock-day-fill"
                        disabled={!editable || closed(day) || planDay.isPending}
                        title={t('wdp.plan_day')}
                        aria-label={t('wdp.plan_day_at', { date: dayText(day) })}
                        onClick={() => planDay.mutate({ spaceId, versionId, date: day })}
                        data-testid="wdp-plan-day"
                      >
                        ⤓
                      </Button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.workId} data-testid="wdp-row">
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('wdp.pick_row', { name: row.name })}
                      checked={picked.has(row.workId)}
                      onChange={(e) =>
                        setPicked((p) => {
                          const next = new Set(p);
                          if (e.target.checked) next.add(row.workId);
                          else next.delete(row.workId);
                          return next;
                        })
                      }
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      role="switch"
                      className="switch"
                      aria-label={t('wdp.planning_of', { name: row.name })}
                      aria-checked={row.planning}
                      checked={row.planning}
                      disabled={!editable}
                      onChange={(e) =>
                        planning.mutate({
                          spaceId,
                          versionId,
                          rows: [
                            {
                              workId: row.workId,
                              revision: revisions.current.get(row.workId) ?? row.revision,
                            },
                          ],
                          planning: e.target.checked,
                        })
                      }
                      data-testid="wdp-planning"
                    />
                  </td>
                  <td className="dock-work">
                    <button type="button" className="link-button" onClick={() => onSelectWork(row.workId)}>
                      {row.code ? `${row.code} ` : ''}
                      {row.name}
                    </button>
                  </td>
                  <td className="num">
                    {quantityText(row.planVolume)} {row.unit ?? ''}
                  </td>
                  <td className="num">{quantityText(row.factTotal)}</td>
                  {days.map((day) => {
                    const value = row.values.find((v) => v.date === day);
                    const disabled = !editable || closed(day);
                    return (
                      <td key={day} className={`dock-cell${closed(day) ? ' dock-closed' : ''}`}>
                        <input
                          key={`plan:${value?.planVolume ?? ''}`}
                          className="input dock-input dock-plan"
                          inputMode="decimal"
                          aria-label={t('wdp.plan_at', { name: row.name, date: dayText(day) })}
                          placeholder={t('wdp.plan_short')}
                          defaultValue={quantityText(value?.planVolume)}
                          disabled={disabled}
                          onBlur={(e) => saveCell(row, day, 'planVolume', e.target.value)}
                        />
                        <input
                          key={`fact:${value?.factVolume ?? ''}`}
                          className="input dock-input dock-fact"
                          inputMode="decimal"
                          aria-label={t('wdp.fact_at', { name: row.name, date: dayText(day) })}
                          placeholder={t('wdp.fact_short')}
                          defaultValue={quantityText(value?.factVolume)}
                          disabled={disabled}
                          onBlur={(e) => saveCell(row, day, 'factVolume', e.target.value)}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
