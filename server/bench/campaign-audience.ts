import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Audience, AudienceCount } from '@parley/contracts/campaigns';
import type { TemplateComponent } from '@parley/contracts/templates';
import { openPostgresTestDatabase, postgresAvailable } from '../test/test-database';
import type { Db } from '../src/db/client';
import {
  audienceContext,
  compileValues,
  countAudience,
  countSql,
  resolveInto,
} from '../src/features/campaigns/audience';
import { userRows } from '../src/platform/customer-fields';

/**
 * Campaign audience figure of issue 21 (alone: `cd server && npx tsx bench/campaign-audience.ts`):
 * resolving an audience of PARLEY_BENCH_AUDIENCE_CUSTOMERS (1,000,000) customers on a fresh
 * PostgreSQL database into a run's recipients, as a ratio of a bare `INSERT … SELECT` of the same
 * rows in the same run.
 *
 * Seed (one INSERT … SELECT each, then ANALYZE): customers +9198NNNNNNNN with a number attribute
 * `age` (18–77) and a multi-select `city` (one or two of five); two segments (every 2nd and every
 * 3rd customer), a group (every 5th), 1 % blacklisted (a fifth of them opted out), 1 % at a
 * frequency cap of one campaign message a day (campaign_send_log).
 *
 * Subject: resolveInto (features/campaigns/audience.ts) of segments ∪ group ∩ (age > 25) ∩ (city
 * is any of Pune, Goa), with the exclusions, one variant whose body maps {{1}} to the customer's
 * name and {{2}} to a constant: one `WITH … INSERT … SELECT` into broadcast_recipients (pending
 * rows with their values, excluded ones blocked with the reason). Baseline: the rows it wrote
 * (customer id and phone) copied beforehand into a scratch table, then one bare `INSERT INTO
 * broadcast_recipients (enterprise_id, broadcast_id, phone, customer_id) SELECT … FROM scratch`:
 * the same rows into the same table with the same indexes, without deciding who they are. Each is
 * timed in its own transaction, rolled back; ROUNDS rounds, baseline and subject alternating; the
 * median of each. Also the editor's live count (countAudience, one COUNT query) of the audience.
 * PARLEY_BENCH_AUDIENCE_EXPLAIN=1 prints the live count's plan (EXPLAIN ANALYZE) on stderr.
 * Prints one JSON line `{"campaignAudience": …}` (or `{"skipped": …}`).
 */

const envCount = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
};
const CUSTOMERS = envCount('PARLEY_BENCH_AUDIENCE_CUSTOMERS', 1_000_000);
const ROUNDS = envCount('PARLEY_BENCH_AUDIENCE_ROUNDS', 3);
const GOAL = 0.5;

export interface CampaignAudienceBench {
  customers: number;
  seedSeconds: number;
  rounds: number;
  /** Rows a resolve writes (sendable pending and excluded blocked). */
  rowsWritten: number;
  targeted: number;
  sendable: number;
  excluded: AudienceCount['excluded'];
  resolveSeconds: number;
  resolveRowsPerSecond: number;
  bareInsertSeconds: number;
  bareRowsPerSecond: number;
  /** resolveRowsPerSecond / bareRowsPerSecond (medians) */
  ratio: number;
  goal: number;
  met: boolean;
  /** The editor's live count (one COUNT query). */
  liveCount: { seconds: number } & AudienceCount;
  loadAverage: [number, number];
}

const template: TemplateComponent[] = [
  { type: 'BODY', text: 'Hi {{1}}, our {{2}} sale is on.', example: { body_text: [['Asha', 'winter']] } },
];

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows).rows;

/** Runs `work` in a transaction that is rolled back; returns its seconds and result. */
async function timedAndRolledBack<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<{ seconds: number; result: T }> {
  let outcome: { seconds: number; result: T } | undefined;
  const rollback = new Error('rollback');
  try {
    await db.transaction(async (tx) => {
      const started = process.hrtime.bigint();
      const result = await work(tx as unknown as Db);
      outcome = { seconds: Number(process.hrtime.bigint() - started) / 1e9, result };
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return outcome!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (!(await postgresAvailable())) {
    process.stdout.write(`${JSON.stringify({ skipped: 'no PostgreSQL answered at PARLEY_TEST_PG_URL' })}\n`);
    return;
  }
  const loadStart = os.loadavg()[0] ?? 0;
  const database = await openPostgresTestDatabase();
  const db = database.db;
  try {
    const seedStarted = Date.now();
    const [enterprise] = await rowsOf(
      db,
      sql`INSERT INTO enterprises (name, settings) VALUES ('Audience bench', '{"timezone":"Asia/Kolkata"}') RETURNING id`,
    );
    const enterpriseId = String(enterprise!.id);
    const [channel] = await rowsOf(
      db,
      sql`INSERT INTO channels (enterprise_id, name, type, vendor, contact_id, webhook_key, webhook_secret_enc)
        VALUES (${enterpriseId}::uuid, 'Bench', 4, 0, '919000000000', 'bench-audience', 'x') RETURNING id`,
    );
    const channelId = String(channel!.id);
    const [templateRow] = await rowsOf(
      db,
      sql`INSERT INTO message_templates (enterprise_id, channel_id, name, language, category, components, status)
        VALUES (${enterpriseId}::uuid, ${channelId}::uuid, 'bench_sale', 'en_US', 'MARKETING',
          ${JSON.stringify(template)}::jsonb, 'APPROVED') RETURNING id`,
    );
    const [age] = await rowsOf(
      db,
      sql`INSERT INTO customer_fields (enterprise_id, field_name, field_label, field_helptext, field_type, input_type, position)
        VALUES (${enterpriseId}::uuid, 'age', 'Age', '', 'text', 'number', 1) RETURNING id`,
    );
    const [city] = await rowsOf(
      db,
      sql`INSERT INTO customer_fields (enterprise_id, field_name, field_label, field_helptext, field_type, default_values, position)
        VALUES (${enterpriseId}::uuid, 'city', 'City', '', 'selectbox-multiplevalue',
          '["Pune","Goa","Delhi","Mumbai","Chennai"]'::jsonb, 2) RETURNING id`,
    );
    const ageId = String(age!.id);
    const cityId = String(city!.id);
    await db.execute(sql`INSERT INTO customers (enterprise_id, name, phone_number, data)
      SELECT ${enterpriseId}::uuid, 'Customer ' || i, '+9198' || lpad(i::text, 8, '0'),
        jsonb_build_object(${ageId}::text, (18 + i % 60)::text,
          ${cityId}::text, CASE WHEN i % 7 = 0
            THEN jsonb_build_array((ARRAY['Pune','Goa','Delhi','Mumbai','Chennai'])[1 + i % 5], 'Pune')
            ELSE jsonb_build_array((ARRAY['Pune','Goa','Delhi','Mumbai','Chennai'])[1 + i % 5]) END)
      FROM generate_series(1, ${CUSTOMERS}) AS i`);
    const segment = async (name: string, every: number) => {
      const [row] = await rowsOf(
        db,
        sql`INSERT INTO customer_segments (enterprise_id, name) VALUES (${enterpriseId}::uuid, ${name}) RETURNING id`,
      );
      await db.execute(sql`INSERT INTO customer_segment_members (segment_id, customer_id)
        SELECT ${String(row!.id)}::uuid, id FROM customers
        WHERE enterprise_id = ${enterpriseId}::uuid AND substr(phone_number, 6)::int % ${every} = 0`);
      return String(row!.id);
    };
    const segmentIds = [await segment('Every second', 2), await segment('Every third', 3)];
    const [group] = await rowsOf(
      db,
      sql`INSERT INTO customer_groups (enterprise_id, name) VALUES (${enterpriseId}::uuid, 'Every fifth') RETURNING id`,
    );
    await db.execute(sql`INSERT INTO customer_group_members (group_id, customer_id)
      SELECT ${String(group!.id)}::uuid, id FROM customers
      WHERE enterprise_id = ${enterpriseId}::uuid AND substr(phone_number, 6)::int % 5 = 0`);
    await db.execute(sql`INSERT INTO blacklist (enterprise_id, phone, source)
      SELECT ${enterpriseId}::uuid, '+9198' || lpad(i::text, 8, '0'), CASE WHEN i % 500 = 1 THEN 'opt_out' ELSE 'manual' END
      FROM generate_series(1, ${CUSTOMERS}) AS i WHERE i % 100 = 1`);
    // A day's cap of one, reached by 1 % of the customers (an earlier campaign's sends).
    await db.execute(sql`INSERT INTO campaign_frequency_caps (enterprise_id, name, max_messages, period)
      VALUES (${enterpriseId}::uuid, 'One a day', 1, 'day')`);
    const [earlier] = await rowsOf(
      db,
      sql`INSERT INTO broadcasts (enterprise_id, channel_id, template_name, template_snapshot, status, messages_per_second, total)
        VALUES (${enterpriseId}::uuid, ${channelId}::uuid, 'earlier', '{}'::jsonb, 'COMPLETED', 80, 0) RETURNING id`,
    );
    await db.execute(sql`WITH sent AS (
        INSERT INTO broadcast_recipients (enterprise_id, broadcast_id, phone, state, sent_at)
        SELECT ${enterpriseId}::uuid, ${String(earlier!.id)}::uuid, '+9198' || lpad(i::text, 8, '0'), 'accepted', now() - interval '2 hours'
        FROM generate_series(1, ${CUSTOMERS}) AS i WHERE i % 100 = 2
        RETURNING id, phone, sent_at)
      INSERT INTO campaign_send_log (enterprise_id, phone, recipient_id, sent_at)
      SELECT ${enterpriseId}::uuid, phone, id, sent_at FROM sent`);
    await database.raw('ANALYZE');
    const seedSeconds = (Date.now() - seedStarted) / 1000;

    const audience: Audience = {
      segmentIds,
      groupIds: [String(group!.id)],
      listIds: [],
      filters: [
        { field: ageId, op: 'gt', value: '25', valueTo: '', values: [] },
        { field: cityId, op: 'in', value: '', valueTo: '', values: ['Pune', 'Goa'] },
      ],
    };
    const context = await audienceContext(db, enterpriseId, 'Asia/Kolkata');
    const values = compileValues(
      { components: template, parameterFormat: 'POSITIONAL' },
      [
        { variable: 'body.1', type: 'column', value: 'name' },
        { variable: 'body.2', type: 'static', value: 'winter' },
      ],
      await userRows(db, enterpriseId),
      'columnMapping',
    );
    if (Object.keys(values.fieldErrors).length > 0) throw new Error(JSON.stringify(values.fieldErrors));
    const broadcast = async (tx: Db) => {
      const [row] = await rowsOf(
        tx,
        sql`INSERT INTO broadcasts (enterprise_id, channel_id, template_id, template_name, template_snapshot, status, messages_per_second, total)
          VALUES (${enterpriseId}::uuid, ${channelId}::uuid, ${String(templateRow!.id)}::uuid, 'bench_sale', '{}'::jsonb, 'QUEUED', 80, 0)
          RETURNING id`,
      );
      return String(row!.id);
    };

    if (process.env.PARLEY_BENCH_AUDIENCE_EXPLAIN) {
      // As countAudience runs it for an audience this large (nested loops off: audience.ts withPlan).
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_nestloop = off`);
        const plan = await rowsOf(tx as unknown as Db, sql`EXPLAIN (ANALYZE, BUFFERS) ${countSql(context, audience)}`);
        process.stderr.write(`${plan.map((row) => String(row['QUERY PLAN'])).join('\n')}\n`);
      });
    }
    const countStarted = process.hrtime.bigint();
    const counted = await countAudience(db, context, audience);
    const countSeconds = Number(process.hrtime.bigint() - countStarted) / 1e9;

    // The baseline's rows: what a resolve writes, kept in a scratch table (not timed).
    await db.transaction(async (tx) => {
      const id = await broadcast(tx as unknown as Db);
      await resolveInto(tx, {
        context,
        audience,
        variants: [{ broadcastId: id, values }],
        shareOfFirst: 100,
        spreadMinutes: 0,
        startAt: new Date(),
      });
      await tx.execute(sql`CREATE TABLE bench_audience_rows AS
        SELECT customer_id, phone FROM broadcast_recipients WHERE broadcast_id = ${id}::uuid`);
      await tx.execute(sql`DELETE FROM broadcast_recipients WHERE broadcast_id = ${id}::uuid`);
      await tx.execute(sql`DELETE FROM broadcasts WHERE id = ${id}::uuid`);
    });
    await database.raw('VACUUM ANALYZE broadcast_recipients');
    await database.raw('ANALYZE bench_audience_rows');

    const bare: number[] = [];
    const subject: number[] = [];
    let written = 0;
    let result: Awaited<ReturnType<typeof resolveInto>> | undefined;
    for (let round = 0; round < ROUNDS; round += 1) {
      const baseline = await timedAndRolledBack(db, async (tx) => {
        const id = await broadcast(tx);
        const rows = await rowsOf(
          tx,
          sql`WITH inserted AS (
              INSERT INTO broadcast_recipients (enterprise_id, broadcast_id, phone, customer_id)
              SELECT ${enterpriseId}::uuid, ${id}::uuid, phone, customer_id FROM bench_audience_rows
              RETURNING 1)
            SELECT count(*)::int AS count FROM inserted`,
        );
        return Number(rows[0]!.count);
      });
      bare.push(baseline.result / baseline.seconds);
      written = baseline.result;
      const resolved = await timedAndRolledBack(db, async (tx) => {
        const id = await broadcast(tx);
        return resolveInto(tx, {
          context,
          audience,
          variants: [{ broadcastId: id, values }],
          shareOfFirst: 100,
          spreadMinutes: 0,
          startAt: new Date(),
        });
      });
      result = resolved.result;
      const rows = [...resolved.result.written.values()].reduce((sum, count) => sum + count, 0);
      subject.push(rows / resolved.seconds);
    }
    const bareRate = median(bare);
    const subjectRate = median(subject);
    const ratio = subjectRate / bareRate;
    const output: CampaignAudienceBench = {
      customers: CUSTOMERS,
      seedSeconds: +seedSeconds.toFixed(1),
      rounds: ROUNDS,
      rowsWritten: written,
      targeted: result!.targeted,
      sendable: result!.sendable,
      excluded: result!.excluded,
      resolveSeconds: +(written / subjectRate).toFixed(2),
      resolveRowsPerSecond: Math.round(subjectRate),
      bareInsertSeconds: +(written / bareRate).toFixed(2),
      bareRowsPerSecond: Math.round(bareRate),
      ratio: +ratio.toFixed(3),
      goal: GOAL,
      met: ratio >= GOAL,
      liveCount: { seconds: +countSeconds.toFixed(3), ...counted },
      loadAverage: [+loadStart.toFixed(2), +(os.loadavg()[0] ?? 0).toFixed(2)],
    };
    process.stdout.write(`${JSON.stringify({ campaignAudience: output })}\n`);
  } finally {
    await database.close();
  }
}

await main();
