import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { containsPattern } from '../db/like-pattern';
import { customers } from '../db/schema/customers';
import { userRows } from './customer-fields';

/**
 * Customers by phone number and the columns a message variable can be filled from, for features
 * that message customers in bulk (the broadcast's column mapping). Reads the customer master's
 * tables; writes nothing.
 */
export interface CustomerRecord {
  id: string;
  name: string;
  /** E.164 with the plus. */
  phoneNumber: string;
  /** User-defined attribute values by customer_fields.id. */
  data: Record<string, string | string[]>;
}

/** A column a variable can be mapped to: the standard name and phoneNumber, or a user field. */
export interface CustomerColumn {
  /** 'name', 'phoneNumber' or the field's fieldName. */
  name: string;
  label: string;
  /** customer_fields.id for a user field. */
  fieldId: string | null;
}

/** A PostgreSQL array literal of texts: one bind parameter for a whole batch (fast on both drivers). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** Phones per query: one statement per 5,000 numbers keeps 100,000 recipients to 20 queries. */
export const LOOKUP_BATCH = 5000;

export function createCustomerLookup(db: DbOrTx) {
  return {
    /** The enterprise's customers among `phones` (E.164), by phone. */
    async byPhones(enterpriseId: string, phones: readonly string[]): Promise<Map<string, CustomerRecord>> {
      const found = new Map<string, CustomerRecord>();
      for (let start = 0; start < phones.length; start += LOOKUP_BATCH) {
        const batch = phones.slice(start, start + LOOKUP_BATCH);
        const rows = await db
          .select({ id: customers.id, name: customers.name, phoneNumber: customers.phoneNumber, data: customers.data })
          .from(customers)
          .where(
            and(
              eq(customers.enterpriseId, enterpriseId),
              sql`${customers.phoneNumber} = any(${textArray(batch)}::text[])`,
            ),
          );
        for (const row of rows) found.set(row.phoneNumber, row);
      }
      return found;
    },

    /**
     * A page of the enterprise's customers, newest first, whose name or phone contains `search`
     * (the expression the customer master's trigram index covers).
     */
    async page(enterpriseId: string, options: { search?: string; from: number; perPage: number }) {
      const term = options.search?.trim().toLowerCase();
      const rows = await db
        .select({ id: customers.id, name: customers.name, phoneNumber: customers.phoneNumber })
        .from(customers)
        .where(
          and(
            eq(customers.enterpriseId, enterpriseId),
            term
              ? sql`(lower(${customers.name}) || ' ' || ${customers.phoneNumber}) like ${containsPattern(term)}`
              : undefined,
          ),
        )
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(options.perPage + 1)
        .offset(options.from);
      return { customers: rows.slice(0, options.perPage), more: rows.length > options.perPage };
    },

    /** The columns of the enterprise's customers: name, phoneNumber, then the user fields in order. */
    async columns(enterpriseId: string): Promise<CustomerColumn[]> {
      const rows = await userRows(db, enterpriseId);
      return [
        { name: 'name', label: 'Name', fieldId: null },
        { name: 'phoneNumber', label: 'Phone Number', fieldId: null },
        ...rows.map((row) => ({ name: row.fieldName, label: row.fieldLabel, fieldId: row.id })),
      ];
    },
  };
}
export type CustomerLookup = ReturnType<typeof createCustomerLookup>;

/** A customer's value of a column as text ('' when empty; a multi-select's options joined by ', '). */
export function customerColumnValue(customer: CustomerRecord, column: CustomerColumn): string {
  if (column.fieldId === null) return column.name === 'name' ? customer.name.trim() : customer.phoneNumber;
  const value = customer.data[column.fieldId];
  if (Array.isArray(value)) return value.filter((item) => item.trim() !== '').join(', ');
  return (value ?? '').trim();
}
