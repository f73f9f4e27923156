import {
  DISTRIBUTION_MODES,
  LIMITS,
  RESERVED_ALLOCATION_MODES,
  type ReservedAllocationMode,
} from '@takt/contracts';
import { useState } from 'react';
import { Badge, Button, Empty } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { describeFailure } from '../../lib/errors';
import { translateDynamic, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, trpc } from '../../lib/trpc';
import { parseAmount, quantityText } from './format';
import { ResourceSettingsDialog } from './ResourceSettingsDialog';
import './schedule-resources.css';

type Assignment = RouterOutputs['assignments']['list'][number];
type Patch = Partial<
  Pick<
    Assignment,
    | 'planQuantity'
    | 'approvedQuantity'
    | 'factQuantity'
    | 'distribution'
    | 'reserved'
    | 'lagMinutes'
    | 'windowMinutes'
    | 'followsId'
    | 'period'
  >
>;

/**
 * Assignments of the work under the cursor (API assignment): resources with planned, approved and
 * actual quantities, the distribution mode and the reserved allocation mode with its parameters; a resource
 * assigned to every checked work at once; and the version's resource actions (costs, remaining durations by
 * intensity, settings).
 */
export function AssignmentsPanel({
  versionId,
  workId,
  workLabel,
  checkedIds,
  readOnly,
  hoursPerDay,
  onChanged,
}: {
  versionId: string;
  workId: string | undefined;
  workLabel: string;
  checkedIds: readonly string[];
  readOnly: boolean;
  hoursPerDay: number;
  onChanged: () => void;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const resources = trpc.resources.list.useQuery({ spaceId });
  const list = trpc.assignments.list.useQuery({ spaceId, versionId, workId }, { enabled: !!workId });
  const [resourceId, setResourceId] = useState('');
  const [quantity, setQuantity] = useState('');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const refresh = () => {
    void utils.assignments.list.invalidate();
    void utils.resources.histogram.invalidate();
    void utils.resources.list.invalidate();
    onChanged();
  };
  const create = trpc.assignments.create.useMutation({ onSuccess: refresh });
  const remove = trpc.assignments.delete.useMutation({ onSuccess: refresh });
  const assign = trpc.assignments.assign.useMutation({
    onSuccess: (result) => {
      const total = result.assigned + result.skipped;
      if (result.status === 'success')
        notify(
          'success',
          [t('assignment.success', { name: result.resourceName, count: result.assigned })],
          LIMITS.restoreNotificationMs,
        );
      else
        notify(
          'info',
          [
            t('assignment.warning', {
              name: result.resourceName,
              assigned: result.assigned,
              total,
              skipped: result.skipped,
            }),
          ],
          LIMITS.restoreNotificationMs,
        );
      refresh();
    },
  });
  const costs = trpc.resources.updateCosts.useMutation({
    onSuccess: (r) =>
      notify('success', [
        t('costs.success', {
          count: r.count,
          plan: quantityText(r.planTotal, 2),
          fact: quantityText(r.factTotal, 2),
        }),
      ]),
  });
  const scenario = trpc.resources.applyScenario.useMutation({
    onSuccess: (r) => {
      notify(r.skipped.length ? 'info' : 'success', [
        t('scenario.applied', { scenario: r.scenario, count: r.count }),
        ...r.skipped.slice(0, 3).map((s) =>
          t('scenario.skipped', {
            work: s.label,
            reason:
              s.reason === 'no_plan'
                ? t(`scenario.reason.no_plan_${r.scenario as 6 | 9 | 12}`)
                : s.reason === 'invalid'
                  ? (s.detail ?? '')
                  : t(`scenario.reason.${s.reason}`),
          }),
        ),
        ...(r.skipped.length > 3 ? [t('histogram.over_more', { count: r.skipped.length - 3 })] : []),
      ]);
      // New durations move the works' dates, so the histogram under the Gantt changes too.
      void utils.resources.histogram.invalidate();
      onChanged();
    },
  });
  const remains = trpc.resources.remainsByIntensity.useMutation({
    onSuccess: (r) => {
      notify('success', [t('remains.done', { count: r.count })]);
      void utils.resources.histogram.invalidate();
      onChanged();
    },
  });

  const save = async (a: Assignment, patch: Patch) => {
    try {
      await api.assignments.update.mutate(
        { spaceId, versionId, assignmentId: a.id, revision: a.revision, ...patch },
        { context: { showsIssues: true } },
      );
      refresh();
    } catch (error) {
      const failure = describeFailure(error, null);
      if (failure.code === 'Conflict') notify('info', [t('grid.conflict_reloaded')]);
      else {
        const issue = failure.issues[0];
        notify('error', [
          issue ? translateDynamic(issue.message, issue.params) : (failure.messages[0] ?? ''),
        ]);
      }
      void utils.assignments.list.invalidate();
    }
  };

  const rows = list.data ?? [];
  const directory = resources.data ?? [];
  const free = directory.filter((r) => !rows.some((a) => a.resourceId === r.id));
  const days = (minutes: number | null) =>
    minutes === null ? '' : quantityText(minutes / 60 / hoursPerDay, 2);
  const minutesOf = (text: string) => {
    const value = Number(text.replace(',', '.'));
    return text.trim() === '' || !Number.isFinite(value) ? null : Math.round(value * 60 * hoursPerDay);
  };
  const amountOf = (text: string, current: number | null, nullable: boolean) => {
    const value = parseAmount(text);
    if (value === undefined) {
      notify('error', [t('validation.not_a_number')]);
      return undefined;
    }
    if (value === null && !nullable) return 0;
    return value === current ? undefined : value;
  };

  return (
    <div className="assignments-panel" data-testid="assignments-panel">
      <h3 className="panel-heading">{t('assignment.title')}</h3>
      {!workId ? (
        <Empty>{t('relations.pick_work')}</Empty>
      ) : (
        <>
          <p className="muted">{workLabel}</p>
          {rows.length === 0 ? (
            <p className="muted">{t('assignment.none')}</p>
          ) : (
            <ul className="assignment-list">
              {rows.map((a) => (
                <li key={`${a.id}:${a.revision}`} className="assignment-item" data-testid="assignment">
                  <div className="panel-row">
                    <span>
                      <strong>
                        {a.resourceCode ? `${a.resourceCode} ${a.resourceName}` : a.resourceName}
                      </strong>{' '}
                      <Badge>{t(`resources.kind.${a.kind}`)}</Badge>
                    </span>
                    <Button
                      variant="ghost"
                      disabled={readOnly}
                      aria-label={t('common.delete')}
                      onClick={() => remove.mutate({ spaceId, versionId, assignmentId: a.id })}
                    >
                      ×
                    </Button>
                  </div>
                  <div className="assignment-fields">
                    {(['planQuantity', 'approvedQuantity', 'factQuantity'] as const).map((field) => (
                      <label key={field}>
                        <span>{t(`assignment.${field}`)}</span>
                        <input
                          className="input input-compact"
                          inputMode="decimal"
                          disabled={readOnly}
                          defaultValue={quantityText(a[field])}
                          placeholder={a.unit ?? ''}
                          data-testid={`assignment-${field}`}
                          onBlur={(e) => {
                            const value = amountOf(e.target.value, a[field], field !== 'planQuantity');
                            if (value !== undefined) void save(a, { [field]: value });
                          }}
                        />
                      </label>
                    ))}
                    <label>
                      <span>{t('assignment.distribution')}</span>
                      <select
                        className="input input-compact"
                        disabled={readOnly}
                        value={a.distribution}
                        onChange={(e) =>
                          void save(a, { distribution: e.target.value as Assignment['distribution'] })
                        }
                      >
                        {DISTRIBUTION_MODES.map((m) => (
                          <option key={m} value={m}>
                            {t(`assignment.distribution.${m}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label>
                      <span>{t('assignment.reserved')}</span>
                      <select
                        className="input input-compact"
                        disabled={readOnly}
                        value={a.reserved ?? ''}
                        data-testid="assignment-reserved"
                        onChange={(e) => {
                          const reserved = (e.target.value || null) as ReservedAllocationMode | null;
                          const patch: Patch = { reserved };
                          if (reserved === 'by_lag' && a.lagMinutes === null) patch.lagMinutes = 0;
                          if (reserved === 'by_period' && !a.period) patch.period = 'month';
                          if (reserved === 'by_volume') {
                            const volume = rows.find((o) => o.kind === 'volume' && o.id !== a.id);
                            if (!volume) return notify('error', [t('resources.validation.follows_required')]);
                            patch.followsId = volume.id;
                          }
                          void save(a, patch);
                        }}
                      >
                        <option value="">{t('assignment.reserved.none')}</option>
                        {RESERVED_ALLOCATION_MODES.map((m) => (
                          <option key={m} value={m}>
                            {t(`assignment.reserved.${m}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                    {a.reserved === 'by_lag' && (
                      <>
                        <label>
                          <span>{t('assignment.lag_days')}</span>
                          <input
                            className="input input-compact"
                            disabled={readOnly}
                            defaultValue={days(a.lagMinutes)}
                            onBlur={(e) => void save(a, { lagMinutes: minutesOf(e.target.value) ?? 0 })}
                          />
                        </label>
                        <label>
                          <span>{t('assignment.window_days')}</span>
                          <input
                            className="input input-compact"
                            disabled={readOnly}
                            defaultValue={days(a.windowMinutes)}
                            placeholder={t('assignment.to_finish')}
                            onBlur={(e) => void save(a, { windowMinutes: minutesOf(e.target.value) })}
                          />
                        </label>
                      </>
                    )}
                    {a.reserved === 'by_volume' && (
                      <label>
                        <span>{t('assignment.follows')}</span>
                        <select
                          className="input input-compact"
                          disabled={readOnly}
                          value={a.followsId ?? ''}
                          onChange={(e) => void save(a, { followsId: e.target.value })}
                        >
                          {rows
                            .filter((o) => o.id !== a.id && o.reserved !== 'by_volume')
                            .map((o) => (
                              <option key={o.id} value={o.id}>
                                {o.resourceName}
                              </option>
                            ))}
                        </select>
                      </label>
                    )}
                    {a.reserved === 'by_date' && (
                      <p className="muted assignment-note">{t('assignment.by_date_note')}</p>
                    )}
                    {a.reserved === 'by_fact' && (
                      <p className="muted assignment-note">{t('assignment.by_fact_note')}</p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {!readOnly && (
            <div className="assignment-add">
              <select
                className="input input-compact"
                aria-label={t('assignment.resource')}
                value={resourceId}
                onChange={(e) => setResourceId(e.target.value)}
                data-testid="assignment-resource"
              >
                <option value="">{t('assignment.pick_resource')}</option>
                {free.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.code ? `${r.code} ${r.name}` : r.name}
                    {r.unit ? `, ${r.unit}` : ''}
                  </option>
                ))}
              </select>
              <input
                className="input input-compact"
                inputMode="decimal"
                aria-label={t('assignment.planQuantity')}
                placeholder={t('assignment.planQuantity')}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                data-testid="assignment-quantity"
              />
              <Button
                variant="primary"
                disabled={!resourceId}
                busy={create.isPending}
                data-testid="assignment-add"
                onClick={() => {
                  const planQuantity = parseAmount(quantity);
                  if (planQuantity === undefined) return notify('error', [t('validation.not_a_number')]);
                  create.mutate(
                    { spaceId, versionId, workId, resourceId, planQuantity: planQuantity ?? 0 },
                    {
                      onSuccess: () => {
                        setResourceId('');
                        setQuantity('');
                      },
                    },
                  );
                }}
              >
                {t('common.add')}
              </Button>
            </div>
          )}
        </>
      )}
      {!readOnly && (
        <div className="assignment-bulk">
          <Button
            disabled={!resourceId || checkedIds.length === 0}
            busy={assign.isPending}
            onClick={() => {
              const planQuantity = parseAmount(quantity);
              assign.mutate({
                spaceId,
                versionId,
                resourceId,
                workIds: [...checkedIds],
                ...(planQuantity ? { planQuantity } : {}),
              });
            }}
            data-testid="assign-checked"
          >
            {t('assignment.assign_checked', { count: checkedIds.length })}
          </Button>
        </div>
      )}
      <h4 className="panel-title">{t('assignment.version_actions')}</h4>
      <div className="assignment-actions">
        <Button
          disabled={readOnly}
          busy={costs.isPending}
          onClick={() => costs.mutate({ spaceId, versionId })}
          data-testid="update-costs"
        >
          {t('costs.update')}
        </Button>
        <Button
          disabled={readOnly}
          busy={scenario.isPending}
          onClick={() => scenario.mutate({ spaceId, versionId })}
          data-testid="apply-scenario"
        >
          {t('scenario.apply')}
        </Button>
        <Button
          disabled={readOnly}
          busy={remains.isPending}
          onClick={() => remains.mutate({ spaceId, versionId })}
        >
          {t('remains.run')}
        </Button>
        <Button
          disabled={!can('schedule.view')}
          onClick={() => setSettingsOpen(true)}
          data-testid="resource-settings"
        >
          {t('resource_settings.open')}
        </Button>
      </div>
      {settingsOpen && (
        <ResourceSettingsDialog
          versionId={versionId}
          readOnly={readOnly}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </div>
  );
}
