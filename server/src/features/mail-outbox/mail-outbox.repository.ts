import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/platform';

export function createMailOutboxRepository(db: Db) {
  return {
    async list(enterpriseId: string, from: number, perPage: number) {
      return db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.enterpriseId, enterpriseId))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(perPage + 1)
        .offset(from);
    },
    async get(enterpriseId: string, id: string) {
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.enterpriseId, enterpriseId)));
      return row;
    },
  };
}
