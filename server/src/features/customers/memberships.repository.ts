import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerGroupMembers, customerSegmentMembers, customerSegments } from '../../db/schema/customers';

/**
 * Segment and group memberships. Segment counts (`member_count`) move by exactly the rows each
 * statement inserted or deleted, inside the caller's transaction, so concurrent changes add up.
 */
async function adjustCounts(tx: DbOrTx, segmentIds: string[], sign: 1 | -1) {
  const bySegment = new Map<string, number>();
  for (const id of segmentIds) bySegment.set(id, (bySegment.get(id) ?? 0) + 1);
  // One lock order for every transaction: no deadlock between two changes of the same segments.
  for (const [id, n] of [...bySegment].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    await tx
      .update(customerSegments)
      .set({ memberCount: sql`greatest(${customerSegments.memberCount} + ${sign * n}, 0)` })
      .where(eq(customerSegments.id, id));
}

/** Adds every customer to every segment (existing memberships stay as they are). */
export async function addToSegments(tx: DbOrTx, segmentIds: string[], customerIds: string[]) {
  if (segmentIds.length === 0 || customerIds.length === 0) return;
  const rows = segmentIds.flatMap((segmentId) => customerIds.map((customerId) => ({ segmentId, customerId })));
  const inserted = await tx
    .insert(customerSegmentMembers)
    .values(rows)
    .onConflictDoNothing()
    .returning({ segmentId: customerSegmentMembers.segmentId });
  await adjustCounts(
    tx,
    inserted.map((row) => row.segmentId),
    1,
  );
}

/** Removes one customer from the given segments (all of its segments when `segmentIds` is null). */
export async function removeFromSegments(tx: DbOrTx, customerId: string, segmentIds: string[] | null) {
  if (segmentIds !== null && segmentIds.length === 0) return;
  const deleted = await tx
    .delete(customerSegmentMembers)
    .where(
      and(
        eq(customerSegmentMembers.customerId, customerId),
        segmentIds === null ? undefined : inArray(customerSegmentMembers.segmentId, segmentIds),
      ),
    )
    .returning({ segmentId: customerSegmentMembers.segmentId });
  await adjustCounts(
    tx,
    deleted.map((row) => row.segmentId),
    -1,
  );
}

export async function addToGroups(tx: DbOrTx, groupIds: string[], customerIds: string[]) {
  if (groupIds.length === 0 || customerIds.length === 0) return;
  await tx
    .insert(customerGroupMembers)
    .values(groupIds.flatMap((groupId) => customerIds.map((customerId) => ({ groupId, customerId }))))
    .onConflictDoNothing();
}

export async function removeFromGroups(tx: DbOrTx, customerId: string, groupIds: string[]) {
  if (groupIds.length === 0) return;
  await tx
    .delete(customerGroupMembers)
    .where(and(eq(customerGroupMembers.customerId, customerId), inArray(customerGroupMembers.groupId, groupIds)));
}
