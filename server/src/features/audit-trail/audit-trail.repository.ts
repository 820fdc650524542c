import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema/platform';

export interface AuditFilter {
  userId?: string;
  action?: string;
  fromDate?: string;
  toDate?: string;
  from: number;
  perPage: number;
}

export function createAuditTrailRepository(db: Db) {
  // One prepared statement for every combination of filters (an absent filter is null): the SQL is
  // built once, and PostgreSQL plans it once per connection.
  const optional = (column: typeof auditLog.userId | typeof auditLog.action, name: string, type: string) =>
    sql`(${sql.placeholder(name)}::${sql.raw(type)} is null or ${column} = ${sql.placeholder(name)}::${sql.raw(type)})`;
  const list = db
    .select({ entry: auditLog, userName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.enterpriseId, sql.placeholder('enterpriseId')),
        optional(auditLog.userId, 'userId', 'uuid'),
        optional(auditLog.action, 'action', 'text'),
        sql`(${sql.placeholder('fromDate')}::timestamptz is null or ${auditLog.createdAt} >= ${sql.placeholder('fromDate')}::timestamptz)`,
        sql`(${sql.placeholder('toDate')}::timestamptz is null or ${auditLog.createdAt} <= ${sql.placeholder('toDate')}::timestamptz)`,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('audit_trail_list');

  return {
    async list(enterpriseId: string, filter: AuditFilter) {
      return list.execute({
        enterpriseId,
        userId: filter.userId ?? null,
        action: filter.action ?? null,
        fromDate: filter.fromDate ?? null,
        toDate: filter.toDate ?? null,
        limit: filter.perPage + 1,
        offset: filter.from,
      });
    },
  };
}
