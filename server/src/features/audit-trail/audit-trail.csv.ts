/** Cells a spreadsheet would read as a formula start with one of these; they get a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-like text neutralised, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
