/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell whose text starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return may be run as a formula when a CSV file is opened in a spreadsheet program —
 * a work named `=HYPERLINK(…)` becomes a live link. Exports put a `'` before such text, which spreadsheets
 * read as "this is text". Plain numbers (`-5`, `+1.5`) are left alone: they are not formulas.
 * Text that already starts with quotes before a trigger gets one more, so the import can take exactly one
 * off and read back what was exported.
 */
const TRIGGER = /^'*[=+\-@\t\r]/;
const QUOTED_TRIGGER = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

/** Whether a spreadsheet could take the text for a formula. */
export function looksLikeFormula(text: string): boolean {
  return TRIGGER.test(text) && !PLAIN_NUMBER.test(text);
}

/** The text as an export writes it: with a leading `'` when it could be taken for a formula. */
export function neutralizeFormula(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}

/** The text as exported by `neutralizeFormula`, read back: one leading `'` before a trigger removed. */
export function restoreFormulaText(text: string): string {
  return QUOTED_TRIGGER.test(text) && !PLAIN_NUMBER.test(text.slice(1)) ? text.slice(1) : text;
}
