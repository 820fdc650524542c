import {
  entityBody,
  entityMessages,
  type CustomEntity,
  type EntityBody,
  type EntityValueType,
} from '@parley/contracts/agent-entities';

/** One value row as the form edits it: synonyms as a comma-joined string, the pattern as text. */
export interface ValueRowState {
  key: string;
  value: string;
  type: EntityValueType;
  synonyms: string;
  pattern: string;
  /** The user has left the value field (the hint shows only then). */
  valueTouched: boolean;
  /** The user has been through the synonyms / pattern field. */
  detailTouched: boolean;
}

let sequence = 0;
const nextKey = () => {
  sequence += 1;
  return `row-${sequence}`;
};

export function emptyRow(): ValueRowState {
  return {
    key: nextKey(),
    value: '',
    type: 'synonyms',
    synonyms: '',
    pattern: '',
    valueTouched: false,
    detailTouched: false,
  };
}

export function rowsFromEntity(entity: CustomEntity): ValueRowState[] {
  const rows = entity.values.map((row) => ({
    key: nextKey(),
    value: row.value,
    type: row.type,
    synonyms: row.synonyms.join(', '),
    pattern: row.pattern[0] ?? '',
    valueTouched: false,
    detailTouched: false,
  }));
  return rows.length > 0 ? rows : [emptyRow()];
}

/** The request body: synonyms go comma-joined (the server splits them), the pattern as one string. */
export function toEntityBody(name: string, rows: ValueRowState[]): EntityBody {
  return {
    name,
    values: rows.map((row) =>
      row.type === 'synonyms'
        ? { value: row.value, type: 'synonyms' as const, synonyms: row.synonyms }
        : { value: row.value, type: 'pattern' as const, pattern: row.pattern },
    ),
  };
}

/** Splits the comma-joined synonyms the way the server does. */
export function splitSynonyms(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The same zod schema as the server: errors keyed like the server's fieldErrors ('values.0.pattern'). */
export function validateEntity(name: string, rows: ValueRowState[]): Record<string, string> {
  const result = entityBody.safeParse(toEntityBody(name, rows));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The text shown under a row's value: the spec's hint while it is empty, else the rule that fails. */
export function valueHint(row: ValueRowState, error: string | undefined): string | undefined {
  if (!row.value.trim()) return row.valueTouched ? entityMessages.valueFirst : undefined;
  return error;
}
