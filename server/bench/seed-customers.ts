import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { customerFields, customers, customerSegmentMembers, customerSegments } from '../src/db/schema/customers';
import { searchPatterns } from '../src/features/customers/customers.service';
import { CITIES, FAMILY_NAMES, GIVEN_NAMES, TIERS } from './customer-names';
import { stepTimer } from './step-timer';

export interface CustomerSeedOptions {
  /** Customers of the signed-in enterprise. */
  customers: number;
  /** Other enterprises and their customers each: they share the table and its trigram index. */
  neighbourIds: string[];
  neighbourCustomers: number;
  /** Search terms to count and explain, as typed in the Customers page's search box. */
  searchTerms: string[];
  /** The server's default phone region (config `defaultPhoneRegion`): phone-like terms are read in it. */
  phoneRegion: string;
}

export interface CustomerSearchFacts {
  term: string;
  /** The signed-in enterprise's customers the search matches. */
  matches: number;
  /** EXPLAIN ANALYZE of the list query the route runs for the first page of this search. */
  plan: string[];
}

export interface CustomerSeedResult {
  tenantCustomers: number;
  totalCustomers: number;
  segmentMembers: number;
  /** Wall-clock seconds of each seeding step (insert, segment, indexes, analyze). */
  seconds: Record<string, number>;
  searches: CustomerSearchFacts[];
  /** EXPLAIN ANALYZE of the first page without a search term: every customer, newest first. */
  unsearchedPlan: string[];
  /** EXPLAIN ANALYZE of the first page of the segment (`tags`), without a search term. */
  segmentPlan: string[];
}

/**
 * Customers for the list-with-search figure, as fast as SQL allows: the customers table's primary
 * key, the foreign keys that point at it and its other indexes (the trigram search index among
 * them) are dropped, every customer is inserted by one `INSERT … SELECT … FROM generate_series`,
 * and all of them are built again from their own definitions (`pg_get_constraintdef`,
 * `pg_get_indexdef`), so they end up exactly as the migration made them. Names come
 * from word lists, phones are unique valid Indian mobiles (+9198…), `data` holds three attributes
 * (city, tier, email; some left blank), `created_at` is spread over about a year, one customer in
 * twenty is in a segment.
 */
export async function seedCustomers(
  database: Database,
  enterpriseId: string,
  options: CustomerSeedOptions,
): Promise<CustomerSeedResult> {
  const { seconds, timed } = stepTimer();

  const fields = await database.db
    .insert(customerFields)
    .values(
      [
        { fieldName: 'city', fieldLabel: 'City', fieldType: 'text', inputType: 'alphabets', maxLength: 40 },
        { fieldName: 'tier', fieldLabel: 'Tier', fieldType: 'selectbox-singlevalue', defaultValues: TIERS },
        { fieldName: 'email', fieldLabel: 'Email', fieldType: 'text', inputType: 'email', maxLength: 120 },
      ].map((field, position) => ({ ...field, enterpriseId, fieldHelptext: '', position })),
    )
    .returning({ id: customerFields.id, fieldName: customerFields.fieldName });
  const fieldId = (name: string) => fields.find((field) => field.fieldName === name)!.id;

  // What an insert keeps up to date row by row: dropped here, built again in bulk after the insert.
  const indexes = await database.raw(
    `select c.relname as name, pg_get_indexdef(c.oid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'customers'::regclass and not i.indisprimary`,
  );
  const constraints = await database.raw(
    `select conname as name, conrelid::regclass::text as "table", pg_get_constraintdef(oid) as definition
       from pg_constraint
      where (conrelid = 'customers'::regclass and contype = 'p') or (confrelid = 'customers'::regclass and contype = 'f')
      order by contype desc`,
  );
  const indexDefinitions = indexes.rows.map((row) => ({ name: String(row.name), definition: String(row.definition) }));
  // The primary key first (ordered 'p' before 'f'): the foreign keys need it.
  const constraintDefinitions = constraints.rows.map((row) => ({
    name: String(row.name),
    table: String(row.table),
    definition: String(row.definition),
  }));
  if (!indexDefinitions.some((index) => index.name === 'customers_search_trgm_idx'))
    throw new Error('the customers table has no customers_search_trgm_idx: is migration 0004 applied?');
  await database.raw(
    [
      ...[...constraintDefinitions].reverse().map((c) => `alter table ${c.table} drop constraint "${c.name}";`),
      ...indexDefinitions.map((index) => `drop index "${index.name}";`),
    ].join('\n'),
  );

  const enterpriseIds = [enterpriseId, ...options.neighbourIds];
  const counts = [options.customers, ...options.neighbourIds.map(() => options.neighbourCustomers)];
  await timed('insert', () =>
    database.raw(
      `insert into customers (enterprise_id, name, phone_number, data, created_at, updated_at)
       select e.id, p.given || ' ' || p.family, '+9198' || lpad(g.i::text, 8, '0'),
              case when e.id = $1::uuid then jsonb_strip_nulls(jsonb_build_object(
                $6::text, case when p.h % 10 < 9 then ($4::text[])[1 + p.h % cardinality($4::text[])] end,
                $7::text, case when p.h % 5 < 3 then ($5::text[])[1 + (p.h / 7) % cardinality($5::text[])] end,
                $8::text, case when p.h % 2 = 0 then lower(p.given || '.' || p.family) || g.i || '@example.com' end))
              else '{}'::jsonb end,
              p.at, p.at
         from unnest($9::uuid[], $10::int[]) with ordinality as e(id, n, k)
        cross join lateral generate_series(1, e.n) as g(i)
        cross join lateral (
          select ($2::text[])[1 + (hashint4(g.i * 16 + e.k::int) & 2147483647) % cardinality($2::text[])] as given,
                 ($3::text[])[1 + (hashint4(-g.i * 16 - e.k::int) & 2147483647) % cardinality($3::text[])] as family,
                 hashint4(g.i * 16 + e.k::int + 1000003) & 2147483647 as h,
                 now() - make_interval(secs => g.i * 31 + (hashint4(g.i) & 31)) as at
        ) as p`,
      [
        enterpriseId,
        GIVEN_NAMES,
        FAMILY_NAMES,
        CITIES,
        TIERS,
        fieldId('city'),
        fieldId('tier'),
        fieldId('email'),
        `{${enterpriseIds.join(',')}}`,
        `{${counts.join(',')}}`,
      ],
    ),
  );

  // One script (one connection on PostgreSQL's pool), so that the memory setting applies to the builds.
  await timed('indexes', () =>
    database.raw(
      [
        `set maintenance_work_mem = '1GB';`,
        ...constraintDefinitions.map((c) => `alter table ${c.table} add constraint "${c.name}" ${c.definition};`),
        ...indexDefinitions.map((index) => `${index.definition};`),
      ].join('\n'),
    ),
  );
  const [segment] = await database.db
    .insert(customerSegments)
    .values({ enterpriseId, name: 'Bench regulars' })
    .returning({ id: customerSegments.id });
  await timed('segment', async () => {
    await database.raw(
      `insert into customer_segment_members (segment_id, customer_id, created_at)
       select $2::uuid, id, created_at from customers where enterprise_id = $1::uuid and hashtext(phone_number) % 20 = 0`,
      [enterpriseId, segment!.id],
    );
    await database.raw(
      `update customer_segments set member_count = (select count(*) from customer_segment_members where segment_id = $1::uuid)
        where id = $1::uuid`,
      [segment!.id],
    );
  });

  await timed('analyze', () => database.raw('analyze customers, customer_segment_members, customer_segments'));

  const totals = await database.raw(
    `select count(*)::int as total, count(*) filter (where enterprise_id = $1::uuid)::int as tenant,
            (select member_count from customer_segments where id = $2::uuid) as members
       from customers`,
    [enterpriseId, segment!.id],
  );
  const searches: CustomerSearchFacts[] = [];
  for (const term of options.searchTerms)
    searches.push(await explainSearch(database, enterpriseId, term, options.phoneRegion));
  const { allPlan, segmentPlan } = await explainPlainPages(database, enterpriseId, segment!.id);
  return {
    tenantCustomers: Number(totals.rows[0]?.tenant),
    totalCustomers: Number(totals.rows[0]?.total),
    segmentMembers: Number(totals.rows[0]?.members),
    seconds,
    searches,
    unsearchedPlan: allPlan,
    segmentPlan,
  };
}

const selection = {
  id: customers.id,
  name: customers.name,
  phoneNumber: customers.phoneNumber,
  data: customers.data,
};
const searchText = sql`(lower(${customers.name}) || ' ' || ${customers.phoneNumber})`;

async function explain(database: Database, query: { sql: string; params: unknown[] }): Promise<string[]> {
  const plan = await database.raw(`explain (analyze, costs on, timing on) ${query.sql}`, query.params);
  return plan.rows.map((row) => String(row['QUERY PLAN']));
}

/**
 * The query of features/customers/customers.repository.ts list() for the first page of a search
 * (perPage 10 → limit 11, no segment or group), with the patterns the service makes of the term.
 */
async function explainSearch(
  database: Database,
  enterpriseId: string,
  term: string,
  phoneRegion: string,
): Promise<CustomerSearchFacts> {
  const patterns = searchPatterns(term, phoneRegion);
  const where = and(
    eq(customers.enterpriseId, enterpriseId),
    or(...patterns.map((pattern) => sql`${searchText} ilike ${pattern}`)),
  );
  const query = database.db
    .select(selection)
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(11)
    .offset(0)
    .toSQL();
  const counted = database.db
    .select({ matches: sql<number>`count(*)::int`.as('matches') })
    .from(customers)
    .where(where)
    .toSQL();
  const count = await database.raw(counted.sql, counted.params);
  return { term, matches: Number(count.rows[0]?.matches), plan: await explain(database, query) };
}

/** The same list() queries for the first page without a search: all customers, and one segment's. */
async function explainPlainPages(database: Database, enterpriseId: string, segmentId: string) {
  const all = database.db
    .select(selection)
    .from(customers)
    .where(eq(customers.enterpriseId, enterpriseId))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(11)
    .offset(0)
    .toSQL();
  const segment = database.db
    .select(selection)
    .from(customerSegmentMembers)
    .innerJoin(customers, eq(customers.id, customerSegmentMembers.customerId))
    .where(and(eq(customerSegmentMembers.segmentId, segmentId), eq(customers.enterpriseId, enterpriseId)))
    .orderBy(desc(customerSegmentMembers.createdAt), asc(customerSegmentMembers.customerId))
    .limit(11)
    .offset(0)
    .toSQL();
  return { allPlan: await explain(database, all), segmentPlan: await explain(database, segment) };
}
