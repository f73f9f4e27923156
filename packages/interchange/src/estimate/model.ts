/**
 * The estimate document: what every estimate reader produces and every estimate writer takes, whatever the
 * file's format (ARPS text, the construction ministry's XML of a local estimate, Excel or CSV by upload rules).
 * The server stores it as an estimate's tree; the rules of estimating are in docs/product-rules.md, "Estimates".
 *
 * Money is in the estimate's currency with kopecks/cents as decimals (numbers, not strings: the readers round
 * to 2 places for money and 6 for quantities and coefficients); labour is in man-hours.
 */

/** The kinds of estimate: summary estimate of construction cost, local estimate, design and survey works, bill of quantities, other. */
export const ESTIMATE_KINDS = ['ssr', 'loc', 'pir', 'vor', 'other'] as const;
export type EstimateKind = (typeof ESTIMATE_KINDS)[number];

/** What a coefficient multiplies: the whole cost, one of its parts, or the labour hours. */
export const COEFFICIENT_TARGETS = ['all', 'labour', 'machines', 'materials', 'labourHours'] as const;
export type CoefficientTarget = (typeof COEFFICIENT_TARGETS)[number];

/** A coefficient (e.g. winter works 1.2 on labour) or a price index (e.g. 9.87 to current prices). */
export interface EstimateCoefficient {
  /** A code from a rate book or the file, when it has one. */
  code?: string;
  name: string;
  /** `coefficient` multiplies the rate; `index` converts base-level prices to a period's. */
  kind: 'coefficient' | 'index';
  target: CoefficientTarget;
  value: number;
}

/** The three parts of a unit cost (or of a total). */
export interface CostParts {
  labour: number;
  machines: number;
  materials: number;
}

/** A line of an estimate: one rate or price applied to a quantity. */
export interface EstimateLine {
  /** The stored line's id, when the document is built from the server's rows (readers leave it out). */
  id?: string;
  /** The line's number in its estimate, as printed ("1", "12.3"). */
  number?: string;
  /** The rate, price-book or resource code ("ГЭСН01-01-001-01", "ФССЦ-01.7.15.06-0111"). */
  code: string;
  name: string;
  /** The unit of measure as written ("100 м3", "т", "шт"); the server maps it to its measures directory. */
  unit: string;
  /** Quantity in that unit; a bill of quantities (`vor`) has quantities and no prices. */
  quantity: number;
  /** Cost of one unit, by part, before this line's coefficients. */
  unitCost: CostParts;
  /** Labour hours of one unit (workers); machine operators' hours apart when the file has them. */
  labourHoursPerUnit?: number;
  machineHoursPerUnit?: number;
  /** Coefficients of this line, in the order they apply. */
  coefficients: EstimateCoefficient[];
  /** Totals as the file states them, kept to compare with Takt's own figuring (a reader never trusts them). */
  statedTotal?: number;
  /** Codes that link the line to works of a schedule. */
  volumeCode?: string;
  wbsCode?: string;
}

/** A section (or, in a summary estimate, a chapter) with its sub-sections and lines. */
export interface EstimateSection {
  /** The stored section's id, when the document is built from the server's rows (readers leave it out). */
  id?: string;
  code?: string;
  name: string;
  /** Chapter number 1–12 of a summary estimate (`ssr`). */
  chapter?: number;
  coefficients: EstimateCoefficient[];
  sections: EstimateSection[];
  lines: EstimateLine[];
}

export interface EstimateDocument {
  kind: EstimateKind;
  code?: string;
  name: string;
  /** ISO 4217, "RUB" unless the file says otherwise. */
  currency: string;
  /** The price level the unit costs are at: a base level ("2001-01-01") or a period, ISO date. */
  priceLevel?: string;
  /** Coefficients of the whole estimate, applied after the sections' and the lines'. */
  coefficients: EstimateCoefficient[];
  sections: EstimateSection[];
}

/** What a reader kept, clamped or ignored, shown to the user after an import (like the schedule readers' reports). */
export interface EstimateReadReport {
  lines: number;
  sections: number;
  warnings: { code: string; message: string; where?: string }[];
}
