import { and, desc, eq, gte, lte } from 'drizzle-orm';
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
  return {
    async list(enterpriseId: string, filter: AuditFilter) {
      return db
        .select({ entry: auditLog, userName: users.name })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.userId))
        .where(
          and(
            eq(auditLog.enterpriseId, enterpriseId),
            filter.userId ? eq(auditLog.userId, filter.userId) : undefined,
            filter.action ? eq(auditLog.action, filter.action) : undefined,
            filter.fromDate ? gte(auditLog.createdAt, new Date(filter.fromDate)) : undefined,
            filter.toDate ? lte(auditLog.createdAt, new Date(filter.toDate)) : undefined,
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(filter.perPage + 1)
        .offset(filter.from);
    },
  };
}
