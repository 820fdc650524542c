import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { customerGroups, customerSegments, customers } from '../../db/schema/customers';
import { containsPattern } from '../../db/like-pattern';
import { addToGroups, addToSegments } from './memberships.repository';

/** Segments (tags / labels) and groups of an enterprise; every call is scoped by the enterprise. */
export function createSegmentsRepository(db: Db) {
  return {
    /** By name (the panel auto-selects the first). */
    async listSegments(enterpriseId: string, search?: string) {
      return db
        .select({ id: customerSegments.id, name: customerSegments.name, count: customerSegments.memberCount })
        .from(customerSegments)
        .where(
          and(
            eq(customerSegments.enterpriseId, enterpriseId),
            search ? ilike(customerSegments.name, containsPattern(search)) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${customerSegments.name})`), asc(customerSegments.id))
        .limit(1000);
    },
    async createSegment(enterpriseId: string, name: string) {
      const [row] = await db
        .insert(customerSegments)
        .values({ enterpriseId, name })
        .returning({ id: customerSegments.id, name: customerSegments.name, count: customerSegments.memberCount });
      return row!;
    },
    async listGroups(enterpriseId: string, search?: string) {
      return db
        .select({ id: customerGroups.id, name: customerGroups.name })
        .from(customerGroups)
        .where(
          and(
            eq(customerGroups.enterpriseId, enterpriseId),
            search ? ilike(customerGroups.name, containsPattern(search)) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${customerGroups.name})`), asc(customerGroups.id))
        .limit(1000);
    },
    async createGroup(enterpriseId: string, name: string) {
      const [row] = await db
        .insert(customerGroups)
        .values({ enterpriseId, name })
        .returning({ id: customerGroups.id, name: customerGroups.name });
      return row!;
    },
    /** Maps customers to segments or groups in one transaction; false when an id is not the enterprise's. */
    async map(enterpriseId: string, kind: 'segments' | 'groups', ids: string[], customerIds: string[]) {
      return db.transaction(async (tx) => {
        const owned =
          kind === 'segments'
            ? await countOwned(tx, customerSegments, enterpriseId, ids)
            : await countOwned(tx, customerGroups, enterpriseId, ids);
        if (owned !== ids.length || (await countOwned(tx, customers, enterpriseId, customerIds)) !== customerIds.length)
          return false;
        if (kind === 'segments') await addToSegments(tx, ids, customerIds);
        else await addToGroups(tx, ids, customerIds);
        return true;
      });
    },
    /** How many of `ids` are segments (or groups) of the enterprise. */
    countSegments: (enterpriseId: string, ids: string[]) => countOwned(db, customerSegments, enterpriseId, ids),
    countGroups: (enterpriseId: string, ids: string[]) => countOwned(db, customerGroups, enterpriseId, ids),
  };
}

type Owned = typeof customerSegments | typeof customerGroups | typeof customers;

async function countOwned(db: DbOrTx, table: Owned, enterpriseId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(table)
    .where(and(eq(table.enterpriseId, enterpriseId), inArray(table.id, ids)));
  return row?.value ?? 0;
}

export type SegmentsRepository = ReturnType<typeof createSegmentsRepository>;
