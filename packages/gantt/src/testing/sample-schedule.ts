import { dateToMinutes, MINUTES_PER_DAY } from '../dates.js';
import type { PrintPreset, PrintTitles } from '../pages.js';
import {
  CONSTRAINT_IN_DATE,
  CONSTRAINT_NOT_EARLIER,
  CONSTRAINT_NOT_LATER,
  type GanttLinkInput,
  type GanttSnapshot,
  type GanttWorkInput,
  type LinkType,
  snapshotFromWorks,
  WORK_MILESTONE_FINISH,
  WORK_MILESTONE_START,
  WORK_SUMMARY,
} from '../snapshot.js';

export const SAMPLE_START = dateToMinutes(2024, 3, 4) + 8 * 60;
export const SAMPLE_DATA_DATE = dateToMinutes(2024, 5, 6);

const TRADES = ['Земляные работы', 'Фундамент', 'Монтаж каркаса', 'Кровля', 'Отделка', 'Инженерные сети'];

/**
 * A deterministic construction-like schedule: a summary every 12 rows, tasks in overlapping chains,
 * start and finish milestones, constraints, baselines shifted a little, actuals before the data date,
 * FS/SS/FF/SF links (mostly FS) and every fifth chain critical. Labels are Cyrillic.
 */
export function sampleSchedule(count: number): { snapshot: GanttSnapshot; names: string[]; codes: string[] } {
  const works: GanttWorkInput[] = [];
  const links: GanttLinkInput[] = [];
  const names: string[] = [];
  const codes: string[] = [];
  const D = MINUTES_PER_DAY;
  let summary = -1;
  let summaryStart = 0;
  let summaryFinish = 0;
  let previous = -1;
  const closeSummary = () => {
    if (summary >= 0) works[summary]!.plan = [summaryStart, summaryFinish];
  };
  for (let i = 0; i < count; i++) {
    const block = Math.floor(i / 12);
    if (i % 12 === 0) {
      closeSummary();
      summary = i;
      summaryStart = Number.POSITIVE_INFINITY;
      summaryFinish = 0;
      const name = `Секция ${block + 1}`;
      works.push({ row: i, shape: WORK_SUMMARY, label: name });
      names.push(name);
      codes.push(`${block + 1}`);
      previous = -1;
      continue;
    }
    const k = i % 12;
    const start = SAMPLE_START + (block * 9 + k * 2) * D;
    const duration = (3 + ((i * 7) % 9)) * D;
    const shape = k === 11 ? WORK_MILESTONE_FINISH : k === 1 && block % 3 === 0 ? WORK_MILESTONE_START : 1;
    const milestone = shape === WORK_MILESTONE_START || shape === WORK_MILESTONE_FINISH;
    const finish = milestone ? start : start + duration;
    const critical = block % 5 === 0;
    const name = milestone
      ? `${shape === WORK_MILESTONE_START ? 'Начало' : 'Приёмка'} секции ${block + 1}`
      : `${TRADES[k % TRADES.length]}, захватка ${k}`;
    const work: GanttWorkInput = {
      row: i,
      shape: shape as GanttWorkInput['shape'],
      plan: [start, finish],
      baseline: [start - ((i % 3) - 1) * D, finish - ((i % 4) - 1) * D],
      critical,
      lateFinish: critical ? finish : finish + ((i % 5) + 1) * D,
      label: name,
    };
    if (finish <= SAMPLE_DATA_DATE) {
      work.fact = [start + (i % 2) * D, finish + (i % 3) * D];
      work.progress = 1;
    } else if (start < SAMPLE_DATA_DATE) {
      work.fact = [start, null];
      work.progress = (SAMPLE_DATA_DATE - start) / (finish - start);
    }
    if (i % 17 === 0) work.constraintStart = [CONSTRAINT_NOT_EARLIER, start];
    if (i % 23 === 0) work.constraintFinish = [CONSTRAINT_NOT_LATER, finish + 2 * D];
    if (i % 41 === 0) work.constraintStart = [CONSTRAINT_IN_DATE, start];
    works.push(work);
    names.push(name);
    codes.push(`${block + 1}.${k}`);
    summaryStart = Math.min(summaryStart, start);
    summaryFinish = Math.max(summaryFinish, finish);
    if (previous >= 0) {
      const types: LinkType[] = ['fs', 'fs', 'fs', 'ss', 'ff', 'fs', 'sf', 'fs'];
      links.push({ predecessor: previous, successor: i, type: types[i % types.length]!, driving: critical });
    }
    previous = i;
  }
  closeSummary();
  return { snapshot: snapshotFromWorks(works, links), names, codes };
}

/** An A3 landscape sheet with 10 mm margins and 9-point titles, as the print tests lay out. */
export function a3Preset(titles: Omit<PrintTitles, 'textSize'>): PrintPreset {
  return {
    name: 'A3',
    sheetHeightMm: 297,
    sheetWidthMm: 420,
    marginMm: 10,
    titles: { ...titles, textSize: 9 },
  };
}
