import {
  DEFAULT_PRINT_COLUMNS,
  DEFAULT_PRINT_KINDS,
  LIMITS,
  type PlanKindFlags,
  PRINT_COLUMNS,
  type PrintColumn,
  type PrintScalingInput,
  printedColumns,
} from '@takt/contracts';
import type { Calendar } from '@takt/engine';
import { dateFormat, type GanttLanguage, MINUTES_PER_DAY, type PrintSheetInput } from '@takt/gantt';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { confirmed } from '../../components/confirm';
import { Button, Checkbox, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { ScheduleModel } from '../../lib/columnar';
import { handleFailure } from '../../lib/error-handler';
import { describeFailure, restFailure } from '../../lib/errors';
import { appI18n, translateDynamic, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatIsoDay, formatNumber, hasDate, isoToMinutes, parseDateText } from '../../lib/schedule-time';
import { requestHeaders, trpc } from '../../lib/trpc';
import { ganttSnapshotFromModel } from '../schedule/gantt/snapshot';
import type { PlanDetails } from '../schedule/plan-details';
import { type Preset, PresetDialog } from './PresetDialog';
import { drawPreviewPage } from './preview-canvas';
import '../../components/dialog.css';
import './print.css';

const BUILTIN = '';
/** The server's built-in format (print presets' DEFAULT_PRINT_PRESET), previewed when no preset is chosen. */
const BUILTIN_PRESET = {
  name: 'A3',
  sheetHeightMm: 297,
  sheetWidthMm: 420,
  marginMm: 10,
  titles: {
    firstHeader: { left: '{project} / {schedule}', center: '', right: '{version}, {date}' },
    header: { left: '{schedule}', center: '', right: '' },
    footer: { left: '', center: '', right: '{page} / {pages}' },
    lastFooter: { left: '', center: '', right: '' },
    textSize: 9,
    dynamicValues: true,
  },
};

interface Draft {
  presetId: string | null;
  scaling: PrintScalingInput;
  columns: PrintColumn[];
  kinds: PlanKindFlags;
}

function nowMinutes(): number {
  const now = new Date();
  return isoToMinutes(new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
}

/** POSTs a print call of the REST table and returns the PDF; failures go through the app's error handling. */
async function fetchPdf(path: string, body: unknown): Promise<Blob> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { ...requestHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
  }).catch((error: unknown) => {
    handleFailure(describeFailure(error, path));
    throw error;
  });
  if (!response.ok) {
    handleFailure(restFailure(path, response.status, await response.json().catch(() => null)));
    throw new Error(`${path}: ${response.status}`);
  }
  return response.blob();
}

/**
 * The print dialog of the schedule screen (screens and routes "Print formats and titles", entities, API): pick or edit a
 * print format, scaling, columns and plan kinds; the server counts the pages (print/count), the first page
 * is previewed from the same layout as the PDF, and the PDF is downloaded from versions/{id}/print.
 */
export function PrintDialog({
  scheduleId,
  versionId,
  versionName,
  dataDate,
  hoursPerDay,
  calendar,
  model,
  details,
  onClose,
}: {
  scheduleId: string;
  versionId: string;
  versionName: string;
  dataDate: number;
  /** Hours of a working day of the version's calendar (durations in days). */
  hoursPerDay: number;
  /** The version's calendar: non-working time is shaded as in the PDF. */
  calendar: Calendar | undefined;
  model: ScheduleModel;
  details: ReadonlyMap<string, PlanDetails>;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const schedule = trpc.eps.get.useQuery({ spaceId, nodeId: scheduleId });
  const parentId = schedule.data?.parentId ?? null;
  const project = trpc.eps.get.useQuery({ spaceId, nodeId: parentId ?? '' }, { enabled: !!parentId });
  const scheduleName = schedule.data?.name ?? '';
  const projectName = project.data?.name ?? '';
  const presets = trpc.print.presets.useQuery({ spaceId, versionId });
  const saved = trpc.print.settings.useQuery({ spaceId, versionId });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [editing, setEditing] = useState<Preset | 'new' | null>(null);
  const [rangeText, setRangeText] = useState({ start: '', finish: '' });
  const [busy, setBusy] = useState<'pdf' | 'preview' | null>(null);
  useEffect(() => {
    if (draft || !saved.data) return;
    setDraft({
      presetId: saved.data.presetId,
      scaling: saved.data.scaling,
      columns: saved.data.columns,
      kinds: saved.data.kinds,
    });
    if (saved.data.scaling.kind === 'range')
      setRangeText({
        start: formatIsoDay(saved.data.scaling.start),
        finish: formatIsoDay(saved.data.scaling.finish),
      });
  }, [draft, saved.data]);

  const job = draft ? { spaceId, versionId, ...draft } : null;
  const count = trpc.print.count.useQuery(job ?? { spaceId, versionId }, {
    enabled: !!job,
    placeholderData: keepPreviousData,
    trpc: { context: { showsIssues: true } },
  });
  const saveSettings = trpc.print.createSettings.useMutation();
  const updateSettings = trpc.print.updateSettings.useMutation();
  const deletePreset = trpc.print.deletePreset.useMutation();

  const preset = presets.data?.find((p) => p.id === draft?.presetId) ?? null;
  const format = preset ?? BUILTIN_PRESET;

  // The preview: page 1 drawn from the same layout as the PDF.
  const canvas = useRef<HTMLCanvasElement>(null);
  const snapshot = useMemo(() => {
    const all = new Int32Array(model.count);
    for (let i = 0; i < model.count; i++) all[i] = i;
    return ganttSnapshotFromModel(model, all, details, 1);
  }, [model, details]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `t` changes with the language, which the titles, numbers and scale follow
  const previewInput = useMemo<PrintSheetInput | null>(() => {
    if (!draft) return null;
    const source = {
      works: model,
      strings: model.strings,
      approvedStart: snapshot.baselineStart,
      approvedFinish: snapshot.baselineFinish,
      depth: model.depth,
    };
    const cellFormat = {
      hoursPerDay,
      translate: (id: string) => translateDynamic(id),
      number: (value: number) => formatNumber(value, appI18n.locale),
      date: dateFormat,
    };
    const printedAt = nowMinutes();
    const scaling =
      draft.scaling.kind === 'fit'
        ? ({ kind: 'fit' } as const)
        : {
            kind: 'range' as const,
            start: isoToMinutes(draft.scaling.start),
            finish: isoToMinutes(draft.scaling.finish) + MINUTES_PER_DAY,
          };
    return {
      snapshot,
      preset: format,
      dynamicTitles: format.titles.dynamicValues,
      scaling,
      columns: printedColumns(draft.columns, source, cellFormat),
      language: (appI18n.locale === 'ru' ? 'ru' : 'en') as GanttLanguage,
      scheduleName,
      versionName,
      projectName,
      printedAt,
      today: printedAt,
      dataDate: hasDate(dataDate) ? dataDate : undefined,
      calendar,
      kinds: draft.kinds,
    };
  }, [
    draft,
    model,
    snapshot,
    format,
    t,
    scheduleName,
    versionName,
    projectName,
    dataDate,
    hoursPerDay,
    calendar,
  ]);
  useEffect(() => {
    const element = canvas.current;
    if (!element || !previewInput) return;
    const box = element.parentElement!;
    const ratio = previewInput.preset.sheetHeightMm / previewInput.preset.sheetWidthMm;
    const cssWidth = Math.min(box.clientWidth, box.clientHeight / ratio);
    const dpr = window.devicePixelRatio || 1;
    element.style.width = `${cssWidth}px`;
    element.style.height = `${cssWidth * ratio}px`;
    element.width = Math.round(cssWidth * dpr * 1.5);
    element.height = Math.round(cssWidth * ratio * dpr * 1.5);
    drawPreviewPage(element, previewInput, 0);
  }, [previewInput]);

  if (!draft || !presets.data) {
    return (
      <div className="modal-backdrop" role="presentation">
        <Spinner />
      </div>
    );
  }

  const update = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const setRange = (field: 'start' | 'finish', text: string) => {
    const next = { ...rangeText, [field]: text };
    setRangeText(next);
    const start = parseDateText(next.start);
    const finish = parseDateText(next.finish);
    if (start && finish && finish >= start)
      update({ scaling: { kind: 'range', start: start.slice(0, 10), finish: finish.slice(0, 10) } });
  };
  const toggleColumn = (column: PrintColumn, on: boolean) =>
    update({
      columns: PRINT_COLUMNS.filter((c) => (c === column ? on : draft.columns.includes(c))),
    });
  const body = { ...draft, language: appI18n.locale };
  const base = `/api/v1/space/${spaceId}/versions/${versionId}`;

  const download = async () => {
    setBusy('pdf');
    try {
      const blob = await fetchPdf(`${base}/print`, body);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${scheduleName} - ${versionName}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      notify('success', [t('print.downloaded')]);
    } finally {
      setBusy(null);
    }
  };
  const previewPdf = async () => {
    setBusy('preview');
    try {
      const blob = await fetchPdf(`${base}/preview`, { ...body, pages: 1 });
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } finally {
      setBusy(null);
    }
  };
  const remember = async () => {
    const revision = utils.print.settings.getData({ spaceId, versionId })?.revision ?? null;
    const next =
      revision === null
        ? await saveSettings.mutateAsync({ spaceId, versionId, ...draft })
        : await updateSettings.mutateAsync({ spaceId, versionId, revision, ...draft });
    utils.print.settings.setData({ spaceId, versionId }, next);
    notify('success', [t('print.settings_saved')]);
  };
  const removePreset = async () => {
    if (!preset) return;
    const yes = await confirmed({
      title: t('print.preset_delete'),
      text: t('print.preset_delete_text', { name: preset.name }),
      danger: true,
    });
    if (!yes) return;
    await deletePreset.mutateAsync({ spaceId, versionId, presetId: preset.id });
    update({ presetId: null });
    void presets.refetch();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click outside closes; the keyboard has Escape
    <div
      className="modal-backdrop"
      role="presentation"
      onMouseDown={(e) => e.target === e.currentTarget && !editing && onClose()}
    >
      <div
        className="modal print-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t('print.title')}
        data-testid="print-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !editing) onClose();
        }}
      >
        <header className="modal-header">
          <h2 className="modal-title">
            {t('print.title')} · {scheduleName}
          </h2>
          <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body print-body">
          <div className="print-settings">
            <section className="print-section">
              <label className="field-label" htmlFor="print-preset">
                {t('print.preset')}
              </label>
              <div className="print-preset-row">
                <select
                  id="print-preset"
                  className="input select"
                  value={draft.presetId ?? BUILTIN}
                  onChange={(e) => update({ presetId: e.target.value || null })}
                  data-testid="print-preset"
                >
                  <option value={BUILTIN}>{t('print.preset_builtin')}</option>
                  {presets.data.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="print-preset-actions">
                <Button variant="ghost" onClick={() => setEditing('new')} data-testid="print-preset-new">
                  + {t('print.preset_new')}
                </Button>
                <Button variant="ghost" disabled={!preset} onClick={() => preset && setEditing(preset)}>
                  {t('print.preset_edit')}
                </Button>
                <Button variant="ghost" disabled={!preset} onClick={() => void removePreset()}>
                  {t('print.preset_delete')}
                </Button>
              </div>
              <p className="field-hint" data-testid="print-sheet">
                {t('print.sheet_summary', {
                  width: formatNumber(format.sheetWidthMm, appI18n.locale),
                  height: formatNumber(format.sheetHeightMm, appI18n.locale),
                  margin: formatNumber(format.marginMm, appI18n.locale),
                })}
              </p>
            </section>
            <fieldset className="print-section">
              <legend className="field-label">{t('print.scaling')}</legend>
              <label className="check">
                <input
                  type="radio"
                  name="print-scaling"
                  checked={draft.scaling.kind === 'fit'}
                  onChange={() => update({ scaling: { kind: 'fit' } })}
                />
                <span>{t('print.fit')}</span>
              </label>
              <label className="check">
                <input
                  type="radio"
                  name="print-scaling"
                  checked={draft.scaling.kind === 'range'}
                  onChange={() => {
                    const start = parseDateText(rangeText.start);
                    const finish = parseDateText(rangeText.finish);
                    const range = model.count
                      ? {
                          start: start?.slice(0, 10) ?? isoOf(snapshot, 'start'),
                          finish: finish?.slice(0, 10) ?? isoOf(snapshot, 'finish'),
                        }
                      : null;
                    if (!range) return;
                    setRangeText({ start: formatIsoDay(range.start), finish: formatIsoDay(range.finish) });
                    update({ scaling: { kind: 'range', ...range } });
                  }}
                />
                <span>{t('print.range')}</span>
              </label>
              {draft.scaling.kind === 'range' && (
                <div className="print-range">
                  <input
                    className="input input-compact"
                    aria-label={t('print.range_start')}
                    placeholder="DD.MM.YYYY"
                    value={rangeText.start}
                    onChange={(e) => setRange('start', e.target.value)}
                  />
                  <span aria-hidden="true">—</span>
                  <input
                    className="input input-compact"
                    aria-label={t('print.range_finish')}
                    placeholder="DD.MM.YYYY"
                    value={rangeText.finish}
                    onChange={(e) => setRange('finish', e.target.value)}
                  />
                </div>
              )}
            </fieldset>
            <fieldset className="print-section">
              <legend className="field-label">{t('print.kinds')}</legend>
              <div className="print-checks">
                {(['plan', 'approved_plan', 'fact'] as const).map((kind) => (
                  <Checkbox
                    key={kind}
                    label={t(`print.kind.${kind}`)}
                    checked={draft.kinds[kind]}
                    onChange={(on) => update({ kinds: { ...draft.kinds, [kind]: on } })}
                  />
                ))}
              </div>
            </fieldset>
            <fieldset className="print-section">
              <legend className="field-label">{t('print.columns')}</legend>
              <div className="print-checks print-columns">
                {PRINT_COLUMNS.map((column) => (
                  <Checkbox
                    key={column}
                    label={t(`grid.col.${column}`)}
                    checked={draft.columns.includes(column)}
                    onChange={(on) => toggleColumn(column, on)}
                  />
                ))}
              </div>
              <Button
                variant="ghost"
                onClick={() =>
                  update({ columns: [...DEFAULT_PRINT_COLUMNS], kinds: { ...DEFAULT_PRINT_KINDS } })
                }
              >
                {t('print.columns_reset')}
              </Button>
            </fieldset>
          </div>
          <div className="print-preview">
            <div className="print-preview-head">
              <span>{t('print.preview')}</span>
              <strong data-testid="print-page-count" aria-live="polite">
                {count.data ? t('print.page_count', { count: count.data.pages }) : t('print.counting')}
              </strong>
            </div>
            <div className="print-preview-sheet">
              <canvas ref={canvas} data-testid="print-preview-canvas" />
            </div>
          </div>
        </div>
        <footer className="modal-footer">
          <Button
            variant="ghost"
            busy={saveSettings.isPending || updateSettings.isPending}
            onClick={() => void remember()}
            data-testid="print-remember"
          >
            {t('print.save_settings')}
          </Button>
          <span className="schedule-toolbar-gap" />
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button busy={busy === 'preview'} disabled={!!busy} onClick={() => void previewPdf()}>
            {t('print.preview_pdf')}
          </Button>
          <Button
            variant="primary"
            busy={busy === 'pdf'}
            disabled={!!busy}
            onClick={() => void download()}
            data-testid="print-download"
          >
            {t('print.download')}
          </Button>
        </footer>
      </div>
      {editing && (
        <PresetDialog
          preset={editing === 'new' ? null : editing}
          versionId={versionId}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void presets.refetch();
            update({ presetId: saved.id });
          }}
        />
      )}
    </div>
  );
}

/** The first or last day of the schedule as `YYYY-MM-DD` (the default of a new date range). */
function isoOf(snapshot: ReturnType<typeof ganttSnapshotFromModel>, end: 'start' | 'finish'): string {
  let value = end === 'start' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  const column = end === 'start' ? snapshot.planStart : snapshot.planFinish;
  for (let i = 0; i < snapshot.workCount; i++) {
    const minute = column[i]!;
    if (!hasDate(minute)) continue;
    value = end === 'start' ? Math.min(value, minute) : Math.max(value, minute);
  }
  if (!Number.isFinite(value)) value = nowMinutes();
  const [day, month, year] = dateFormat(value).split('.');
  return `${year}-${month}-${day}`;
}
