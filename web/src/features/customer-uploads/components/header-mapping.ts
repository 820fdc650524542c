import { standardFields, type CustomerField, type UploadDraft } from '@parley/contracts/customer-master';

export type HeaderMapping = Record<string, string>;

export interface SystemHeader {
  /** The field name the server knows the column by (name, phoneNumber or a user field's fieldName). */
  name: string;
  label: string;
  mandatory: boolean;
}

/** The system headers of a draft with their labels and mandatory flags from the definitions. */
export function describeSystemHeaders(
  draft: UploadDraft,
  fields: readonly CustomerField[] | undefined,
): SystemHeader[] {
  const known = new Map([...standardFields, ...(fields ?? [])].map((field) => [field.fieldName, field]));
  return draft.parsedHeaders.systemHeaders.map((name) => {
    const field = known.get(name);
    return { name, label: field?.fieldLabel ?? name, mandatory: field?.mandatory ?? false };
  });
}

/** The server's auto-match, with every system header present ('' = not imported). */
export function initialMapping(draft: UploadDraft): HeaderMapping {
  const userHeaders = new Set(draft.parsedHeaders.userHeaders);
  const mapping: HeaderMapping = Object.fromEntries(draft.parsedHeaders.systemHeaders.map((name) => [name, '']));
  for (const row of draft.headerMapping) {
    if (row.src in mapping && (row.des === '' || userHeaders.has(row.des))) mapping[row.src] = row.des;
  }
  return mapping;
}

/** The body's headerMapping, in the order of the system headers. */
export function mappingRows(draft: UploadDraft, mapping: HeaderMapping) {
  return draft.parsedHeaders.systemHeaders.map((src) => ({ src, des: mapping[src] ?? '' }));
}

/** Mandatory system headers left without a column of the file. */
export function unmappedMandatory(headers: readonly SystemHeader[], mapping: HeaderMapping): SystemHeader[] {
  return headers.filter((header) => header.mandatory && !mapping[header.name]);
}
