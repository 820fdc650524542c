/**
 * Cells of the CSV files the console writes (exports, error reports, Sample.csv), one rule for all
 * of them against CSV/formula injection (OWASP): a cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a CR) gets a leading apostrophe. An E.164 phone number
 * (+ and 7 to 15 digits) runs nothing and stays as it is, so numbers read back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const E164 = /^\+[1-9]\d{6,14}$/;

export function neutraliseFormula(text: string): string {
  if (E164.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV cell: formula-like text neutralised, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of cells, CRLF-terminated. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
