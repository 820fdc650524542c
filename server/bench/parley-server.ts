import { AUTH_HEADER } from '@parley/contracts/constants';
import { openPostgres, runMigrations, type Database } from '../src/db/client';
import { createTenant, createTestApp } from '../test/test-app';
import { openTestDatabase, prepareTemplate } from '../test/test-database';
import { announceReady } from './bench-child';
import { seedAuditTrail } from './seed-audit-trail';
import { seedCustomers } from './seed-customers';

/**
 * The subject: the real Parley app (the test harness's buildApp, LOG_LEVEL silent) on a fresh
 * database, an enterprise with audit rows beside neighbours' rows, and a session made by the real
 * sign-in route. Environment: PARLEY_BENCH_DB=pglite|postgres, PARLEY_BENCH_DATABASE_URL for postgres.
 */
const kind = process.env.PARLEY_BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const rowsPerEnterprise = Number(process.env.PARLEY_BENCH_ROWS ?? 5000);
const neighbours = Number(process.env.PARLEY_BENCH_NEIGHBOURS ?? 9);
const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0 || value > 99_999_999)
    throw new Error(`${name} must be a whole number from 0 to 99,999,999 (it was ${process.env[name]})`);
  return value;
};
const customerCount = count('PARLEY_BENCH_CUSTOMERS', 1_000_000);
const neighbourCustomers = count('PARLEY_BENCH_NEIGHBOUR_CUSTOMERS', Math.round(customerCount / 100));
/**
 * Customers list searches, as an operator types them: part of a family name (Kulkarni: one family
 * name in 250, so about 4,000 of a million), part of a phone number, and a name nobody has.
 */
const SEARCH_TERMS = ['kulkar', '43210', 'zubair'];

async function openDatabase(): Promise<Database> {
  if (kind === 'pglite') {
    await prepareTemplate();
    return openTestDatabase();
  }
  const url = process.env.PARLEY_BENCH_DATABASE_URL;
  if (!url) throw new Error('PARLEY_BENCH_DATABASE_URL is not set');
  // The pool size main.ts uses in production.
  const database = await openPostgres(url);
  await runMigrations(database);
  return database;
}

const database = await openDatabase();
// Production's response serializer (NODE_ENV stays 'test' only for the captcha seam used to sign in).
const context = await createTestApp({ database, env: { PARLEY_STRICT_RESPONSES: '0' } });
const tenant = await createTenant(context, { roles: [1] });
const seeded = await seedAuditTrail(database, tenant, { rowsPerEnterprise, neighbours });
const customersSeeded = await seedCustomers(database, tenant.enterpriseId, {
  customers: customerCount,
  neighbourIds: seeded.neighbourIds,
  neighbourCustomers,
  searchTerms: SEARCH_TERMS,
  phoneRegion: context.config.defaultPhoneRegion,
});
process.stdout.write(
  `  ${kind}: ${customerCount.toLocaleString('en-US')} customers seeded in ` +
    `${Object.values(customersSeeded.seconds)
      .reduce((sum, value) => sum + value, 0)
      .toFixed(1)} s\n`,
);
// Mails for every enterprise (the same neighbours), so the by-id lookup is tenant-scoped in a full table.
await database.raw(
  `insert into mail_outbox (enterprise_id, to_address, subject, text, created_at)
   select e.id, 'customer' || i || '@example.test', 'Your order ' || i, repeat('Thank you for your order. ', 8),
          now() - make_interval(secs => i * 60)
     from enterprises e cross join generate_series(1, $1::int) as i`,
  [rowsPerEnterprise],
);
await database.raw('analyze mail_outbox');
const mail = await database.raw(
  'select id from mail_outbox where enterprise_id = $1 order by created_at desc limit 1',
  [tenant.enterpriseId],
);
const version = await database.raw('show server_version');
const databaseName = `${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${String(version.rows[0]?.server_version)}`;
const seconds = (value: number | undefined) => `${(value ?? 0).toFixed(1)} s`;
const customersLine =
  `${databaseName}: ${customersSeeded.tenantCustomers.toLocaleString('en-US')} customers for the signed-in enterprise ` +
  `(${customersSeeded.segmentMembers.toLocaleString('en-US')} of them in a segment), ` +
  `${customersSeeded.totalCustomers.toLocaleString('en-US')} in the table (${seeded.neighbourIds.length} neighbour enterprises); ` +
  `seeded in ${seconds(customersSeeded.seconds.insert)} (insert) + ${seconds(customersSeeded.seconds.indexes)} (keys and indexes) + ` +
  `${seconds(customersSeeded.seconds.segment)} (segment) + ${seconds(customersSeeded.seconds.analyze)} (analyze)`;

await context.app.listen({ host: '127.0.0.1', port: 0 });
const { port } = context.app.server.address() as { port: number };

announceReady(
  {
    url: `http://127.0.0.1:${port}/api/admin/audit-trail?perPage=20`,
    itemUrl: `http://127.0.0.1:${port}/api/admin/outbox/${String(mail.rows[0]?.id)}`,
    headers: { [AUTH_HEADER]: tenant.token },
    customerSearches: customersSeeded.searches.map((search) => ({
      term: search.term,
      url: `http://127.0.0.1:${port}/api/customers?search=${encodeURIComponent(search.term)}&perPage=10`,
      matches: search.matches,
      details: [customersLine, ...search.plan.map((line) => `  ${line}`)],
    })),
    customerPlans: [
      { title: 'no search term (all customers, newest first)', plan: customersSeeded.unsearchedPlan },
      {
        title: `no search term, one segment (\`tags\`, ${customersSeeded.segmentMembers.toLocaleString('en-US')} members)`,
        plan: customersSeeded.segmentPlan,
      },
    ],
    details: [
      `${databaseName}: ` +
        `${seeded.tenantRows} audit rows for the signed-in enterprise, ${seeded.totalRows} in the table ` +
        `(${neighbours} neighbour enterprises)`,
      ...seeded.plan.map((line) => `  ${line}`),
    ],
  },
  async () => {
    await context.close();
    await database.close();
  },
);
