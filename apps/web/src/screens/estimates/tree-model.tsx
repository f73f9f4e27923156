import type { ReactNode } from 'react';
import { zodFieldErrors } from '../../lib/form';
import { appI18n, useT } from '../../lib/i18n';
import type { EstimateView } from './api';
import { money, quantity } from './format';
import { parseAmount } from './grid-keys';

type Line = EstimateView['lines'][number];
type Section = EstimateView['sections'][number];

export type Row = { section: Section; depth: number } | { line: Line; depth: number };
export const rowId = (row: Row) => ('section' in row ? row.section.id : row.line.id);

/** Sections in tree order, each followed by its own lines (lines come before sub-sections, as they figure). */
export function treeRows(data: EstimateView): Row[] {
  const bySection = new Map<string, Line[]>();
  for (const l of data.lines) {
    const lines = bySection.get(l.sectionId);
    if (lines) lines.push(l);
    else bySection.set(l.sectionId, [l]);
  }
  return data.sections.flatMap((section) => [
    { section, depth: section.depth },
    ...(bySection.get(section.id) ?? []).map((line) => ({ line, depth: section.depth + 1 })),
  ]);
}

/** The fields of a line a cell edits. */
export type LineField =
  | 'number'
  | 'code'
  | 'name'
  | 'unit'
  | 'quantity'
  | 'labour'
  | 'machines'
  | 'materials'
  | 'labourHoursPerUnit'
  | 'machineHoursPerUnit'
  | 'volumeCode'
  | 'wbsCode';

export interface Column {
  key: string;
  head: string;
  num?: boolean;
  /** A price or a cost: hidden in a bill of quantities. */
  price?: boolean;
  line: (l: Line) => ReactNode;
  section?: (s: Section) => ReactNode;
  /** The line field the cell edits (none: read only). */
  edit?: LineField;
  /** The section field the cell edits. */
  editSection?: 'code' | 'name';
}

const UNIT_PARTS = { labour: 'unitLabour', machines: 'unitMachines', materials: 'unitMaterials' } as const;

/** A line's field as the cell's editor starts with it. */
export function lineText(line: Line, field: LineField): string {
  switch (field) {
    case 'labour':
    case 'machines':
    case 'materials':
      return String(line[UNIT_PARTS[field]]);
    case 'quantity':
    case 'labourHoursPerUnit':
    case 'machineHoursPerUnit':
      return String(line[field]);
    default:
      return line[field] ?? '';
  }
}

/** What a cell's text changes of a line: a unit cost part goes with the other two as they are. */
export function linePatch(line: Line, field: LineField, text: string): Record<string, unknown> {
  switch (field) {
    case 'labour':
    case 'machines':
    case 'materials':
      return {
        unitCost: {
          labour: line.unitLabour,
          machines: line.unitMachines,
          materials: line.unitMaterials,
          [field]: parseAmount(text),
        },
      };
    case 'quantity':
    case 'labourHoursPerUnit':
    case 'machineHoursPerUnit':
      return { [field]: parseAmount(text) };
    default:
      return { [field]: text };
  }
}

/** The first problem the contract finds with a change, translated; null when it has none. */
export function problemOf(result: { success: boolean; error?: Parameters<typeof zodFieldErrors>[0] }) {
  if (result.success || !result.error) return null;
  const first = Object.values(zodFieldErrors(result.error))[0];
  return first ? appI18n._(first.message, first.params) : null;
}

export function useColumns(data: EstimateView): Column[] {
  const t = useT();
  const vor = data.estimate.kind === 'vor';
  const columns: Column[] = [
    {
      key: 'number',
      head: t('estimates.field.number'),
      line: (l) => l.number ?? '',
      section: (s) => s.chapter ?? '',
      edit: 'number',
    },
    {
      key: 'code',
      head: t('estimates.field.code'),
      line: (l) => l.code,
      section: (s) => s.code ?? '',
      edit: 'code',
      editSection: 'code',
    },
    {
      key: 'name',
      head: t('estimates.field.name'),
      line: (l) => (
        <>
          {l.sourceName ?? l.name}
          {l.applied.length > 0 && (
            <span className="estimate-coef-mark" title={t('estimates.has_coefficients')}>
              {' '}
              K×{l.applied.length}
            </span>
          )}
        </>
      ),
      section: (s) => s.name,
      edit: 'name',
      editSection: 'name',
    },
    { key: 'unit', head: t('estimates.field.unit'), line: (l) => l.unit, edit: 'unit' },
    {
      key: 'quantity',
      head: t('estimates.field.quantity'),
      num: true,
      line: (l) => quantity(l.quantity),
      edit: 'quantity',
    },
    ...(['labour', 'machines', 'materials'] as const).map(
      (part): Column => ({
        key: `unit-${part}`,
        head: t(`estimates.grid.unit.${part}`),
        num: true,
        price: true,
        line: (l) => money(l[UNIT_PARTS[part]]),
        edit: part,
      }),
    ),
    {
      key: 'labourHoursPerUnit',
      head: t('estimates.grid.labour_hours_per_unit'),
      num: true,
      line: (l) => quantity(l.labourHoursPerUnit),
      edit: 'labourHoursPerUnit',
    },
    {
      key: 'machineHoursPerUnit',
      head: t('estimates.grid.machine_hours_per_unit'),
      num: true,
      line: (l) => quantity(l.machineHoursPerUnit),
      edit: 'machineHoursPerUnit',
    },
    {
      key: 'volumeCode',
      head: t('estimates.grid.volume_code'),
      line: (l) => l.volumeCode ?? '',
      edit: 'volumeCode',
    },
    { key: 'wbsCode', head: t('estimates.grid.wbs_code'), line: (l) => l.wbsCode ?? '', edit: 'wbsCode' },
    ...(['labour', 'machines', 'materials', 'total'] as const).map(
      (part): Column => ({
        key: `total-${part}`,
        head: t(`estimates.part.${part}`),
        num: true,
        price: true,
        line: (l) => money(l.totals[part]),
        section: (s) => money(s.totals[part]),
      }),
    ),
    {
      key: 'labourHours',
      head: t('estimates.part.labourHours'),
      num: true,
      line: (l) => money(l.totals.labourHours),
      section: (s) => money(s.totals.labourHours),
    },
  ];
  return vor ? columns.filter((c) => !c.price) : columns;
}

/** Whether a cell of a row can be edited (a summary line's prices and hours come from its estimate). */
export function editable(row: Row | undefined, column: Column | undefined): boolean {
  if (!row || !column) return false;
  if ('section' in row) return !!column.editSection;
  if (!column.edit) return false;
  if (row.line.sourceEstimateId)
    return !['labour', 'machines', 'materials', 'labourHoursPerUnit', 'machineHoursPerUnit', 'name'].includes(
      column.edit,
    );
  return true;
}

/** The figures a change of a line or section answers with, laid into the cached view. */
export interface Figures {
  id: string;
  revision: number;
  totals: EstimateView['totals'];
  chapters: EstimateView['chapters'];
  sections: { id: string; totals: Section['totals'] }[];
}
export function withFigures(
  view: EstimateView,
  figures: Figures,
  line?: Omit<Line, 'sourceName'>,
): EstimateView {
  const sectionTotals = new Map(figures.sections.map((s) => [s.id, s.totals]));
  const lines = line
    ? view.lines.some((l) => l.id === line.id)
      ? view.lines.map((l) => (l.id === line.id ? { ...l, ...line, sourceName: l.sourceName } : l))
      : [...view.lines, { ...line, sourceName: null }]
    : view.lines;
  return {
    ...view,
    estimate: { ...view.estimate, revision: figures.revision },
    totals: figures.totals,
    chapters: figures.chapters,
    sections: view.sections.map((s) => ({ ...s, totals: sectionTotals.get(s.id) ?? s.totals })),
    lines,
  };
}

/**
 * What deleting the chosen rows deletes: the sections chosen that no other chosen section holds (their
 * contents go with them), and the lines chosen outside those.
 */
export function rowsToDelete(
  chosen: readonly Row[],
  all: readonly Section[],
): { lines: Line[]; tops: Section[] } {
  const sections = new Set(chosen.flatMap((r) => ('section' in r ? [r.section.id] : [])));
  const parentOf = new Map(all.map((s) => [s.id, s.parentId]));
  const within = (sectionId: string | null): boolean =>
    !!sectionId && (sections.has(sectionId) || within(parentOf.get(sectionId) ?? null));
  return {
    lines: chosen.flatMap((r) => ('line' in r && !within(r.line.sectionId) ? [r.line] : [])),
    tops: chosen.flatMap((r) => ('section' in r && !within(r.section.parentId) ? [r.section] : [])),
  };
}

/** Where a row can be moved to: a section (its id), or the top level (`null`, for a section only). */
export interface MoveTarget {
  id: string | null;
  section: Section | null;
}

/**
 * The places the row at the cursor may move to: for a line, every section but its own; for a section, the
 * top level (when it is not there) and every section outside its own branch other than its parent.
 */
export function moveTargetsOf(data: EstimateView, row: Row): MoveTarget[] {
  if ('line' in row)
    return data.sections.filter((s) => s.id !== row.line.sectionId).map((s) => ({ id: s.id, section: s }));
  const moved = row.section;
  const parentOf = new Map(data.sections.map((s) => [s.id, s.parentId]));
  const inBranch = (id: string | null): boolean =>
    !!id && (id === moved.id || inBranch(parentOf.get(id) ?? null));
  return [
    ...(moved.parentId ? [{ id: null, section: null }] : []),
    ...data.sections
      .filter((s) => s.id !== moved.parentId && !inBranch(s.id))
      .map((s) => ({ id: s.id, section: s })),
  ];
}
