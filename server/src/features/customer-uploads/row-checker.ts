import {
  customerMessages,
  splitOptions,
  standardFields,
  validateFieldValue,
  type CustomerField,
  type FieldValue,
} from '@parley/contracts/customer-master';
import type { CsvRow } from './csv-parser';
import { phoneProblemMessage } from '../../platform/phone';

/** A written phone number as a customer's number in E.164, or null (platform/phone.ts customerPhone, injected). */
export type NormalizePhone = (input: string, defaultRegion: string) => string | null;

/** A row's problem found by the parser, as the Error List shows it (quoting problems name their column). */
export function rowProblemMessage(row: CsvRow): string {
  switch (row.problem) {
    case 'tooLong':
      return customerMessages.rowTooLong;
    case 'quoting':
      return customerMessages.rowQuoting;
    case 'strayQuote':
      return customerMessages.rowStrayQuote(row.column ?? 1);
    case 'textAfterQuote':
      return customerMessages.rowTextAfterQuote(row.column ?? 1);
    default:
      return customerMessages.rowEncoding;
  }
}

export interface HeaderMappingRow {
  src: string;
  des: string;
}

/** How the file's columns feed the fields: built once per import from the definitions and mapping. */
export interface RowPlan {
  headerCount: number;
  name: number;
  phone: number;
  /** User fields with the column they read (-1: not mapped, so blank). */
  fields: { field: CustomerField; column: number }[];
}

/** The mapping problems (system header → message), empty when it can be imported. */
export function mappingProblems(
  fields: readonly CustomerField[],
  headers: readonly string[],
  mapping: readonly HeaderMappingRow[],
): string[] {
  const problems: string[] = [];
  const known = new Set(fields.map((field) => field.fieldName));
  const seen = new Set<string>();
  for (const row of mapping) {
    if (!known.has(row.src)) problems.push(`${row.src}: not a field of yours`);
    else if (seen.has(row.src)) problems.push(`${row.src}: mapped twice`);
    else if (row.des !== '' && !headers.includes(row.des))
      problems.push(`${row.src}: "${row.des}" is not a column of the file`);
    seen.add(row.src);
  }
  const mapped = (name: string) => mapping.some((row) => row.src === name && row.des !== '');
  if (!mapped('name') || !mapped('phoneNumber')) problems.unshift(customerMessages.mappingRequired);
  return problems;
}

export function buildPlan(
  fields: readonly CustomerField[],
  headers: readonly string[],
  mapping: readonly HeaderMappingRow[],
): RowPlan {
  const columnOf = (fieldName: string) => {
    const des = mapping.find((row) => row.src === fieldName)?.des ?? '';
    return des === '' ? -1 : headers.indexOf(des);
  };
  return {
    headerCount: headers.length,
    name: columnOf('name'),
    phone: columnOf('phoneNumber'),
    fields: fields.filter((field) => !field.standard).map((field) => ({ field, column: columnOf(field.fieldName) })),
  };
}

export interface CheckedRow {
  name: string;
  /** E.164, or '' when the number is not valid. */
  phone: string;
  /** Field id → stored value (blank values left out). */
  data: Record<string, FieldValue>;
  errors: string[];
}

const nameField = standardFields.find((field) => field.fieldName === 'name')!;
const phoneField = standardFields.find((field) => field.fieldName === 'phoneNumber')!;

/** A phone cell as written; a `'` put before a leading + by a spreadsheet (or our errors CSV) is dropped. */
export function phoneCell(cell: string): string {
  return /^'[+=\-@]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * A text cell a spreadsheet would run as a formula (CSV injection) is reported, not stored: it
 * would run when the customers are exported or opened elsewhere. Numbers (-5, +3.2) are fine.
 */
function formulaError(field: CustomerField, text: string): string | null {
  const value = text.trim();
  if (!/^[=+\-@\t\r]/.test(value) || /^[+-]?\d+(\.\d+)?$/.test(value)) return null;
  return customerMessages.formulaCell(field.fieldLabel);
}

/** Checks one parsed row against the definitions; answers what would be stored and every message. */
export function checkRow(plan: RowPlan, row: CsvRow, normalizePhone: NormalizePhone, region: string): CheckedRow {
  if (!row.fields) return { name: '', phone: '', data: {}, errors: [rowProblemMessage(row)] };
  const cells = row.fields;
  if (cells.length !== plan.headerCount)
    return { name: '', phone: '', data: {}, errors: [customerMessages.rowColumns(plan.headerCount, cells.length)] };
  const errors: string[] = [];
  const nameText = cells[plan.name] ?? '';
  const nameError = validateFieldValue(nameField, nameText) ?? formulaError(nameField, nameText);
  if (nameError) errors.push(nameError);
  const phoneText = phoneCell((cells[plan.phone] ?? '').trim());
  let phone = '';
  if (phoneText === '') errors.push(customerMessages.fieldRequired(phoneField.fieldLabel));
  else {
    phone = normalizePhone(phoneText, region) ?? '';
    if (!phone) errors.push(phoneProblemMessage(phoneText, region, customerMessages.phoneInvalid));
  }
  const data: Record<string, FieldValue> = {};
  for (const { field, column } of plan.fields) {
    const text = column < 0 ? '' : (cells[column] ?? '');
    const value: FieldValue = field.fieldType === 'selectbox-multiplevalue' ? splitOptions(text) : text;
    const error = validateFieldValue(field, value) ?? (Array.isArray(value) ? null : formulaError(field, value));
    if (error) errors.push(error);
    else if (Array.isArray(value) ? value.length > 0 : value.trim() !== '')
      data[field.id] = Array.isArray(value) ? value : value.trim();
  }
  return { name: nameText.trim(), phone, data, errors };
}
