import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blacklist } from '../../db/schema/broadcasts';
import { users } from '../../db/schema/platform';

export type BlacklistSource = 'manual' | 'import' | 'opt_out';

export interface BlacklistFilter {
  /** Digits (or text) the number contains. */
  search?: string;
  source?: string;
  from: number;
  perPage: number;
}

/** How many numbers one `IN (...)` lookup carries (well inside PostgreSQL's 65,535 parameters). */
export const LOOKUP_BATCH = 5000;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/** The blacklist of one enterprise: every read and write takes the caller's enterprise. */
export function createBlacklistRepository(db: Db) {
  const where = (enterpriseId: string, filter: Omit<BlacklistFilter, 'from' | 'perPage'>) =>
    and(
      eq(blacklist.enterpriseId, enterpriseId),
      filter.search ? ilike(blacklist.phone, `%${escapeLike(filter.search)}%`) : undefined,
      filter.source ? eq(blacklist.source, filter.source) : undefined,
    ) as SQL;

  return {
    /** A page of entries, newest first, with who added them, and the total matching the filter. */
    async list(enterpriseId: string, filter: BlacklistFilter) {
      const condition = where(enterpriseId, filter);
      const rows = await db
        .select({
          id: blacklist.id,
          phone: blacklist.phone,
          reason: blacklist.reason,
          source: blacklist.source,
          createdAt: blacklist.createdAt,
          createdBy: users.name,
        })
        .from(blacklist)
        .leftJoin(users, eq(users.id, blacklist.createdBy))
        .where(condition)
        .orderBy(desc(blacklist.createdAt), desc(blacklist.id))
        .limit(filter.perPage + 1)
        .offset(filter.from);
      const [counted] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(blacklist)
        .where(condition);
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /** Inserts the numbers not yet listed (one statement); answers how many were new. */
    async insertMany(
      enterpriseId: string,
      phones: readonly string[],
      entry: { reason: string; source: BlacklistSource; createdBy: string | null },
    ): Promise<number> {
      if (phones.length === 0) return 0;
      const inserted = await db
        .insert(blacklist)
        .values(phones.map((phone) => ({ enterpriseId, phone, ...entry })))
        .onConflictDoNothing({ target: [blacklist.enterpriseId, blacklist.phone] })
        .returning({ id: blacklist.id });
      return inserted.length;
    },

    async remove(enterpriseId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(blacklist)
        .where(and(eq(blacklist.id, id), eq(blacklist.enterpriseId, enterpriseId)))
        .returning({ id: blacklist.id });
      return rows.length > 0;
    },

    /** Removes the number's entry only when it came from an opt-out (a later START). */
    async removeOptOut(enterpriseId: string, phone: string): Promise<boolean> {
      const rows = await db
        .delete(blacklist)
        .where(
          and(eq(blacklist.enterpriseId, enterpriseId), eq(blacklist.phone, phone), eq(blacklist.source, 'opt_out')),
        )
        .returning({ id: blacklist.id });
      return rows.length > 0;
    },

    /** The listed numbers among `phones` (at most LOOKUP_BATCH of them) with their source. */
    async sourcesOf(enterpriseId: string, phones: readonly string[]) {
      if (phones.length === 0) return [];
      return db
        .select({ phone: blacklist.phone, source: blacklist.source })
        .from(blacklist)
        .where(and(eq(blacklist.enterpriseId, enterpriseId), inArray(blacklist.phone, [...phones])));
    },
  };
}

export type BlacklistRepository = ReturnType<typeof createBlacklistRepository>;
