import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { channels, sandboxMessages } from '../../db/schema/channels';

export type SandboxRow = typeof sandboxMessages.$inferSelect;
export type SandboxInsert = typeof sandboxMessages.$inferInsert;

/** Statuses of a message on the phone, in the order they move; failed is terminal. */
export const phoneStatusOrder = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type PhoneStatus = (typeof phoneStatusOrder)[number];

/** The statuses a message may still move from to reach `status` (never backwards, never out of failed). */
export function statusesBefore(status: PhoneStatus): PhoneStatus[] {
  if (status === 'failed') return ['accepted', 'sent', 'delivered'];
  return phoneStatusOrder.slice(0, phoneStatusOrder.indexOf(status));
}

export interface ConversationRow {
  phone: string;
  lastMessageAt: Date;
  content: Record<string, unknown>;
  direction: string;
  count: number;
}

/** The most numbers the phone lists (the latest ones). */
const CONVERSATIONS_LIMIT = 200;
/** The most messages a thread shows (the latest ones, oldest first). */
const THREAD_LIMIT = 300;

/** The Sandbox's phones; reads are scoped by enterprise and channel. */
/** The messages one number of one Sandbox channel received (`to_phone`) or sent (`from_phone`). */
const ofNumber = (channelId: string, phone: string, direction: 'to_phone' | 'from_phone') =>
  and(
    eq(sandboxMessages.channelId, channelId),
    eq(sandboxMessages.phone, phone),
    eq(sandboxMessages.direction, direction),
  );

export function createSandboxRepository(db: Db) {
  return {
    /** Stores a row and, in the same transaction, what must follow it (the jobs that play it back). */
    async insertWith(values: SandboxInsert, then: (tx: DbOrTx, row: SandboxRow) => Promise<void>): Promise<SandboxRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(sandboxMessages).values(values).returning();
        await then(tx, row!);
        return row!;
      });
    },

    /** Many rows in one statement and, in the same transaction, what must follow them. */
    async insertManyWith(
      values: SandboxInsert[],
      then: (tx: DbOrTx, rows: SandboxRow[]) => Promise<void>,
    ): Promise<SandboxRow[]> {
      return db.transaction(async (tx) => {
        const rows = await tx.insert(sandboxMessages).values(values).returning();
        await then(tx, rows);
        return rows;
      });
    },

    /** Marks a customer's reply as taken by Parley (delivered) or refused by its webhook (failed). */
    async settleReply(vendorMessageId: string, status: 'delivered' | 'failed', errorText?: string) {
      const [row] = await db
        .update(sandboxMessages)
        .set({ status, statusAt: new Date(), ...(errorText ? { errorCode: 'webhook', errorText } : {}) })
        .where(
          and(
            eq(sandboxMessages.vendorMessageId, vendorMessageId),
            eq(sandboxMessages.direction, 'from_phone'),
            eq(sandboxMessages.status, 'sent'),
          ),
        )
        .returning();
      return row ?? null;
    },

    async byVendorId(vendorMessageId: string): Promise<SandboxRow | null> {
      const [row] = await db
        .select()
        .from(sandboxMessages)
        .where(eq(sandboxMessages.vendorMessageId, vendorMessageId))
        .limit(1);
      return row ?? null;
    },

    /** The phone's replies still waiting to be delivered, up to and including `upTo`, oldest first. */
    async pendingReplies(channelId: string, phone: string, upTo: Date): Promise<SandboxRow[]> {
      return db
        .select()
        .from(sandboxMessages)
        .where(
          and(
            ofNumber(channelId, phone, 'from_phone'),
            eq(sandboxMessages.status, 'sent'),
            lte(sandboxMessages.createdAt, upTo),
          ),
        )
        .orderBy(asc(sandboxMessages.createdAt), asc(sandboxMessages.id))
        .limit(50);
    },

    async byVendorIds(vendorMessageIds: string[]): Promise<SandboxRow[]> {
      if (vendorMessageIds.length === 0) return [];
      return db.select().from(sandboxMessages).where(inArray(sandboxMessages.vendorMessageId, vendorMessageIds));
    },

    /**
     * Moves to_phone messages to `status` where they are still before it, in one statement; answers
     * the rows that moved (not those past it or failed). Concurrent steps cannot move one backwards.
     */
    async advanceMany(
      vendorMessageIds: string[],
      status: PhoneStatus,
      error?: { code: string; title: string },
    ): Promise<SandboxRow[]> {
      if (vendorMessageIds.length === 0) return [];
      return db
        .update(sandboxMessages)
        .set({
          status,
          statusAt: new Date(),
          ...(error ? { errorCode: error.code, errorText: error.title } : {}),
        })
        .where(
          and(
            inArray(sandboxMessages.vendorMessageId, vendorMessageIds),
            eq(sandboxMessages.direction, 'to_phone'),
            inArray(sandboxMessages.status, statusesBefore(status)),
          ),
        )
        .returning();
    },

    /**
     * The enterprise's Sandbox channels (vendor 0), by name. Read straight from the channels table:
     * the phone needs only plain columns, and people who send templates may see it without the
     * channel permissions the channel list asks for.
     */
    async sandboxChannels(enterpriseId: string) {
      return db
        .select({
          id: channels.id,
          name: channels.name,
          type: channels.type,
          contactId: channels.contactId,
          settings: channels.settings,
        })
        .from(channels)
        .where(and(eq(channels.enterpriseId, enterpriseId), eq(channels.vendor, 0)))
        .orderBy(asc(sql`lower(${channels.name})`), asc(channels.id));
    },

    /** The numbers of a channel's phone with their latest message, latest first. */
    async conversations(enterpriseId: string, channelId: string): Promise<ConversationRow[]> {
      const result = (await db.execute(sql`
        select phone, created_at as "lastMessageAt", content, direction, count::int as count from (
          select distinct on (phone) phone, created_at, content, direction,
                 count(*) over (partition by phone) as count
            from ${sandboxMessages}
           where enterprise_id = ${enterpriseId} and channel_id = ${channelId}
           order by phone, created_at desc, id desc
        ) latest
        order by created_at desc
        limit ${CONVERSATIONS_LIMIT}
      `)) as unknown as { rows: (Omit<ConversationRow, 'lastMessageAt'> & { lastMessageAt: Date | string })[] };
      return result.rows.map((row) => ({
        ...row,
        count: Number(row.count),
        lastMessageAt: new Date(row.lastMessageAt),
      }));
    },

    /** The latest messages of one number, oldest first. */
    async thread(enterpriseId: string, channelId: string, phone: string): Promise<SandboxRow[]> {
      const rows = await db
        .select()
        .from(sandboxMessages)
        .where(
          and(
            eq(sandboxMessages.enterpriseId, enterpriseId),
            eq(sandboxMessages.channelId, channelId),
            eq(sandboxMessages.phone, phone),
          ),
        )
        .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
        .limit(THREAD_LIMIT);
      return rows.reverse();
    },

    /** Messages a phone has received and shown but not read yet: a reply reads them. */
    async unread(channelId: string, phone: string): Promise<SandboxRow[]> {
      return db
        .select()
        .from(sandboxMessages)
        .where(and(ofNumber(channelId, phone, 'to_phone'), inArray(sandboxMessages.status, ['sent', 'delivered'])))
        .orderBy(asc(sandboxMessages.createdAt));
    },

    /** When the customer of a number last wrote (the 24-hour customer-service window). */
    async lastReplySince(channelId: string, phone: string, since: Date): Promise<Date | null> {
      const [row] = await db
        .select({ at: sandboxMessages.createdAt })
        .from(sandboxMessages)
        .where(and(ofNumber(channelId, phone, 'from_phone'), gt(sandboxMessages.createdAt, since)))
        .orderBy(desc(sandboxMessages.createdAt))
        .limit(1);
      return row?.at ?? null;
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
