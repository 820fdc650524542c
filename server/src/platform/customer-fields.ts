import { asc, eq } from 'drizzle-orm';
import { standardFields, type CustomerField, type FieldType, type InputType } from '@parley/contracts/customer-master';
import type { DbOrTx } from '../db/client';
import { customerFields } from '../db/schema/customers';

/**
 * Reading the customer attribute definitions, shared by the customer master (forms, lists) and the
 * CSV import (rows validate against the same list); later the broadcast's variable mapping.
 */
export type FieldRow = typeof customerFields.$inferSelect;

/** A stored definition as the contract shows it; `index` is its 0-based place among the user fields. */
export function toCustomerField(row: FieldRow, index: number): CustomerField {
  return {
    id: row.id,
    fieldName: row.fieldName,
    fieldLabel: row.fieldLabel,
    fieldHelptext: row.fieldHelptext,
    mandatory: row.mandatory,
    fieldType: row.fieldType as FieldType,
    inputType: (row.inputType as InputType | null) ?? null,
    minLength: row.minLength,
    maxLength: row.maxLength,
    allowSpecialChars: row.allowSpecialChars,
    allowedChars: row.allowedChars,
    commaIncluded: row.commaIncluded,
    defaultValues: row.defaultValues,
    index,
    standard: false,
  };
}

/** The user-defined rows of an enterprise in their order. */
export async function userRows(db: DbOrTx, enterpriseId: string): Promise<FieldRow[]> {
  return db
    .select()
    .from(customerFields)
    .where(eq(customerFields.enterpriseId, enterpriseId))
    .orderBy(asc(customerFields.position), asc(customerFields.createdAt), asc(customerFields.id));
}

/**
 * Reads an enterprise's definitions: the two standard fields first, then the user fields by
 * position. The CSV import uses this too, so both validate against the same list.
 */
export function createCustomerFieldsReader(db: DbOrTx) {
  return {
    async listFields(enterpriseId: string): Promise<CustomerField[]> {
      const rows = await userRows(db, enterpriseId);
      return [...standardFields, ...rows.map((row, index) => toCustomerField(row, index))];
    },
  };
}
export type CustomerFieldsReader = ReturnType<typeof createCustomerFieldsReader>;
