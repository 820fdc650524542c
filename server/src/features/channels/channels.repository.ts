import { and, asc, desc, eq, getTableColumns, gt, ilike, inArray, sql } from 'drizzle-orm';
import { namedQueryFor, type Db } from '../../db/client';
import { channelMessageEvents, channelMessages, channels } from '../../db/schema/channels';
import { departments } from '../../db/schema/enterprise-admin';
import { enterprises } from '../../db/schema/platform';

export type ChannelRow = typeof channels.$inferSelect;
export type ChannelWithDepartment = ChannelRow & { departmentName: string | null };
export type ChannelMessageRow = typeof channelMessages.$inferSelect;
export type ChannelMessageInsert = typeof channelMessages.$inferInsert;

const withDepartment = { ...getTableColumns(channels), departmentName: departments.name };

/** SQL rank of a status (messageStatusRank of the contracts): a message only moves to a higher one. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const RANK_WHENS = `when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 else 0 end)`;
const RANK_SQL = (column: string) => `(case ${column} ${RANK_WHENS}`;
const rankOf = (column: unknown) => sql`(case ${column} ${sql.raw(RANK_WHENS)}`;

export type StatusEventInsert = {
  enterpriseId: string;
  channelId: string;
  vendorMessageId: string;
  status: string;
  occurredAt: Date;
  errorCode: string | null;
  errorText: string | null;
};
export type StoredStatusEvent = { channelId: string; vendorMessageId: string; status: string };
export type MovedMessage = {
  id: string;
  enterpriseId: string;
  channelId: string;
  vendorMessageId: string;
  status: string;
  direction: string;
  source: string;
  sourceId: string | null;
};

export function createChannelsRepository(db: Db) {
  return {
    async list(enterpriseId: string, filter: { name?: string; type?: number; from: number; perPage: number }) {
      return db
        .select(withDepartment)
        .from(channels)
        .leftJoin(departments, eq(departments.id, channels.departmentId))
        .where(
          and(
            eq(channels.enterpriseId, enterpriseId),
            filter.name ? ilike(channels.name, `%${filter.name.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
            filter.type !== undefined ? eq(channels.type, filter.type) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${channels.name})`), asc(channels.id))
        .limit(filter.perPage + 1)
        .offset(filter.from);
    },
    async get(enterpriseId: string, id: string): Promise<ChannelWithDepartment | undefined> {
      const [row] = await db
        .select(withDepartment)
        .from(channels)
        .leftJoin(departments, eq(departments.id, channels.departmentId))
        .where(and(eq(channels.id, id), eq(channels.enterpriseId, enterpriseId)));
      return row;
    },
    async getById(id: string): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(channels).where(eq(channels.id, id));
      return row;
    },
    async getByWebhookKey(key: string): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(channels).where(eq(channels.webhookKey, key));
      return row;
    },
    /** The enterprise's channel whose credentials name this WhatsApp phone number id (the oldest, should two). */
    async getByPhoneNumberId(enterpriseId: string, phoneNumberId: string): Promise<ChannelRow | undefined> {
      const [row] = await db
        .select()
        .from(channels)
        .where(
          and(eq(channels.enterpriseId, enterpriseId), sql`${channels.settings}->>'phoneNumberId' = ${phoneNumberId}`),
        )
        .orderBy(asc(channels.createdAt))
        .limit(1);
      return row;
    },
    /** The enterprise's channels whose credentials name this WhatsApp Business Account. */
    async listByWabaId(enterpriseId: string, wabaId: string): Promise<ChannelRow[]> {
      return db
        .select()
        .from(channels)
        .where(and(eq(channels.enterpriseId, enterpriseId), sql`${channels.settings}->>'wabaId' = ${wabaId}`))
        .orderBy(asc(channels.createdAt));
    },
    async insert(values: typeof channels.$inferInsert) {
      const [row] = await db.insert(channels).values(values).returning({ id: channels.id });
      return row!;
    },
    async update(
      enterpriseId: string,
      id: string,
      values: Pick<
        ChannelRow,
        'name' | 'type' | 'vendor' | 'departmentId' | 'contactId' | 'settings' | 'secretsEnc' | 'messagesPerSecond'
      >,
    ) {
      const rows = await db
        .update(channels)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(channels.id, id), eq(channels.enterpriseId, enterpriseId)))
        .returning({ id: channels.id });
      return rows.length > 0;
    },
    async remove(enterpriseId: string, id: string) {
      const rows = await db
        .delete(channels)
        .where(and(eq(channels.id, id), eq(channels.enterpriseId, enterpriseId)))
        .returning({ id: channels.id });
      return rows.length > 0;
    },
    async departmentExists(enterpriseId: string, id: string) {
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.id, id), eq(departments.enterpriseId, enterpriseId)));
      return row !== undefined;
    },

    async offeredVendors(enterpriseId: string): Promise<number[]> {
      const [row] = await db
        .select({ settings: enterprises.settings })
        .from(enterprises)
        .where(eq(enterprises.id, enterpriseId));
      return row?.settings.offeredVendors ?? [];
    },
    /** Writes the one key inside the settings document, leaving the others as they are. */
    async setOfferedVendors(enterpriseId: string, vendors: number[]) {
      await db
        .update(enterprises)
        .set({
          settings: sql`jsonb_set(${enterprises.settings}, '{offeredVendors}', ${JSON.stringify(vendors)}::jsonb, true)`,
        })
        .where(eq(enterprises.id, enterpriseId));
    },

    // --- message log ---------------------------------------------------------------------------

    async listMessages(
      enterpriseId: string,
      channelId: string,
      filter: { customerNumber?: string; from: number; perPage: number },
    ) {
      return db
        .select()
        .from(channelMessages)
        .where(
          and(
            eq(channelMessages.enterpriseId, enterpriseId),
            eq(channelMessages.channelId, channelId),
            filter.customerNumber ? eq(channelMessages.customerNumber, filter.customerNumber) : undefined,
          ),
        )
        .orderBy(desc(channelMessages.createdAt), desc(channelMessages.id))
        .limit(filter.perPage + 1)
        .offset(filter.from);
    },
    async insertMessage(values: ChannelMessageInsert): Promise<ChannelMessageRow> {
      const [row] = await db.insert(channelMessages).values(values).returning();
      return row!;
    },
    /** Many log rows in one statement (one commit): the bulk sends of a broadcast. */
    async insertMessages(values: ChannelMessageInsert[]): Promise<ChannelMessageRow[]> {
      if (values.length === 0) return [];
      return db.insert(channelMessages).values(values).returning();
    },
    /** Which of these vendor ids of a channel already have status events (statuses that came before the log). */
    async vendorIdsWithEvents(channelId: string, vendorMessageIds: string[]): Promise<Set<string>> {
      if (vendorMessageIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ vendorMessageId: channelMessageEvents.vendorMessageId })
        .from(channelMessageEvents)
        .where(
          and(
            eq(channelMessageEvents.channelId, channelId),
            inArray(channelMessageEvents.vendorMessageId, vendorMessageIds),
          ),
        );
      return new Set(rows.map((row) => row.vendorMessageId));
    },
    /** An inbound message, once however often the vendor repeats it; undefined when already stored. */
    async insertInbound(values: ChannelMessageInsert): Promise<ChannelMessageRow | undefined> {
      const [row] = await db
        .insert(channelMessages)
        .values(values)
        .onConflictDoNothing({ target: [channelMessages.channelId, channelMessages.vendorMessageId] })
        .returning();
      return row;
    },
    /** True when the customer wrote on the channel after `since` (the 24-hour window; an inbound message's status_at is when it was written). */
    async hasInboundSince(channelId: string, customerNumber: string, since: Date) {
      const [row] = await db
        .select({ id: channelMessages.id })
        .from(channelMessages)
        .where(
          and(
            eq(channelMessages.channelId, channelId),
            eq(channelMessages.customerNumber, customerNumber),
            eq(channelMessages.direction, 'in'),
            gt(channelMessages.statusAt, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /**
     * Status events of many callbacks in one statement: each stored once per message and status
     * (repeats are dropped), and every outbound message they concern moved to the highest status
     * among its new events when that ranks above its current one (failed is terminal). Answers the
     * events that were new and the messages that moved.
     */
    async storeStatusEvents(
      events: StatusEventInsert[],
    ): Promise<{ stored: StoredStatusEvent[]; moved: MovedMessage[] }> {
      if (events.length === 0) return { stored: [], moved: [] };
      // In key order, so that two batches written at once take their row locks in the same order.
      const ordered = [...events].sort(
        (a, b) =>
          compare(a.channelId, b.channelId) ||
          compare(a.vendorMessageId, b.vendorMessageId) ||
          compare(a.status, b.status),
      );
      const { rows } = await namedQueryFor(db)(
        'channels_store_status_events',
        `WITH input AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(
             enterprise_id uuid, channel_id uuid, vendor_message_id text, status text,
             occurred_at timestamptz, error_code text, error_text text)
         ), stored AS (
           INSERT INTO channel_message_events
             (enterprise_id, channel_id, vendor_message_id, status, occurred_at, error_code, error_text)
           SELECT enterprise_id, channel_id, vendor_message_id, status, occurred_at, error_code, error_text FROM input
           ON CONFLICT (channel_id, vendor_message_id, status) DO NOTHING
           RETURNING channel_id, vendor_message_id, status, occurred_at, error_code, error_text
         ), best AS (
           SELECT DISTINCT ON (channel_id, vendor_message_id) * FROM stored
           ORDER BY channel_id, vendor_message_id, ${RANK_SQL('status')} DESC
         ), moved AS (
           UPDATE channel_messages m
           SET status = b.status, status_at = b.occurred_at,
               error_code = CASE WHEN b.status = 'failed' THEN b.error_code ELSE m.error_code END,
               error_text = CASE WHEN b.status = 'failed' THEN b.error_text ELSE m.error_text END
           FROM best b
           WHERE m.channel_id = b.channel_id AND m.vendor_message_id = b.vendor_message_id
             AND m.direction = 'out' AND ${RANK_SQL('m.status')} < ${RANK_SQL('b.status')}
           RETURNING m.id, m.enterprise_id, m.channel_id, m.vendor_message_id, m.status, m.direction,
                     m.source, m.source_id
         )
         SELECT 'stored' AS kind, NULL AS id, channel_id, vendor_message_id, status, NULL AS enterprise_id,
                NULL AS direction, NULL AS source, NULL AS source_id FROM stored
         UNION ALL
         SELECT 'moved', id, channel_id, vendor_message_id, status, enterprise_id, direction, source, source_id FROM moved`,
        [
          JSON.stringify(
            ordered.map((event) => ({
              enterprise_id: event.enterpriseId,
              channel_id: event.channelId,
              vendor_message_id: event.vendorMessageId,
              status: event.status,
              occurred_at: event.occurredAt.toISOString(),
              error_code: event.errorCode,
              error_text: event.errorText,
            })),
          ),
        ],
      );
      const stored: StoredStatusEvent[] = [];
      const moved: MovedMessage[] = [];
      for (const row of rows) {
        if (row.kind === 'stored')
          stored.push({
            channelId: String(row.channel_id),
            vendorMessageId: String(row.vendor_message_id),
            status: String(row.status),
          });
        else
          moved.push({
            id: String(row.id),
            enterpriseId: String(row.enterprise_id),
            channelId: String(row.channel_id),
            vendorMessageId: String(row.vendor_message_id),
            status: String(row.status),
            direction: String(row.direction),
            source: String(row.source),
            sourceId: row.source_id === null ? null : String(row.source_id),
          });
      }
      return { stored, moved };
    },
    async eventsOf(channelId: string, vendorMessageId: string) {
      return db
        .select()
        .from(channelMessageEvents)
        .where(
          and(eq(channelMessageEvents.channelId, channelId), eq(channelMessageEvents.vendorMessageId, vendorMessageId)),
        );
    },
    /**
     * Moves an outbound message to `status` when that ranks higher than its current one (failed is
     * terminal, being the highest); one statement, so concurrent callbacks cannot move it back.
     */
    async advanceStatus(
      channelId: string,
      where: { vendorMessageId: string } | { id: string },
      status: { status: string; at: Date; errorCode?: string | null; errorText?: string | null },
    ): Promise<ChannelMessageRow | undefined> {
      const [row] = await db
        .update(channelMessages)
        .set({
          status: status.status,
          statusAt: status.at,
          ...(status.status === 'failed'
            ? { errorCode: status.errorCode ?? null, errorText: status.errorText ?? null }
            : {}),
        })
        .where(
          and(
            eq(channelMessages.channelId, channelId),
            eq(channelMessages.direction, 'out'),
            'id' in where
              ? eq(channelMessages.id, where.id)
              : eq(channelMessages.vendorMessageId, where.vendorMessageId),
            sql`${rankOf(channelMessages.status)} < ${rankOf(sql`${status.status}::text`)}`,
          ),
        )
        .returning();
      return row;
    },
  };
}
export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
