import { printedColumns } from '@takt/contracts';
import type { Calendar } from '@takt/engine';
import { dateFormat, type GanttLanguage, MINUTES_PER_DAY, type PrintSheetInput } from '@takt/gantt';
import { approvedVariances, VARIANCE_COLUMNS } from '@takt/schedule';
import { useEffect, useMemo, useRef } from 'react';
import { useSpace } from '../../layouts/space-context';
import type { ScheduleModel } from '../../lib/columnar';
import { appI18n, translateDynamic, useT, weekRule } from '../../lib/i18n';
import { compiledCalendarsOf } from '../../lib/schedule-calendars';
import { formatNumber, hasDate, isoToMinutes, nowMinutes } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { ganttSnapshotFromModel } from '../schedule/gantt/snapshot';
import type { PlanDetails } from '../schedule/plan-details';
import { drawPreviewPage } from './preview-canvas';
import type { PrintSettings } from './usePrintSettings';

/** What of the version is printed: its works and their plans, its name, dates and calendar. */
export interface PrintSource {
  versionName: string;
  dataDate: number;
  /** Hours of a working day of the version's calendar (durations in days). */
  hoursPerDay: number;
  /** The version's calendar: non-working time is shaded as in the PDF. */
  calendar: Calendar | undefined;
  model: ScheduleModel;
  details: ReadonlyMap<string, PlanDetails>;
}

/**
 * The preview of the print: page 1 drawn from the same layout as the PDF, on the returned canvas; the
 * snapshot of every work is what the layout prints (and where a new date range starts from).
 */
export function usePrintPreview(
  { draft, format, scheduleName, projectName }: PrintSettings,
  { model, details, versionName, dataDate, hoursPerDay, calendar }: PrintSource,
) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const snapshot = useMemo(() => {
    const all = new Int32Array(model.count);
    for (let i = 0; i < model.count; i++) all[i] = i;
    return ganttSnapshotFromModel(model, all, details, 1);
  }, [model, details]);
  const resources = useResourceColumns(model, !!draft?.columns.some((c) => c === 'labour' || c === 'cost'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `t` changes with the language, which the titles, numbers and scale follow
  const previewInput = useMemo<PrintSheetInput | null>(() => {
    if (!draft) return null;
    // The variance columns in working days, as the grid and the PDF show them (only when printed).
    const variances = draft.columns.some((c) => (VARIANCE_COLUMNS as readonly string[]).includes(c))
      ? approvedVariances(model, model.strings, compiledCalendarsOf(model), {
          start: snapshot.baselineStart,
          finish: snapshot.baselineFinish,
        })
      : undefined;
    const source = {
      works: model,
      strings: model.strings,
      approvedStart: snapshot.baselineStart,
      approvedFinish: snapshot.baselineFinish,
      depth: model.depth,
      ...(variances ? { variances } : {}),
      ...(resources ? { resources } : {}),
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
      week: weekRule(),
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
    resources,
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
  return { canvas, snapshot };
}

/**
 * The labour and cost of each row for a print that shows them, as the grid's columns and the PDF read
 * them (`assignments.summary`: a summary's summed from the works under it); undefined until read.
 */
function useResourceColumns(model: ScheduleModel, printed: boolean) {
  const { spaceId } = useSpace();
  const figures = trpc.assignments.summary.useQuery(
    { spaceId, versionId: model.versionId },
    { enabled: printed },
  );
  return useMemo(() => {
    if (!printed || !figures.data) return undefined;
    const labour = new Float64Array(model.count);
    const cost = new Float64Array(model.count);
    for (const r of figures.data) {
      const row = model.rowOf.get(r.workId);
      if (row === undefined) continue;
      labour[row] = r.labour;
      cost[row] = r.cost;
    }
    return { labour, cost };
  }, [printed, figures.data, model]);
}
