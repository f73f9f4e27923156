/**
 * An estimate laid out as a local estimate is printed, in English or Russian: a title (the kind, code and
 * name, the price level), a header of columns (number, code, name, unit, quantity, unit cost by part, cost by
 * part after coefficients, total, labour hours), then each section — its heading, its coefficients, its lines
 * each followed by its own coefficients, its sub-sections, its total by part — then, for a summary estimate,
 * the chapters' totals, the coefficients of the whole estimate and the grand total. The xlsx writer and the
 * PDF writer (`@takt/gantt/pdf`) print the same sheet. Figures come from `figureEstimate`; nothing is figured here.
 */
import { type Language, translate } from '@takt/i18n';
import type { EstimateFigures, EstimateTotals, SectionFigures } from './figure.js';
import type { EstimateCoefficient, EstimateDocument, EstimateSection } from './model.js';

export type EstimateSheetColumnKind = 'text' | 'quantity' | 'money' | 'hours';

export interface EstimateSheetColumn {
  header: string;
  kind: EstimateSheetColumnKind;
  /** Relative width (characters in xlsx). */
  width: number;
}

export type EstimateSheetRowKind =
  | 'section'
  | 'line'
  | 'coefficient'
  | 'sectionTotal'
  | 'chapterTotal'
  | 'heading'
  | 'grandTotal';

export interface EstimateSheetRow {
  kind: EstimateSheetRowKind;
  /** Depth: 0 for the estimate's own rows, 1 for a top section and its lines, deeper for sub-sections. */
  level: number;
  /** By column; null is an empty cell. */
  cells: (string | number | null)[];
}

export interface EstimateSheet {
  language: Language;
  title: string;
  /** Lines under the title (code, price level). */
  subtitle: string[];
  sheetName: string;
  columns: EstimateSheetColumn[];
  rows: EstimateSheetRow[];
}

const COLUMNS: [string, EstimateSheetColumnKind, number][] = [
  ['interchange.estimate.col.number', 'text', 5],
  ['interchange.estimate.col.code', 'text', 22],
  ['interchange.estimate.col.name', 'text', 40],
  ['interchange.estimate.col.unit', 'text', 8],
  ['interchange.estimate.col.quantity', 'quantity', 13],
  ['interchange.estimate.col.unit_labour', 'money', 12],
  ['interchange.estimate.col.unit_machines', 'money', 12],
  ['interchange.estimate.col.unit_materials', 'money', 12],
  ['interchange.estimate.col.labour', 'money', 13],
  ['interchange.estimate.col.machines', 'money', 13],
  ['interchange.estimate.col.materials', 'money', 13],
  ['interchange.estimate.col.total', 'money', 14],
  ['interchange.estimate.col.hours', 'hours', 11],
];
const WIDTH = COLUMNS.length;
/** Where the name goes, and where the totals by part begin. */
const NAME = 2;
const TOTALS = 8;

/** A row with the given cells from column 0, the rest empty. */
function row(
  kind: EstimateSheetRowKind,
  level: number,
  cells: Record<number, string | number | null>,
): EstimateSheetRow {
  const out: (string | number | null)[] = Array.from({ length: WIDTH }, () => null);
  for (const [k, v] of Object.entries(cells)) out[Number(k)] = v;
  return { kind, level, cells: out };
}

/** The estimate as a sheet, in `language` (default Russian). */
export function estimateSheet(
  doc: EstimateDocument,
  figures: EstimateFigures,
  options: { language?: Language } = {},
): EstimateSheet {
  const language = options.language ?? 'ru';
  const t = (id: string, values?: Record<string, unknown>) => translate(language, id, values);
  const rows: EstimateSheetRow[] = [];
  const totalsCells = (x: EstimateTotals): Record<number, number> => ({
    [TOTALS]: x.labour,
    [TOTALS + 1]: x.machines,
    [TOTALS + 2]: x.materials,
    [TOTALS + 3]: x.total,
    [TOTALS + 4]: x.labourHours,
  });
  const coefficientRows = (list: readonly EstimateCoefficient[], level: number) => {
    for (const c of list)
      rows.push(
        row('coefficient', level, {
          1: c.code ?? null,
          [NAME]: `${t(c.kind === 'index' ? 'interchange.estimate.index' : 'interchange.estimate.coefficient')}: ${c.name} (${t(`interchange.estimate.target.${c.target}`)})`,
          4: c.value,
        }),
      );
  };
  const sectionTitle = (s: EstimateSection) =>
    doc.kind === 'ssr' && s.chapter !== undefined
      ? `${t('interchange.estimate.chapter', { chapter: s.chapter })}. ${s.name}`
      : s.name;
  const section = (s: EstimateSection, f: SectionFigures | undefined, level: number) => {
    rows.push(row('section', level, { 1: s.code ?? null, [NAME]: sectionTitle(s) }));
    coefficientRows(s.coefficients, level);
    s.lines.forEach((l, i) => {
      const lf = f?.lines[i];
      rows.push(
        row('line', level, {
          0: l.number ?? null,
          1: l.code,
          [NAME]: l.name,
          3: l.unit,
          4: l.quantity,
          5: l.unitCost.labour,
          6: l.unitCost.machines,
          7: l.unitCost.materials,
          ...(lf ? totalsCells(lf.totals) : {}),
        }),
      );
      coefficientRows(l.coefficients, level);
    });
    s.sections.forEach((sub, i) => {
      section(sub, f?.sections[i], level + 1);
    });
    if (f)
      rows.push(
        row('sectionTotal', level, {
          [NAME]: t('interchange.estimate.section_total', { name: sectionTitle(s) }),
          ...totalsCells(f.totals),
        }),
      );
  };
  doc.sections.forEach((s, i) => {
    section(s, figures.sections[i], 1);
  });
  for (const c of figures.chapters)
    rows.push(
      row('chapterTotal', 0, {
        [NAME]: `${t('interchange.estimate.chapter', { chapter: c.chapter })}. ${c.name}`,
        ...totalsCells(c.totals),
      }),
    );
  if (doc.coefficients.length > 0) {
    rows.push(row('heading', 0, { [NAME]: t('interchange.estimate.estimate_coefficients') }));
    coefficientRows(doc.coefficients, 0);
  }
  rows.push(
    row('grandTotal', 0, { [NAME]: t('interchange.estimate.grand_total'), ...totalsCells(figures.totals) }),
  );
  const subtitle: string[] = [];
  if (doc.priceLevel)
    subtitle.push(t('interchange.estimate.price_level', { date: dateText(doc.priceLevel, language) }));
  return {
    language,
    title: [t(`interchange.estimate.kind.${doc.kind}`), doc.code, doc.name].filter(Boolean).join(' · '),
    subtitle,
    sheetName: t('interchange.estimate.sheet'),
    columns: COLUMNS.map(([id, kind, width]) => ({ header: t(id), kind, width })),
    rows,
  };
}

/** `2001-01-01` → `01.01.2001` in Russian, as written in English otherwise. */
function dateText(iso: string, language: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m && language === 'ru' ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}
