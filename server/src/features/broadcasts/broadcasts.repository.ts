import { and, eq, sql } from 'drizzle-orm';
import type { TemplateValues } from '@parley/contracts/templates';
import type { Db, DbOrTx } from '../../db/client';
import { broadcasts } from '../../db/schema/broadcasts';
import { channels, messageTemplates } from '../../db/schema/channels';

/** Rows per INSERT of the outbox: one JSON parameter each, so no bind-parameter limit is near. */
export const RECIPIENT_INSERT_BATCH = 5000;

export interface OutboxRow {
  phone: string;
  customerId: string | null;
  values: TemplateValues;
  /** pending, or blocked (with the reason). */
  state: 'pending' | 'blocked';
  errorCode: string | null;
  errorText: string | null;
}

export type NewBroadcast = typeof broadcasts.$inferInsert;

/** The send side's reads and writes: the template and channel of a request, the broadcast and its outbox. */
export function createBroadcastsRepository(db: Db) {
  return {
    /** A template of the enterprise. */
    async template(enterpriseId: string, id: string) {
      const [row] = await db
        .select()
        .from(messageTemplates)
        .where(and(eq(messageTemplates.id, id), eq(messageTemplates.enterpriseId, enterpriseId)));
      return row;
    },

    /** The channel's messages-per-second setting. */
    async messagesPerSecond(enterpriseId: string, channelId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ messagesPerSecond: channels.messagesPerSecond })
        .from(channels)
        .where(and(eq(channels.id, channelId), eq(channels.enterpriseId, enterpriseId)));
      return row?.messagesPerSecond;
    },

    async exists(enterpriseId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: broadcasts.id })
        .from(broadcasts)
        .where(and(eq(broadcasts.id, id), eq(broadcasts.enterpriseId, enterpriseId)));
      return row !== undefined;
    },

    async insertBroadcast(tx: DbOrTx, values: NewBroadcast): Promise<string> {
      const [row] = await tx.insert(broadcasts).values(values).returning({ id: broadcasts.id });
      return row!.id;
    },

    /**
     * Inserts the outbox rows in batches of {@link RECIPIENT_INSERT_BATCH}, each batch one statement
     * reading a JSON array (fast on both drivers, no parameter-count limit).
     */
    async insertRecipients(tx: DbOrTx, enterpriseId: string, broadcastId: string, rows: readonly OutboxRow[]) {
      for (let start = 0; start < rows.length; start += RECIPIENT_INSERT_BATCH) {
        const batch = rows.slice(start, start + RECIPIENT_INSERT_BATCH).map((row) => ({
          phone: row.phone,
          customer_id: row.customerId,
          values: row.values,
          state: row.state,
          error_code: row.errorCode,
          error_text: row.errorText,
        }));
        await tx.execute(sql`
          insert into broadcast_recipients
            (enterprise_id, broadcast_id, phone, customer_id, "values", state, error_code, error_text)
          select ${enterpriseId}::uuid, ${broadcastId}::uuid, r.phone, r.customer_id, r."values", r.state,
                 r.error_code, r.error_text
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
            as r(phone text, customer_id uuid, "values" jsonb, state text, error_code text, error_text text)`);
      }
    },
  };
}
export type BroadcastsRepository = ReturnType<typeof createBroadcastsRepository>;
