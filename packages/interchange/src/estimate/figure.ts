/**
 * Figuring an estimate: what each line, section, chapter and the whole estimate cost, from quantities, unit costs
 * and coefficients. Pure; the server stores the result as the estimate's totals.
 *
 * The rules (docs/product-rules.md, "Estimates"):
 * - A line's direct cost by part is quantity × the unit cost's part (labour, machines, materials); its labour hours
 *   quantity × labour hours per unit, its machine hours likewise.
 * - Then coefficients apply, the line's own first, then those of the sections around it from the innermost out,
 *   then the estimate's. At every level the coefficients (kind `coefficient`) apply in their order before the
 *   indices (kind `index`) in theirs. Target `all` multiplies the three cost parts, `labour`, `machines` and
 *   `materials` one part each, `labourHours` the labour hours only.
 * - Rounding happens once per line, after every coefficient: each cost part and the hours to 2 decimals (half away
 *   from zero); the line's total is the sum of its rounded parts. Sections, chapters and the estimate add rounded
 *   line figures (in whole cents, so no drift), never round again.
 * - A bill of quantities (`vor`) has quantities only: its costs and hours are 0 whatever prices it holds.
 */
import type {
  CoefficientTarget,
  CostParts,
  EstimateCoefficient,
  EstimateDocument,
  EstimateLine,
  EstimateSection,
} from './model.js';

/** Where an applied coefficient comes from. */
export type CoefficientLevel = 'line' | 'section' | 'estimate';

/** One coefficient as it was applied to a line, in the order of application. */
export interface AppliedCoefficient {
  level: CoefficientLevel;
  /** For a section's coefficient: the section's name (and code when it has one). */
  sectionName?: string;
  sectionCode?: string;
  code?: string;
  name: string;
  kind: EstimateCoefficient['kind'];
  target: CoefficientTarget;
  value: number;
}

/** Cost parts, their total and the hours: of a line after coefficients, or summed over a section. */
export interface EstimateTotals extends CostParts {
  total: number;
  labourHours: number;
  machineHours: number;
}

export interface LineFigures {
  /** The line's id when the document carries one (the server's rows do). */
  id?: string;
  /** Position in the tree: the index of each enclosing section in its list, then the line's in its section. */
  path: number[];
  quantity: number;
  /** quantity × unit cost by part, before coefficients (rounded to 2 decimals for display). */
  direct: CostParts;
  /** After every coefficient, rounded. */
  totals: EstimateTotals;
  /** The coefficients in the order they applied. */
  applied: AppliedCoefficient[];
}

export interface SectionFigures {
  id?: string;
  path: number[];
  name: string;
  code?: string;
  chapter?: number;
  totals: EstimateTotals;
  lines: LineFigures[];
  sections: SectionFigures[];
}

/** A chapter of a summary estimate: every section carrying that chapter number, added up. */
export interface ChapterFigures {
  chapter: number;
  /** The name of the first section with that chapter. */
  name: string;
  totals: EstimateTotals;
}

export interface EstimateFigures {
  totals: EstimateTotals;
  sections: SectionFigures[];
  /** Every line in document order (depth first), for lookups by id. */
  lines: LineFigures[];
  /** Chapters of a summary estimate (`ssr`), by chapter number; empty for other kinds. */
  chapters: ChapterFigures[];
}

/** x rounded to 2 decimals, half away from zero, after the float noise of the products is dropped. */
export function roundMoney(x: number): number {
  if (!Number.isFinite(x)) return 0;
  const cents = Math.round(Number((Math.abs(x) * 100).toPrecision(15)));
  return (Math.sign(x) * cents) / 100 || 0;
}

/** Sums in whole cents. */
interface Cents {
  labour: number;
  machines: number;
  materials: number;
  labourHours: number;
  machineHours: number;
}

const zeroCents = (): Cents => ({ labour: 0, machines: 0, materials: 0, labourHours: 0, machineHours: 0 });

const toCents = (x: number): number => Math.round(x * 100);

function addCents(into: Cents, t: EstimateTotals): void {
  into.labour += toCents(t.labour);
  into.machines += toCents(t.machines);
  into.materials += toCents(t.materials);
  into.labourHours += toCents(t.labourHours);
  into.machineHours += toCents(t.machineHours);
}

function fromCents(c: Cents): EstimateTotals {
  return {
    labour: c.labour / 100,
    machines: c.machines / 100,
    materials: c.materials / 100,
    total: (c.labour + c.machines + c.materials) / 100,
    labourHours: c.labourHours / 100,
    machineHours: c.machineHours / 100,
  };
}

/** A level's coefficients in the order they apply: coefficients, then indices, each in its own order. */
function ordered(coefficients: readonly EstimateCoefficient[]): EstimateCoefficient[] {
  return [
    ...coefficients.filter((c) => c.kind !== 'index'),
    ...coefficients.filter((c) => c.kind === 'index'),
  ];
}

interface Level {
  level: CoefficientLevel;
  section?: EstimateSection;
  coefficients: EstimateCoefficient[];
}

const finite = (x: number | undefined): number => (x !== undefined && Number.isFinite(x) ? x : 0);

function figureLine(
  line: EstimateLine,
  path: number[],
  levels: readonly Level[],
  quantitiesOnly: boolean,
): LineFigures {
  const quantity = finite(line.quantity);
  const price = quantitiesOnly ? 0 : 1;
  const parts = {
    labour: quantity * finite(line.unitCost.labour) * price,
    machines: quantity * finite(line.unitCost.machines) * price,
    materials: quantity * finite(line.unitCost.materials) * price,
  };
  const direct: CostParts = {
    labour: roundMoney(parts.labour),
    machines: roundMoney(parts.machines),
    materials: roundMoney(parts.materials),
  };
  let labourHours = quantity * finite(line.labourHoursPerUnit) * price;
  const machineHours = quantity * finite(line.machineHoursPerUnit) * price;
  const applied: AppliedCoefficient[] = [];
  for (const level of levels) {
    for (const c of level.coefficients) {
      const value = finite(c.value);
      if (c.target === 'all') {
        parts.labour *= value;
        parts.machines *= value;
        parts.materials *= value;
      } else if (c.target === 'labourHours') labourHours *= value;
      else parts[c.target] *= value;
      applied.push({
        level: level.level,
        ...(level.section ? { sectionName: level.section.name } : {}),
        ...(level.section?.code ? { sectionCode: level.section.code } : {}),
        ...(c.code ? { code: c.code } : {}),
        name: c.name,
        kind: c.kind,
        target: c.target,
        value: c.value,
      });
    }
  }
  const labour = roundMoney(parts.labour);
  const machines = roundMoney(parts.machines);
  const materials = roundMoney(parts.materials);
  return {
    ...(line.id ? { id: line.id } : {}),
    path,
    quantity,
    direct,
    totals: {
      labour,
      machines,
      materials,
      total: (toCents(labour) + toCents(machines) + toCents(materials)) / 100,
      labourHours: roundMoney(labourHours),
      machineHours: roundMoney(machineHours),
    },
    applied,
  };
}

/** Figures an estimate document: totals per line, section, chapter (summary estimates) and the whole. */
export function figureEstimate(doc: EstimateDocument): EstimateFigures {
  const quantitiesOnly = doc.kind === 'vor';
  const allLines: LineFigures[] = [];
  const chapters = new Map<number, { name: string; cents: Cents }>();
  const estimateLevel: Level = { level: 'estimate', coefficients: ordered(doc.coefficients) };

  // `outer` holds the levels from the innermost section out to the estimate.
  function figureSection(section: EstimateSection, path: number[], outer: readonly Level[]): SectionFigures {
    const own: Level = { level: 'section', section, coefficients: ordered(section.coefficients) };
    const levels = [own, ...outer];
    const cents = zeroCents();
    const lines: LineFigures[] = [];
    const sections: SectionFigures[] = [];
    // lines come before sub-sections in document order
    section.lines.forEach((line, i) => {
      const figures = figureLine(
        line,
        [...path, i],
        [{ level: 'line', coefficients: ordered(line.coefficients) }, ...levels],
        quantitiesOnly,
      );
      allLines.push(figures);
      lines.push(figures);
      addCents(cents, figures.totals);
    });
    section.sections.forEach((sub, i) => {
      const figures = figureSection(sub, [...path, i], levels);
      sections.push(figures);
      addCents(cents, figures.totals);
    });
    const totals = fromCents(cents);
    return {
      ...(section.id ? { id: section.id } : {}),
      path,
      name: section.name,
      ...(section.code ? { code: section.code } : {}),
      ...(section.chapter !== undefined ? { chapter: section.chapter } : {}),
      totals,
      lines,
      sections,
    };
  }

  const total = zeroCents();
  const sections = doc.sections.map((section, i) => {
    const figures = figureSection(section, [i], [estimateLevel]);
    addCents(total, figures.totals);
    return figures;
  });

  if (doc.kind === 'ssr') {
    // the outermost sections carrying a chapter number count (their sub-sections are inside their totals)
    const collect = (figures: SectionFigures): void => {
      if (figures.chapter === undefined) {
        for (const sub of figures.sections) collect(sub);
        return;
      }
      const entry = chapters.get(figures.chapter) ?? { name: figures.name, cents: zeroCents() };
      addCents(entry.cents, figures.totals);
      chapters.set(figures.chapter, entry);
    };
    for (const s of sections) collect(s);
  }

  return {
    totals: fromCents(total),
    sections,
    lines: allLines,
    chapters: [...chapters.entries()]
      .sort(([a], [b]) => a - b)
      .map(([chapter, { name, cents }]) => ({ chapter, name, totals: fromCents(cents) })),
  };
}
