import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/platform';

export function createMailOutboxRepository(db: Db) {
  // Prepared once: drizzle builds the SQL a single time, PostgreSQL plans it once per connection.
  const list = db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.enterpriseId, sql.placeholder('enterpriseId')))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('mail_outbox_list');
  const get = db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, sql.placeholder('id')), eq(mailOutbox.enterpriseId, sql.placeholder('enterpriseId'))))
    .prepare('mail_outbox_get');

  return {
    async list(enterpriseId: string, from: number, perPage: number) {
      return list.execute({ enterpriseId, limit: perPage + 1, offset: from });
    },
    async get(enterpriseId: string, id: string) {
      const [row] = await get.execute({ id, enterpriseId });
      return row;
    },
  };
}
