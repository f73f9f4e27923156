import {
  type BuiltInCurve,
  CURVE_POINTS,
  CURVE_WORK_TYPES,
  type CurveRef,
  type CurveSettings,
  LIMITS,
} from '@takt/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import type { Choice } from '../../components/compact-select';
import { FormDialog } from '../../components/dialog';
import { Button, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type Translate, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { chartColors, EChart } from './echart';
import { num } from './scope';

type Curve = RouterOutputs['analytics']['curves']['list']['curves'][number];

/** A curve's name: a built-in one's in the reader's language, a space's own as it was given. */
const curveName = (curve: Curve, t: Translate) =>
  curve.builtIn ? t(`analytics.curve.${curve.id as BuiltInCurve}`) : (curve.name ?? '');

/**
 * The choices of a curve picker (docs/product-rules.md, "Analytics", "Curves"): the space's settings
 * (value ''), then the built-in curves and the space's own.
 */
export function useCurveChoices(): Choice[] {
  const t = useT();
  const { spaceId } = useSpace();
  const list = trpc.analytics.curves.list.useQuery({ spaceId });
  return useMemo(
    () => [
      { value: '', label: t('analytics.curve.space') },
      ...(list.data?.curves ?? []).map((c) => ({ value: c.id, label: curveName(c, t) })),
    ],
    [list.data, t],
  );
}

/** A picker's value as a curve: '' is none (the space's settings). */
export const curveOfChoice = (value: string): CurveRef | undefined => (value ? value : undefined);

/** The labels of the 21 values: 0 %, 5 %, … 100 % of the span. */
const AT = Array.from({ length: CURVE_POINTS }, (_, i) => `${i * 5} %`);

/** A curve drawn: each value as a bar, their running total as a line (right axis), both in % of the whole. */
function previewOption(points: readonly number[], t: Translate): EChartsCoreOption {
  const colors = chartColors();
  const sum = points.reduce((a, p) => a + p, 0) || 1;
  let total = 0;
  const cumulative = points.map((p) => {
    total += (p / sum) * 100;
    return Math.round(total * 100) / 100;
  });
  const axis = {
    axisLabel: { color: colors.text },
    axisLine: { lineStyle: { color: colors.grid } },
    splitLine: { lineStyle: { color: colors.grid } },
  };
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => num(v) },
    legend: { bottom: 0, textStyle: { color: colors.text } },
    grid: { left: 40, right: 44, top: 12, bottom: 48 },
    xAxis: { type: 'category', data: AT, ...axis },
    yAxis: [
      { type: 'value', ...axis },
      { type: 'value', max: 100, ...axis, splitLine: { show: false } },
    ],
    series: [
      {
        name: t('analytics.curves.share'),
        type: 'bar',
        data: points.map((p) => Math.round((p / sum) * 10_000) / 100),
        itemStyle: { color: colors.plan, opacity: 0.5 },
        barMaxWidth: 14,
      },
      {
        name: t('analytics.curves.cumulative'),
        type: 'line',
        yAxisIndex: 1,
        data: cumulative,
        showSymbol: false,
        lineStyle: { color: colors.plan, width: 2 },
        itemStyle: { color: colors.plan },
      },
    ],
  };
}

/** What the editor holds: a curve being looked at or edited (`id` null: a new one). */
interface Draft {
  id: string | null;
  builtIn: boolean;
  name: string;
  values: string[];
  revision: number | null;
}

const draftOf = (curve: Curve, t: Translate): Draft => ({
  id: curve.id,
  builtIn: curve.builtIn,
  name: curveName(curve, t),
  values: curve.points.map((p) => String(p)),
  revision: curve.revision,
});

/** A typed value as a number (a comma as the decimal sign too); NaN when it is none. */
const parsed = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

/**
 * The distribution curves of a space, for whoever manages analytics: which curves the space's plans
 * follow (every work, tasks, works), and the curves — the built-in ones to look at and copy, the space's
 * own to edit (21 values with a preview of the shares and their running total), make and delete.
 */
export function CurvesDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.analytics.curves.list.useQuery({ spaceId });
  const [draft, setDraft] = useState<Draft | null>(null);
  const curves = list.data?.curves ?? [];
  const current = draft ?? (curves[0] ? draftOf(curves[0], t) : null);
  const refresh = async () => {
    await utils.analytics.curves.list.invalidate({ spaceId });
    // The S-curves that follow the settings are figured anew.
    await utils.analytics.series.invalidate();
  };
  const onError = (e: { message: string }) => notify('error', [e.message]);
  const save = trpc.analytics.curves.save.useMutation({
    onSuccess: async (curve) => {
      await refresh();
      setDraft(draftOf(curve, t));
    },
    onError,
  });
  const remove = trpc.analytics.curves.delete.useMutation({
    onSuccess: async () => {
      await refresh();
      setDraft(null);
    },
    onError,
  });
  const settings = trpc.analytics.settings.save.useMutation({ onSuccess: refresh, onError });
  const numbers = current?.values.map(parsed) ?? [];
  const valid = numbers.every((n) => Number.isFinite(n) && n >= 0) && numbers.some((n) => n > 0);
  // Drawn again only when a value changes, not at every keystroke elsewhere.
  const joined = valid ? numbers.join('|') : '';
  const option = useMemo(
    () => (joined ? previewOption(joined.split('|').map(Number), t) : null),
    [joined, t],
  );
  const setSetting = (field: keyof CurveSettings, value: string) => {
    if (!list.data) return;
    const next = { ...list.data.settings, [field]: field === 'defaultCurve' ? value : value || null };
    settings.mutate({ spaceId, ...next });
  };
  const choices = curves.map((c) => ({ value: c.id, label: curveName(c, t) }));
  const submit = () => {
    if (!current || current.builtIn || !valid) return;
    save.mutate({
      spaceId,
      curveId: current.id ?? undefined,
      revision: current.revision ?? undefined,
      name: current.name,
      points: numbers,
    });
  };
  return (
    <FormDialog title={t('analytics.curves.title')} wide onClose={onClose} testId="curves-dialog">
      {list.data && (
        <fieldset className="curves-settings" data-testid="curves-settings">
          <legend>{t('analytics.curves.settings')}</legend>
          <SelectField
            label={t('analytics.curves.default')}
            value={list.data.settings.defaultCurve}
            onChange={(v) => setSetting('defaultCurve', v)}
            options={choices}
            data-testid="curves-default"
          />
          {CURVE_WORK_TYPES.map((type) => (
            <SelectField
              key={type}
              label={t('analytics.curves.for_type', { type: t(`work_type.${type}`) })}
              value={list.data.settings[type] ?? ''}
              onChange={(v) => setSetting(type, v)}
              options={[{ value: '', label: t('analytics.curves.as_default') }, ...choices]}
            />
          ))}
        </fieldset>
      )}
      <div className="curves-body">
        <div className="curves-list">
          <ul aria-label={t('analytics.curves')} data-testid="curves-list">
            {curves.map((curve) => (
              <li key={curve.id}>
                <button
                  type="button"
                  className={`curves-item${current?.id === curve.id ? ' curves-item-current' : ''}`}
                  aria-current={current?.id === curve.id || undefined}
                  onClick={() => setDraft(draftOf(curve, t))}
                >
                  {curveName(curve, t)}
                  {curve.builtIn && <span className="curves-tag">{t('analytics.curves.built_in')}</span>}
                </button>
              </li>
            ))}
          </ul>
          <Button
            onClick={() =>
              setDraft({
                id: null,
                builtIn: false,
                name: t('analytics.curves.new'),
                values: Array.from({ length: CURVE_POINTS }, (_, i) => (i === 0 ? '0' : '5')),
                revision: null,
              })
            }
            data-testid="curves-new"
          >
            {t('analytics.curves.new')}
          </Button>
        </div>
        {current && (
          <div className="curves-editor" data-testid="curves-editor">
            <TextField
              label={t('analytics.curves.name')}
              value={current.name}
              onChange={(name) => setDraft({ ...current, name })}
              maxLength={LIMITS.textMaxLength}
              readOnly={current.builtIn}
            />
            <p className="analytics-note">
              {current.builtIn ? t('analytics.curves.read_only') : t('analytics.curves.explain')}
            </p>
            <div className="curves-points">
              {current.values.map((value, i) => (
                <label key={AT[i]} className="curves-point">
                  <span>{i === 0 ? t('analytics.curves.start') : AT[i]}</span>
                  <input
                    className="input input-compact"
                    aria-invalid={!(Number.isFinite(numbers[i]) && numbers[i]! >= 0) || undefined}
                    inputMode="decimal"
                    value={value}
                    readOnly={current.builtIn}
                    aria-label={t('analytics.curves.at', { percent: i * 5 })}
                    onChange={(e) => {
                      const values = [...current.values];
                      values[i] = e.target.value;
                      setDraft({ ...current, values });
                    }}
                  />
                </label>
              ))}
            </div>
            <p className="analytics-note" data-testid="curves-total">
              {t('analytics.curves.total', {
                total: num(
                  Math.round(numbers.reduce((a, n) => a + (Number.isFinite(n) ? n : 0), 0) * 100) / 100,
                ),
              })}
            </p>
            {option && <EChart option={option} height={200} label={current.name} testId="curves-preview" />}
            <div className="curves-actions">
              {!current.builtIn && (
                <Button
                  variant="primary"
                  onClick={submit}
                  disabled={!valid}
                  busy={save.isPending}
                  data-testid="curves-save"
                >
                  {t('common.save')}
                </Button>
              )}
              {current.id !== null && (
                <Button
                  onClick={() =>
                    setDraft({
                      ...current,
                      id: null,
                      builtIn: false,
                      revision: null,
                      name: `${current.name} 2`.slice(0, LIMITS.textMaxLength),
                    })
                  }
                >
                  {t('analytics.curves.copy')}
                </Button>
              )}
              {current.id !== null && !current.builtIn && (
                <Button
                  variant="danger"
                  onClick={() => remove.mutate({ spaceId, curveId: current.id! })}
                  busy={remove.isPending}
                >
                  {t('analytics.curves.delete')}
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
    </FormDialog>
  );
}
