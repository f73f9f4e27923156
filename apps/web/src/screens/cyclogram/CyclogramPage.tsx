import type { CyclogramLocationSource, CyclogramTradeSource } from '@takt/contracts';
import {
  CYCLOGRAM_PALETTE,
  type CyclogramInput,
  type CyclogramLayoutOptions,
  cyclogramAverageRate,
  type GanttLanguage,
  SCALE_LEVELS,
  type ScaleLevel,
  themeHex,
} from '@takt/gantt';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Badge, Button, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { appI18n, type Translate, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatMinutes, formatNumber, hasDate, isoToMinutes } from '../../lib/schedule-time';
import { asVersions } from '../../lib/schedule-types';
import { trpc } from '../../lib/trpc';
import { useAppState } from '../../state/app-state';
import { VersionSelect } from '../schedule/VersionSelect';
import { CyclogramCanvas, type CyclogramCommands } from './CyclogramCanvas';
import '../schedule/schedule.css';
import './cyclogram.css';

type Cyclogram = RouterOutputs['cyclogram']['get'];
type Kinds = Record<'plan' | 'approved_plan' | 'fact', boolean>;
interface Draft {
  locations?: CyclogramLocationSource;
  trades?: CyclogramTradeSource;
  bufferDays?: number;
}

/** Select values of a source: `wbs:<level>`, `attribute:<id>`, `name`. */
const sourceValue = (source: CyclogramLocationSource | CyclogramTradeSource) =>
  source.kind === 'wbs'
    ? `wbs:${source.level}`
    : source.kind === 'attribute'
      ? `attribute:${source.attributeId}`
      : 'name';

function parseSource(value: string): CyclogramTradeSource {
  const [kind, arg = ''] = value.split(':');
  if (kind === 'wbs') return { kind: 'wbs', level: Number(arg) };
  if (kind === 'attribute') return { kind: 'attribute', attributeId: arg };
  return { kind: 'name' };
}

function nowMinutes(): number {
  const now = new Date();
  return isoToMinutes(new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
}

const toDates = (dates: { start: number[]; finish: number[] }) => ({
  start: Int32Array.from(dates.start),
  finish: Int32Array.from(dates.finish),
});

/** The chart's input from the server's cyclogram: typed arrays, colours from cyclogram/color. */
function chartInput(data: Cyclogram): CyclogramInput {
  return {
    locations: data.locations,
    trades: data.trades.map((trade) => ({
      id: trade.key,
      name: trade.key,
      color: trade.color ?? undefined,
      plan: toDates(trade.plan),
      approved_plan: trade.approved_plan ? toDates(trade.approved_plan) : undefined,
      fact: trade.fact ? toDates(trade.fact) : undefined,
    })),
  };
}

function SourceSelect({
  label,
  value,
  levels,
  attributes,
  withNames,
  onChange,
  t,
  testId,
}: {
  label: string;
  value: string;
  levels: number;
  attributes: { id: string; name: string }[];
  withNames: boolean;
  onChange: (value: string) => void;
  t: Translate;
  testId: string;
}) {
  return (
    <label className="cyclogram-field">
      <span>{label}</span>
      <select
        className="input input-compact"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {withNames && <option value="name">{t('cyclogram.source.name')}</option>}
        {Array.from({ length: Math.max(1, levels) }, (_, i) => i + 1).map((level) => (
          <option key={level} value={`wbs:${level}`}>
            {t('cyclogram.source.wbs', { level })}
          </option>
        ))}
        {attributes.map((a) => (
          <option key={a.id} value={`attribute:${a.id}`}>
            {t('cyclogram.source.attribute', { name: a.name })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Line-of-balance screen `/{space}/schedule/{id}/cyclogram` (screens and routes, issue 5). */
export function CyclogramPage({ params }: { params: { id: string } }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const scheduleId = params.id;
  const utils = trpc.useUtils();
  const dark = useAppState((s) => s.darkTheme);
  const [search, setSearch] = useSearchParams();
  const node = trpc.eps.get.useQuery({ spaceId, nodeId: scheduleId });
  const versions = trpc.versions.list.useQuery({ spaceId, scheduleId });
  const versionList = asVersions(versions.data);
  const versionId =
    search.get('version') ?? versionList.find((v) => v.actual)?.id ?? versionList[0]?.id ?? undefined;
  const [draft, setDraft] = useState<Draft>({});
  const query = trpc.cyclogram.get.useQuery(
    { spaceId, versionId: versionId ?? '', ...draft },
    { enabled: !!versionId, placeholderData: keepPreviousData },
  );
  const data = query.data;
  const save = trpc.cyclogram.save.useMutation({
    onSuccess: (saved) => {
      setDraft({});
      utils.cyclogram.get.setData({ spaceId, versionId: versionId ?? '' }, saved);
      notify('success', [t('cyclogram.saved')]);
    },
  });
  const setColor = trpc.cyclogram.setColor.useMutation({
    onSuccess: () => void utils.cyclogram.get.invalidate(),
  });
  const [kinds, setKinds] = useState<Kinds>({ plan: true, approved_plan: true, fact: true });
  const [level, setLevel] = useState<ScaleLevel | null>(null);
  const [selectedClash, setSelectedClash] = useState<number | null>(null);
  const commands = useRef<CyclogramCommands | null>(null);
  const today = useMemo(() => nowMinutes(), []);
  const input = useMemo(() => (data ? chartInput(data) : null), [data]);
  const bufferDays = draft.bufferDays ?? data?.settings.bufferDays ?? 0;
  const options = useMemo<CyclogramLayoutOptions>(
    () => ({
      kinds,
      bufferMinutes: bufferDays * 1440,
      today,
      dataDate: data && hasDate(data.dataDate) ? data.dataDate : undefined,
    }),
    [kinds, bufferDays, today, data],
  );
  const onLevel = useCallback((next: ScaleLevel) => setLevel(next), []);
  const language = (appI18n.locale === 'ru' ? 'ru' : 'en') as GanttLanguage;
  const editable = can('schedule.edit');

  if (node.isError || versions.isError) return null;
  const settings = data?.settings;
  const changed = Object.keys(draft).length > 0;
  const colorOf = (index: number) =>
    data?.trades[index]?.color ?? CYCLOGRAM_PALETTE[index % CYCLOGRAM_PALETTE.length]!;
  const tradeName = (index: number) => data?.trades[index]?.key ?? '';

  return (
    <div className="schedule cyclogram" data-testid="cyclogram-page">
      <header className="schedule-header">
        <div className="schedule-title">
          <Link href={`/schedule/${scheduleId}`} className="schedule-crumb">
            {node.data?.name ?? t('cyclogram.back')}
          </Link>
          <h1 className="page-title">{t('screen.cyclogram')}</h1>
          {versionId && (
            <VersionSelect
              versions={versionList}
              value={versionId}
              onChange={(id) => setSearch({ version: id }, { replace: true })}
            />
          )}
          {data && (
            <Badge>
              <span data-testid="cyclogram-counts">
                {t('cyclogram.locations_count', { count: data.locations.length, trades: data.trades.length })}
              </span>
            </Badge>
          )}
        </div>
        <p className="cyclogram-subtitle">{t('cyclogram.subtitle')}</p>
      </header>
      <div className="schedule-toolbar cyclogram-toolbar" role="toolbar" aria-label={t('screen.cyclogram')}>
        {settings && data && (
          <>
            <SourceSelect
              label={t('cyclogram.locations')}
              value={sourceValue(draft.locations ?? settings.locations)}
              levels={data.levels}
              attributes={data.attributes}
              withNames={false}
              onChange={(value) =>
                setDraft((d) => ({ ...d, locations: parseSource(value) as CyclogramLocationSource }))
              }
              t={t}
              testId="cyclogram-locations"
            />
            <SourceSelect
              label={t('cyclogram.trades')}
              value={sourceValue(draft.trades ?? settings.trades)}
              levels={data.levels}
              attributes={data.attributes}
              withNames
              onChange={(value) => setDraft((d) => ({ ...d, trades: parseSource(value) }))}
              t={t}
              testId="cyclogram-trades"
            />
            <label className="cyclogram-field">
              <span>{t('cyclogram.buffer')}</span>
              <input
                className="input input-compact cyclogram-buffer"
                type="number"
                min={0}
                max={365}
                step={1}
                value={bufferDays}
                onChange={(e) =>
                  setDraft((d) => ({
                    ...d,
                    bufferDays: Math.min(365, Math.max(0, Math.round(Number(e.target.value) || 0))),
                  }))
                }
                data-testid="cyclogram-buffer"
              />
            </label>
            <Button
              disabled={!changed}
              busy={save.isPending}
              onClick={() =>
                versionId &&
                save.mutate({
                  spaceId,
                  versionId,
                  locations: draft.locations ?? settings.locations,
                  trades: draft.trades ?? settings.trades,
                  bufferDays,
                  revision: settings.revision,
                })
              }
            >
              {t('cyclogram.save')}
            </Button>
          </>
        )}
        <span className="schedule-toolbar-gap" />
        {(['plan', 'approved_plan', 'fact'] as const).map((kind) => (
          <label key={kind} className="cyclogram-kind">
            <input
              type="checkbox"
              checked={kinds[kind]}
              onChange={(e) => setKinds((k) => ({ ...k, [kind]: e.target.checked }))}
            />
            {t(`cyclogram.kind.${kind}`)}
          </label>
        ))}
        <fieldset className="cyclogram-scales" aria-label={t('cyclogram.fit')}>
          {SCALE_LEVELS.map((l) => (
            <Button
              key={l}
              variant={level === l ? 'primary' : 'ghost'}
              aria-pressed={level === l}
              onClick={() => commands.current?.zoomToLevel(l)}
            >
              {t(`cyclogram.scale.${l}`)}
            </Button>
          ))}
        </fieldset>
        <Button
          variant="ghost"
          aria-label={t('cyclogram.zoom_out')}
          onClick={() => commands.current?.zoomBy(1 / 1.5)}
        >
          −
        </Button>
        <Button
          variant="ghost"
          aria-label={t('cyclogram.zoom_in')}
          onClick={() => commands.current?.zoomBy(1.5)}
        >
          +
        </Button>
        <Button variant="ghost" onClick={() => commands.current?.fit()}>
          {t('cyclogram.fit')}
        </Button>
        <Button variant="ghost" onClick={() => commands.current?.today()}>
          {t('cyclogram.today')}
        </Button>
      </div>
      <div className="cyclogram-body">
        <div className="cyclogram-chart">
          {!input ? (
            <Spinner />
          ) : input.locations.length === 0 || input.trades.length === 0 ? (
            <Empty>{t('cyclogram.empty')}</Empty>
          ) : (
            <CyclogramCanvas
              input={input}
              version={query.dataUpdatedAt}
              options={options}
              language={language}
              dark={dark}
              today={today}
              commands={commands}
              onLevel={onLevel}
            />
          )}
        </div>
        {data && input && (
          <aside className="cyclogram-side">
            <section aria-labelledby="cyclogram-legend">
              <h2 id="cyclogram-legend" className="cyclogram-side-title">
                {t('cyclogram.legend')}
              </h2>
              <div className="cyclogram-kinds-legend">
                {(['plan', 'approved_plan', 'fact'] as const).map((kind) => (
                  <span key={kind} className="cyclogram-kind-sample">
                    <svg width="28" height="10" aria-hidden="true">
                      <line
                        x1="0"
                        y1="5"
                        x2="28"
                        y2="5"
                        className={`cyclogram-sample-${kind}`}
                        stroke="currentColor"
                      />
                    </svg>
                    {t(`cyclogram.kind.${kind}`)}
                  </span>
                ))}
                <span className="cyclogram-kind-sample">
                  <span className="cyclogram-clash-dot" aria-hidden="true" />
                  {t('cyclogram.clashes')}
                </span>
              </div>
              <ul className="cyclogram-trades" data-testid="cyclogram-legend">
                {data.trades.map((trade, index) => {
                  const rate = cyclogramAverageRate(input.trades[index]!, 'plan');
                  return (
                    <li key={trade.key} className="cyclogram-trade">
                      <input
                        type="color"
                        className="cyclogram-swatch"
                        value={themeHex(colorOf(index))}
                        disabled={!editable || setColor.isPending}
                        aria-label={t('cyclogram.color', { trade: trade.key })}
                        onChange={(e) =>
                          versionId &&
                          setColor.mutate({
                            spaceId,
                            versionId,
                            trade: trade.key,
                            color: Number.parseInt(e.target.value.slice(1), 16),
                          })
                        }
                      />
                      <span className="cyclogram-trade-name" title={trade.key}>
                        {trade.key}
                      </span>
                      {Number.isFinite(rate) && (
                        <span className="cyclogram-rate">
                          {t('cyclogram.rate', { rate: formatNumber(rate, appI18n.locale, 2) })}
                        </span>
                      )}
                      {trade.color !== null && editable && (
                        <button
                          type="button"
                          className="icon-btn cyclogram-reset"
                          title={t('cyclogram.color_reset')}
                          aria-label={t('cyclogram.color_reset')}
                          onClick={() =>
                            versionId &&
                            setColor.mutate({ spaceId, versionId, trade: trade.key, color: null })
                          }
                        >
                          ×
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
            <section aria-labelledby="cyclogram-clashes">
              <h2 id="cyclogram-clashes" className="cyclogram-side-title">
                {t('cyclogram.clashes')}{' '}
                <Badge tone={data.clashCount ? 'warn' : 'neutral'}>{data.clashCount}</Badge>
              </h2>
              {data.clashes.length === 0 ? (
                <p className="cyclogram-muted">{t('cyclogram.no_clashes')}</p>
              ) : (
                <ul className="cyclogram-clashes" data-testid="cyclogram-clashes">
                  {data.clashes.map((clash, index) => (
                    <li key={`${clash.leader}-${clash.follower}-${clash.location}`}>
                      <button
                        type="button"
                        className={`cyclogram-clash${selectedClash === index ? ' cyclogram-clash-active' : ''}`}
                        onClick={() => {
                          setSelectedClash(index);
                          commands.current?.focus(clash.time, clash.position);
                        }}
                      >
                        <span className="cyclogram-clash-dot" aria-hidden="true" />
                        <span>
                          {t(`cyclogram.clash.${clash.kind}`, {
                            follower: tradeName(clash.follower),
                            leader: tradeName(clash.leader),
                          })}
                          <span className="cyclogram-muted">
                            {t('cyclogram.clash.where', {
                              location: data.locations[clash.location] ?? '',
                              date: formatMinutes(Math.round(clash.time)),
                            })}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {data.clashCount > data.clashes.length && (
                <p className="cyclogram-muted" data-testid="cyclogram-more-clashes">
                  {t('cyclogram.more_clashes', { count: data.clashCount - data.clashes.length })}
                </p>
              )}
            </section>
          </aside>
        )}
      </div>
    </div>
  );
}
