import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customerGroupMembers,
  customerGroups,
  customers,
  customerSegmentMembers,
  customerSegments,
} from '../../db/schema/customers';
import { addToGroups, addToSegments, removeFromGroups, removeFromSegments } from './memberships.repository';

export interface CustomerValues {
  name: string;
  whatsAppNumber: string | null;
  facebookId: string | null;
  instaId: string | null;
  twitterId: string | null;
  data: Record<string, string | string[]>;
}

export interface ListOptions {
  from: number;
  perPage: number;
  /** ILIKE patterns matched against the indexed search expression; a row matches any of them. */
  patterns: string[];
  tags?: string;
  groups?: string;
}

/** The expression of the trigram index customers_search_trgm_idx, written exactly as it is indexed. */
const searchText = sql`(lower(${customers.name}) || ' ' || ${customers.phoneNumber})`;

/** Customers of an enterprise; every call is scoped by the enterprise (another tenant's id finds nothing). */
export function createCustomersRepository(db: Db) {
  return {
    /** perPage + 1 rows, newest first (newest in the segment when filtered by one). */
    async list(enterpriseId: string, options: ListOptions) {
      const recent = await listRecentMatches(db, enterpriseId, options);
      if (recent) return recent;
      const search: SQL | undefined =
        options.patterns.length > 0
          ? or(...options.patterns.map((pattern) => sql`${searchText} ilike ${pattern}`))
          : undefined;
      const selection = {
        id: customers.id,
        name: customers.name,
        phoneNumber: customers.phoneNumber,
        data: customers.data,
      };
      if (options.tags) {
        return db
          .select(selection)
          .from(customerSegmentMembers)
          .innerJoin(customers, eq(customers.id, customerSegmentMembers.customerId))
          .where(
            and(
              eq(customerSegmentMembers.segmentId, options.tags),
              eq(customers.enterpriseId, enterpriseId),
              search,
              options.groups ? inGroup(options.groups) : undefined,
            ),
          )
          .orderBy(desc(customerSegmentMembers.createdAt), asc(customerSegmentMembers.customerId))
          .limit(options.perPage + 1)
          .offset(options.from);
      }
      return db
        .select(selection)
        .from(customers)
        .where(
          and(eq(customers.enterpriseId, enterpriseId), search, options.groups ? inGroup(options.groups) : undefined),
        )
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(options.perPage + 1)
        .offset(options.from);
    },
    async get(enterpriseId: string, id: string) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.enterpriseId, enterpriseId), eq(customers.id, id)))
        .limit(1);
      if (!row) return undefined;
      const tags = await db
        .select({ id: customerSegments.id, name: customerSegments.name })
        .from(customerSegmentMembers)
        .innerJoin(customerSegments, eq(customerSegments.id, customerSegmentMembers.segmentId))
        .where(eq(customerSegmentMembers.customerId, id))
        .orderBy(asc(sql`lower(${customerSegments.name})`), asc(customerSegments.id));
      const groups = await db
        .select({ id: customerGroups.id, name: customerGroups.name })
        .from(customerGroupMembers)
        .innerJoin(customerGroups, eq(customerGroups.id, customerGroupMembers.groupId))
        .where(eq(customerGroupMembers.customerId, id))
        .orderBy(asc(sql`lower(${customerGroups.name})`), asc(customerGroups.id));
      return { ...row, tags, groups };
    },
    /** Inserts the customer with its memberships in one transaction (a taken phone meets the unique index). */
    async create(
      enterpriseId: string,
      values: CustomerValues & { phoneNumber: string },
      tags: string[],
      groups: string[],
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customers)
          .values({ enterpriseId, ...values })
          .returning({ id: customers.id });
        await addToSegments(tx, tags, [row!.id]);
        await addToGroups(tx, groups, [row!.id]);
        return row!.id;
      });
    },
    /** Updates the customer and replaces its memberships; false when it is not the enterprise's. */
    async update(enterpriseId: string, id: string, values: CustomerValues, tags: string[], groups: string[]) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(customers)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(customers.enterpriseId, enterpriseId), eq(customers.id, id)))
          .returning({ id: customers.id });
        if (rows.length === 0) return false;
        const currentTags = await tx
          .select({ id: customerSegmentMembers.segmentId })
          .from(customerSegmentMembers)
          .where(eq(customerSegmentMembers.customerId, id));
        const currentGroups = await tx
          .select({ id: customerGroupMembers.groupId })
          .from(customerGroupMembers)
          .where(eq(customerGroupMembers.customerId, id));
        const oldTags = currentTags.map((row) => row.id);
        const oldGroups = currentGroups.map((row) => row.id);
        await removeFromSegments(
          tx,
          id,
          oldTags.filter((tag) => !tags.includes(tag)),
        );
        await addToSegments(
          tx,
          tags.filter((tag) => !oldTags.includes(tag)),
          [id],
        );
        await removeFromGroups(
          tx,
          id,
          oldGroups.filter((group) => !groups.includes(group)),
        );
        await addToGroups(
          tx,
          groups.filter((group) => !oldGroups.includes(group)),
          [id],
        );
        return true;
      });
    },
    /** Deletes the customer; its segments' counts go down in the same transaction. */
    async remove(enterpriseId: string, id: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.enterpriseId, enterpriseId), eq(customers.id, id)))
          .for('update');
        if (!row) return false;
        await removeFromSegments(tx, id, null);
        await tx.delete(customers).where(and(eq(customers.enterpriseId, enterpriseId), eq(customers.id, id)));
        return true;
      });
    },
  };
}

/**
 * A search looks first among the newest RECENT_WINDOW customers (of the segment, when filtered by
 * one) through the ordered index: when they hold the whole page (from + perPage + 1 matches), that
 * page is exactly the page of the full search, since every other match is older. A common term
 * (thousands of matches among a million customers) is then answered without fetching and
 * rechecking every match the trigram index finds; otherwise (rare terms, found by a capped count
 * first, deep pages, a group filter) the caller runs the trigram search. Measured in
 * docs/benchmarks.md.
 */
const RECENT_WINDOW = 5000;
/** Without a segment, the window is tried only for a term with more matches than this. */
const COMMON_MATCHES = 50;

type ListRow = { id: string; name: string; phoneNumber: string; data: Record<string, string | string[]> };

async function listRecentMatches(db: Db, enterpriseId: string, options: ListOptions): Promise<ListRow[] | null> {
  const wanted = options.from + options.perPage + 1;
  if (options.patterns.length === 0 || options.groups || wanted > RECENT_WINDOW) return null;
  const text = sql`(lower(c.name) || ' ' || c.phone_number)`;
  const search = sql.join(
    options.patterns.map((pattern) => sql`${text} ilike ${pattern}`),
    sql` or `,
  );
  if (!options.tags) {
    // A rare term (most searches) is answered at once by the trigram index: count up to
    // COMMON_MATCHES matches without ordering them (the index gives them cheaply).
    const probe = (await db.execute(
      sql`select count(*)::int as n from (select 1 from ${customers} c
            where c.enterprise_id = ${enterpriseId} and (${search}) limit ${COMMON_MATCHES + 1}) t`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(probe.rows[0]?.n ?? 0) <= COMMON_MATCHES) return null;
  }
  const query = options.tags
    ? sql`select c.id, c.name, c.phone_number as "phoneNumber", c.data
          from (select customer_id, created_at from ${customerSegmentMembers}
                where segment_id = ${options.tags}
                order by created_at desc, customer_id asc limit ${RECENT_WINDOW}) m
          join ${customers} c on c.id = m.customer_id and c.enterprise_id = ${enterpriseId}
          where (${search})
          order by m.created_at desc, m.customer_id asc
          limit ${options.perPage + 1} offset ${options.from}`
    : sql`select c.id, c.name, c.phone_number as "phoneNumber", c.data
          from (select id, name, phone_number, data, created_at from ${customers}
                where enterprise_id = ${enterpriseId}
                order by created_at desc, id desc limit ${RECENT_WINDOW}) c
          where (${search})
          order by c.created_at desc, c.id desc
          limit ${options.perPage + 1} offset ${options.from}`;
  const result = (await db.execute(query)) as unknown as { rows: ListRow[] };
  return result.rows.length === options.perPage + 1 ? result.rows : null;
}

function inGroup(groupId: string) {
  return sql`exists (select 1 from ${customerGroupMembers} where ${customerGroupMembers.groupId} = ${groupId} and ${customerGroupMembers.customerId} = ${customers.id})`;
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
export type CustomerRow = NonNullable<Awaited<ReturnType<CustomersRepository['get']>>>;
