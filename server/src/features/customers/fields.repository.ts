import { and, count, eq, sql } from 'drizzle-orm';
import type { FieldType, InputType } from '@parley/contracts/customer-master';
import type { Db } from '../../db/client';
import { createCustomerFieldsReader, userRows, type FieldRow } from '../../platform/customer-fields';
import { customerFields, customers } from '../../db/schema/customers';

export type { FieldRow };

/** The values a definition is saved with (the parsed field body). */
export interface FieldValues {
  fieldName: string;
  fieldLabel: string;
  fieldHelptext: string;
  mandatory: boolean;
  fieldType: FieldType;
  inputType?: InputType | null;
  minLength: number | null;
  maxLength: number | null;
  allowSpecialChars: boolean;
  allowedChars: string[];
  commaIncluded: boolean;
  defaultValues: string[];
}

/** Definitions storage; every call is scoped by the caller's enterprise. */
export function createFieldsRepository(db: Db) {
  const reader = createCustomerFieldsReader(db);
  return {
    listFields: reader.listFields,
    /** The user rows in order (no standard rows). */
    userRows: (enterpriseId: string) => userRows(db, enterpriseId),
    async get(enterpriseId: string, id: string): Promise<FieldRow | undefined> {
      const [row] = await db
        .select()
        .from(customerFields)
        .where(and(eq(customerFields.enterpriseId, enterpriseId), eq(customerFields.id, id)))
        .limit(1);
      return row;
    },
    async nameTaken(enterpriseId: string, fieldName: string, exceptId?: string) {
      const [row] = await db
        .select({ id: customerFields.id })
        .from(customerFields)
        .where(
          and(
            eq(customerFields.enterpriseId, enterpriseId),
            sql`lower(${customerFields.fieldName}) = ${fieldName.toLowerCase()}`,
            exceptId ? sql`${customerFields.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /**
     * Inserts at the end, unless the enterprise already has `max` fields (answers null). The count
     * and the insert run in one transaction that first locks the enterprise's rows.
     */
    async create(enterpriseId: string, values: FieldValues, max: number): Promise<string | null> {
      return db.transaction(async (tx) => {
        // Serialises concurrent creates of one enterprise (the limit and the next position).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer_fields:${enterpriseId}`}))`);
        const [stats] = await tx
          .select({ total: count(), last: sql<number | null>`max(${customerFields.position})` })
          .from(customerFields)
          .where(eq(customerFields.enterpriseId, enterpriseId));
        if ((stats?.total ?? 0) >= max) return null;
        const position = stats?.last === null || stats?.last === undefined ? 0 : Number(stats.last) + 1;
        const [row] = await tx
          .insert(customerFields)
          .values({ enterpriseId, ...values, position })
          .returning({ id: customerFields.id });
        return row!.id;
      });
    },
    async update(enterpriseId: string, id: string, values: FieldValues) {
      const rows = await db
        .update(customerFields)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(customerFields.enterpriseId, enterpriseId), eq(customerFields.id, id)))
        .returning({ id: customerFields.id });
      return rows.length === 1;
    },
    /** Moves the user field at `from` to `to` (0-based) and renumbers positions 0..n-1; false if out of range. */
    async move(enterpriseId: string, from: number, to: number) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer_fields:${enterpriseId}`}))`);
        const rows = await userRows(tx, enterpriseId);
        if (from >= rows.length || to >= rows.length) return false;
        const ordered = [...rows];
        const [moved] = ordered.splice(from, 1);
        ordered.splice(to, 0, moved!);
        for (const [position, row] of ordered.entries()) {
          if (row.position === position) continue;
          await tx
            .update(customerFields)
            .set({ position })
            .where(and(eq(customerFields.enterpriseId, enterpriseId), eq(customerFields.id, row.id)));
        }
        return true;
      });
    },
    /** How many of the enterprise's customers hold a value for the field. */
    async usage(enterpriseId: string, id: string) {
      const [row] = await db
        .select({ value: count() })
        .from(customers)
        .where(and(eq(customers.enterpriseId, enterpriseId), sql`${customers.data} ? ${id}`));
      return row?.value ?? 0;
    },
    /** Deletes the definition and strips its key from every customer's data, in one transaction. */
    async remove(enterpriseId: string, id: string) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(customerFields)
          .where(and(eq(customerFields.enterpriseId, enterpriseId), eq(customerFields.id, id)))
          .returning({ id: customerFields.id });
        if (rows.length === 0) return false;
        await tx
          .update(customers)
          .set({ data: sql`${customers.data} - ${id}::text` })
          .where(and(eq(customers.enterpriseId, enterpriseId), sql`${customers.data} ? ${id}`));
        return true;
      });
    },
  };
}

export type FieldsRepository = ReturnType<typeof createFieldsRepository>;
