import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Activity, Campaign } from '@parley/contracts/campaigns';
import { openPostgresTestDatabase, postgresAvailable } from '../test/test-database';
import { spawnLoadMeta, type LoadMeta } from '../test/fake-vendors/meta-load';
import { processApi, startServerProcess, type ServerProcess } from '../test/server-process';
import {
  LOAD_PASSWORD,
  createLoadChannel,
  loadNumbers,
  seedAdministrator,
  sendLoadBroadcast,
  waitUntilFinished,
} from '../test/broadcast-load-kit';
import { users } from '../src/db/schema/platform';
import { hashPassword } from '../src/platform/passwords';
import type { Db } from '../src/db/client';

/**
 * Campaign send rate of issue 21 (alone: `cd server && npx tsx bench/campaign-send.ts`), black-box
 * as bench/broadcast.ts: Parley as a real server process on a fresh PostgreSQL database with pacing
 * off (PARLEY_BROADCAST_UNPACED=1), the Meta load fake in its own process.
 *
 * In the same server, one after the other, PARLEY_BENCH_CAMPAIGN_RECIPIENTS (100,000) numbers each:
 * 1. baseline: a plain broadcast (POST /api/broadcasts), as the broadcast bench sends it;
 * 2. subject: a campaign on a segment of as many customers (seeded in SQL), made by one
 *    administrator (POST /api/campaigns, submit), approved and started by another (schedule 'now',
 *    click tracking on). Its run's 'main' broadcast goes through the campaign send guard: a
 *    frequency cap of 5 a day (nobody reaches it) and a quiet-hours window six to eight hours ahead
 *    of the recipients' local time (never in force during the run) are enabled.
 * Messages/s as the vendor saw them (first to last request) of each, and the campaign's over the
 * broadcast's. Every number must be messaged once, none refused, none capped or deferred.
 * Prints one JSON line `{"campaignSend": …}` (or `{"skipped": …}`).
 */

const envCount = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 2) throw new Error(`${name} must be a whole number of at least 2`);
  return value;
};
const RECIPIENTS = envCount('PARLEY_BENCH_CAMPAIGN_RECIPIENTS', 100_000);
const MAKER = 'campaign-maker@bench.local';
const CHECKER = 'campaign-checker@bench.local';
const GOAL = 1_000;

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows).rows;

export interface CampaignSendBench {
  recipients: number;
  broadcast: { vendorRate: number; sendSeconds: number };
  campaign: {
    vendorRate: number;
    sendSeconds: number;
    /** Seconds from POST …/start until the vendor's first request (resolving the audience included). */
    startToFirstSendSeconds: number;
    /** From POST …/start until the run's broadcast is COMPLETED. */
    endToEndRate: number;
    capped: number;
    sendLogRows: number;
  };
  /** campaign.vendorRate / broadcast.vendorRate */
  ratio: number;
  goal: number;
  met: boolean;
  quietHours: string;
  loadAverage: [number, number];
}

/** HH:mm in Asia/Kolkata `hours` from now (the +91 recipients' local time). */
const kolkataClock = (hours: number) =>
  new Date(Date.now() + hours * 3_600_000).toLocaleTimeString('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

async function main() {
  if (!(await postgresAvailable())) {
    process.stdout.write(`${JSON.stringify({ skipped: 'no PostgreSQL answered at PARLEY_TEST_PG_URL' })}\n`);
    return;
  }
  const loadStart = os.loadavg()[0] ?? 0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-campaign-'));
  const database = await openPostgresTestDatabase();
  const db = database.db as unknown as Db;
  let fake: LoadMeta | undefined;
  let server: ServerProcess | undefined;
  const maker = processApi(() => server!.url);
  const checker = processApi(() => server!.url);
  const step = (text: string) => process.stderr.write(`  campaign send: ${text}\n`);
  try {
    const enterpriseId = await seedAdministrator(database.db, MAKER);
    await database.db.insert(users).values({
      enterpriseId,
      email: CHECKER,
      name: 'Checker',
      passwordHash: await hashPassword(LOAD_PASSWORD, 10),
      roles: [1],
    });
    fake = await spawnLoadMeta();
    server = await startServerProcess({
      dataDir,
      databaseUrl: database.url,
      env: {
        PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: fake.baseUrl }),
        PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
        PARLEY_BROADCAST_UNPACED: '1',
      },
    });
    await maker.signIn(MAKER, LOAD_PASSWORD);
    await checker.signIn(CHECKER, LOAD_PASSWORD);
    const channel = await createLoadChannel(maker, fake, { messagesPerSecond: 1000, name: 'Unpaced' });

    // 1. The plain broadcast, as bench/broadcast.ts sends it.
    step(`plain broadcast of ${RECIPIENTS.toLocaleString('en-US')} numbers, pacing off`);
    const sent = await sendLoadBroadcast(maker, channel, loadNumbers('95', RECIPIENTS));
    const plainDone = await waitUntilFinished(maker, sent.id, 1_800_000, 200);
    const plain = await fake.stats();
    if (plainDone.status !== 'COMPLETED' || plain.distinctNumbers !== RECIPIENTS || plain.refused > 0)
      throw new Error(`the broadcast ended ${plainDone.status} with ${plain.distinctNumbers} of ${RECIPIENTS}`);
    const plainSeconds = (plain.lastAt - plain.firstAt) / 1000;
    const plainRate = (plain.accepted - 1) / plainSeconds;

    // 2. The campaign: customers, a segment, the protection rules (none of them stops anyone).
    step(`seeding ${RECIPIENTS.toLocaleString('en-US')} customers in a segment, a cap of 5 a day, quiet hours ahead`);
    await db.execute(sql`INSERT INTO customers (enterprise_id, name, phone_number)
      SELECT ${enterpriseId}::uuid, 'Customer ' || i, '+9193' || lpad(i::text, 8, '0')
      FROM generate_series(0, ${RECIPIENTS - 1}) AS i`);
    const [segment] = await rowsOf(
      db,
      sql`INSERT INTO customer_segments (enterprise_id, name) VALUES (${enterpriseId}::uuid, 'Everyone') RETURNING id`,
    );
    const segmentId = String(segment!.id);
    await db.execute(sql`INSERT INTO customer_segment_members (segment_id, customer_id)
      SELECT ${segmentId}::uuid, id FROM customers WHERE enterprise_id = ${enterpriseId}::uuid`);
    await db.execute(sql`INSERT INTO campaign_frequency_caps (enterprise_id, name, max_messages, period)
      VALUES (${enterpriseId}::uuid, 'Five a day', 5, 'day')`);
    const quiet = { from: kolkataClock(6), to: kolkataClock(8) };
    await db.execute(sql`INSERT INTO campaign_block_times (enterprise_id, name, from_time, to_time, weekdays)
      VALUES (${enterpriseId}::uuid, 'Night', ${quiet.from}, ${quiet.to}, '[0,1,2,3,4,5,6]'::jsonb)`);
    await database.raw('ANALYZE');
    await fake.reset();

    const created = await maker.call<{ campaign: Campaign }>('POST', '/api/campaigns', {
      name: 'Bench campaign',
      channelId: channel.id,
      departmentId: null,
      variants: [
        {
          label: 'A',
          templateId: channel.template.id,
          share: 100,
          columnMapping: [{ variable: 'body.1', type: 'column', value: 'name' }],
        },
      ],
      audience: { segmentIds: [segmentId], groupIds: [], listIds: [], filters: [] },
      schedule: { kind: 'now', at: '', weekdays: [], until: '', spreadMinutes: 0 },
      trackClicks: true,
    });
    const campaignId = created.campaign.id;
    const submitted = await maker.call<{ activity: Activity }>('POST', `/api/campaigns/${campaignId}/submit`);
    const activityId = submitted.activity.id;
    await checker.call('POST', `/api/campaigns/activities/${activityId}/approve`);
    step('campaign approved by the second administrator; starting it');
    const started = performance.now();
    const startedEpoch = Date.now();
    await checker.call('POST', `/api/campaigns/activities/${activityId}/start`);
    let broadcastId = '';
    for (const deadline = Date.now() + 600_000; ;) {
      const [row] = await rowsOf(
        db,
        sql`SELECT b.id, b.status FROM campaign_broadcasts cb JOIN broadcasts b ON b.id = cb.broadcast_id
          WHERE cb.campaign_id = ${campaignId}::uuid AND cb.kind = 'main'`,
      );
      if (row && ['COMPLETED', 'FAILED', 'CANCELLED'].includes(String(row.status))) {
        if (row.status !== 'COMPLETED') throw new Error(`the campaign's broadcast ended ${String(row.status)}`);
        broadcastId = String(row.id);
        break;
      }
      if (Date.now() > deadline) throw new Error(`the campaign did not finish in time (${JSON.stringify(row)})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const endSeconds = (performance.now() - started) / 1000;
    const campaign = await fake.stats();
    const [states] = await rowsOf(
      db,
      sql`SELECT count(*) FILTER (WHERE error_code = 'capped')::int AS capped,
          count(*) FILTER (WHERE error_code = 'quiet_hours')::int AS quiet,
          (SELECT count(*)::int FROM campaign_send_log WHERE enterprise_id = ${enterpriseId}::uuid) AS logged
        FROM broadcast_recipients WHERE broadcast_id = ${broadcastId}::uuid`,
    );
    if (campaign.distinctNumbers !== RECIPIENTS || campaign.refused > 0 || Number(states!.quiet) > 0)
      throw new Error(
        `the campaign messaged ${campaign.distinctNumbers} of ${RECIPIENTS} numbers ` +
          `(${campaign.refused} refused, ${String(states!.capped)} capped, ${String(states!.quiet)} deferred)`,
      );
    const campaignSeconds = (campaign.lastAt - campaign.firstAt) / 1000;
    const campaignRate = (campaign.accepted - 1) / campaignSeconds;
    await server.stop('SIGTERM');
    server = undefined;

    const result: CampaignSendBench = {
      recipients: RECIPIENTS,
      broadcast: { vendorRate: Math.round(plainRate), sendSeconds: +plainSeconds.toFixed(1) },
      campaign: {
        vendorRate: Math.round(campaignRate),
        sendSeconds: +campaignSeconds.toFixed(1),
        startToFirstSendSeconds: +((campaign.firstAt - startedEpoch) / 1000).toFixed(1),
        endToEndRate: Math.round(RECIPIENTS / endSeconds),
        capped: Number(states!.capped),
        sendLogRows: Number(states!.logged),
      },
      ratio: +(campaignRate / plainRate).toFixed(3),
      goal: GOAL,
      met: campaignRate >= GOAL,
      quietHours: `${quiet.from}–${quiet.to} Asia/Kolkata`,
      loadAverage: [+loadStart.toFixed(2), +(os.loadavg()[0] ?? 0).toFixed(2)],
    };
    process.stdout.write(`${JSON.stringify({ campaignSend: result })}\n`);
  } finally {
    await server?.stop('SIGKILL');
    await fake?.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
