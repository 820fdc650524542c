import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oneTimeCodes } from '../db/schema/platform';

/**
 * Ends every reset link of this user not used yet. The account feature runs it for a new link, a
 * used link or a new password; user administration for a password an administrator set.
 */
export async function endResetCodes(tx: DbOrTx, userId: string) {
  await tx
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.kind, 'reset'), isNull(oneTimeCodes.usedAt)));
}
