import { desc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { auditLog, users } from '../src/db/schema/platform';

export interface SeedOptions {
  /** Audit rows per enterprise (the signed-in one and each neighbour). */
  rowsPerEnterprise: number;
  /** Other enterprises with as many rows each, interleaved in time, so a query that ignores the index pays for it. */
  neighbours: number;
}

export interface SeedResult {
  /** The neighbour enterprises this seed created. */
  neighbourIds: string[];
  tenantRows: number;
  totalRows: number;
  /** The plan of the audit-trail list query for the signed-in enterprise. */
  plan: string[];
}

/** Bulk-inserts audit rows with SQL (one statement), analyzes the table and explains the list query. */
export async function seedAuditTrail(
  database: Database,
  tenant: { enterpriseId: string; userId: string },
  options: SeedOptions,
): Promise<SeedResult> {
  const neighbours = await database.raw(
    `insert into enterprises (name) select 'Bench neighbour ' || g from generate_series(1, $1::int) as g returning id`,
    [options.neighbours],
  );
  const enterpriseIds = [tenant.enterpriseId, ...neighbours.rows.map((row) => String(row.id))];
  await database.raw(
    `insert into audit_log (enterprise_id, user_id, action, method, route, target, status_code, ip, request_id, created_at)
     select e.id,
            case when e.id = $1::uuid then $2::uuid end,
            'PUT /api/customers/:id', 'PUT', '/api/customers/:id', md5(e.id::text || i), 200, '127.0.0.1',
            'bench-' || i, now() - make_interval(secs => i * 60 + random() * 59)
       from unnest($3::uuid[]) as e(id) cross join generate_series(1, $4::int) as i`,
    [tenant.enterpriseId, tenant.userId, `{${enterpriseIds.join(',')}}`, options.rowsPerEnterprise],
  );
  await database.raw('analyze');

  const counts = await database.raw(
    `select count(*)::int as total, count(*) filter (where enterprise_id = $1::uuid)::int as tenant from audit_log`,
    [tenant.enterpriseId],
  );
  // The same query as features/audit-trail/audit-trail.repository.ts list() with perPage=20, from=0.
  const query = database.db
    .select({ entry: auditLog, userName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(eq(auditLog.enterpriseId, tenant.enterpriseId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(21)
    .offset(0)
    .toSQL();
  const plan = await database.raw(`explain ${query.sql}`, query.params);
  return {
    neighbourIds: enterpriseIds.slice(1),
    tenantRows: Number(counts.rows[0]?.tenant),
    totalRows: Number(counts.rows[0]?.total),
    plan: plan.rows.map((row) => String(row['QUERY PLAN'])),
  };
}
