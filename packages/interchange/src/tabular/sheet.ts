/** A row of a spreadsheet or CSV file, as the tabular import reads it. */

/** A date cell of a workbook, as wall-clock `YYYY-MM-DDTHH:mm`. */
export interface DateCell {
  date: string;
}

export type CellValue = string | number | boolean | DateCell | null;

export interface SheetRow {
  /** 1-based row number in the file (a CSV record number; quoted line breaks do not count). */
  row: number;
  /** Excel outline level of the row (0 without grouping; CSV rows are 0). */
  level: number;
  /** Cells from column A; empty cells are null. */
  cells: CellValue[];
}

export const isDateCell = (v: CellValue): v is DateCell => typeof v === 'object' && v !== null && 'date' in v;

/** What the user sees in the cell (for the preview and messages). */
export function cellText(v: CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (isDateCell(v)) {
    const [d, t] = v.date.split('T') as [string, string];
    const [y, m, day] = d.split('-');
    return `${day}.${m}.${y}${t && t !== '00:00' ? ` ${t}` : ''}`;
  }
  if (typeof v === 'number') return String(Math.round(v * 1e9) / 1e9);
  return String(v);
}

/** `A` → 0, `Z` → 25, `AA` → 26. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** 0 → `A`, 26 → `AA`. */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
