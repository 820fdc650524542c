import { and, asc, desc, eq, getTableColumns, gt, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelMessageEvents, channelMessages, channels } from '../../db/schema/channels';
import { departments } from '../../db/schema/enterprise-admin';
import { enterprises } from '../../db/schema/platform';

export type ChannelRow = typeof channels.$inferSelect;
export type ChannelWithDepartment = ChannelRow & { departmentName: string | null };
export type ChannelMessageRow = typeof channelMessages.$inferSelect;
export type ChannelMessageInsert = typeof channelMessages.$inferInsert;

const withDepartment = { ...getTableColumns(channels), departmentName: departments.name };

/** SQL rank of a status (messageStatusRank of the contracts): a message only moves to a higher one. */
const rankOf = (column: unknown) =>
  sql`(case ${column} when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 else 0 end)`;

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
    /** A status event, once per message and status; undefined when it was already stored. */
    async insertEvent(values: typeof channelMessageEvents.$inferInsert) {
      const [row] = await db
        .insert(channelMessageEvents)
        .values(values)
        .onConflictDoNothing({
          target: [channelMessageEvents.channelId, channelMessageEvents.vendorMessageId, channelMessageEvents.status],
        })
        .returning();
      return row;
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
