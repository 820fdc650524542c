import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Activity, Campaign, CampaignBody, CampaignStats } from '@parley/contracts/campaigns';
import type { Database } from '../src/db/client';
import { campaignActivities } from '../src/db/schema/campaigns';
import { customers, customerSegmentMembers, customerSegments } from '../src/db/schema/customers';
import { enterprises, users } from '../src/db/schema/platform';
import { hashPassword } from '../src/platform/passwords';
import { crashHarness } from './crash-harness';
import { processApi } from './server-process';
import { LOAD_PASSWORD, createLoadChannel, loadNumbers, type LoadChannel } from './broadcast-load-kit';
import type { LoadMeta } from './fake-vendors/meta-load';

/**
 * The Reliability story of issue 21, black-box: a real server process runs a SCHEDULED campaign
 * (a maker makes it, a different checker approves and starts it; the scheduler fires it) through a
 * Meta channel to the fake Cloud API in its own process, and is killed with SIGKILL several times
 * while sending, restarted each time. The enterprise has a frequency cap (1 a day) and a
 * quiet-hours window in force now on the clock of the United Arab Emirates (one time zone; India,
 * the other numbers' country, is an hour and a half later, outside it). Some hundreds of Indian
 * numbers got an earlier campaign's message today.
 *
 * At the end: every eligible number was accepted by the vendor, numbers accepted twice are no more
 * than the rows the run reports as possibly sent twice (resent_after_crash), no capped number and
 * no number in quiet hours reached the vendor, and the capped ones are recorded blocked 'capped'.
 * The quiet-hours rows wait for the window's end; the test then lifts the rule (as an
 * administrator would), and the run, the activity and the campaign finish COMPLETED.
 *
 * Knobs: CAMPAIGN_CRASH_RECIPIENTS (10,000 on PostgreSQL, 4,000 on PGlite), CAMPAIGN_CRASH_KILLS (3).
 */

const RECIPIENTS = Number(
  process.env.CAMPAIGN_CRASH_RECIPIENTS ?? (process.env.PARLEY_TEST_DB === 'postgres' ? 10_000 : 4_000),
);
const KILLS = Number(process.env.CAMPAIGN_CRASH_KILLS ?? 3);
/** Indian numbers an earlier campaign reached today (the cap bites), and numbers in the UAE (quiet now). */
const CAPPED = Math.max(200, Math.round(RECIPIENTS * 0.05));
const QUIET = Math.max(200, Math.round(RECIPIENTS * 0.05));
const ELIGIBLE = RECIPIENTS - CAPPED - QUIET;

const ADMIN = 'campaign-crash@test.local';
const MAKER = 'campaign-maker@test.local';
const CHECKER = 'campaign-checker@test.local';

const harness = crashHarness({ dataDirPrefix: 'parley-campaign-crash-', email: ADMIN });
const serverUrl = () => harness.running()!.url;
const admin = harness.api;
const maker = processApi(serverUrl);
const checker = processApi(serverUrl);
const withDatabase: typeof harness.withDatabase = (work) => harness.withDatabase(work);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const eligible = loadNumbers('97', ELIGIBLE);
const capped = loadNumbers('98', CAPPED);
/** UAE mobiles +97150nnnnnnn (Asia/Dubai). */
const quiet = Array.from({ length: QUIET }, (_, index) => `+97150${String(index).padStart(7, '0')}`);

let fake: LoadMeta;
let segments: { everyone: string; earlier: string };

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (db: Database['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows).rows;

/** 'HH:mm' of an instant in a zone. */
const hhmm = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

async function signInAll() {
  await admin.signIn(ADMIN, LOAD_PASSWORD);
  await maker.signIn(MAKER, LOAD_PASSWORD);
  await checker.signIn(CHECKER, LOAD_PASSWORD);
}

/** The maker writes and submits it; the checker approves and starts it. Answers the campaign and activity ids. */
async function makeAndStart(body: CampaignBody) {
  const { campaign } = await maker.call<{ campaign: Campaign }>('POST', '/api/campaigns', body);
  const { activity } = await maker.call<{ activity: Activity }>('POST', `/api/campaigns/${campaign.id}/submit`);
  await checker.call('POST', `/api/campaigns/activities/${activity.id}/approve`);
  await checker.call('POST', `/api/campaigns/activities/${activity.id}/start`);
  return { campaignId: campaign.id, activityId: activity.id };
}

const campaignOf = async (id: string) =>
  (await admin.call<{ campaign: Campaign }>('GET', `/api/campaigns/${id}`)).campaign;
const statsOf = (id: string) => admin.call<CampaignStats>('GET', `/api/campaigns/${id}/stats`);

async function until<T>(what: string, probe: () => Promise<T | undefined>, limitMs = 180_000, everyMs = 250) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time:\n${harness.output()}`);
    await sleep(everyMs);
  }
}

const body = (channel: LoadChannel, name: string, segmentId: string, schedule: CampaignBody['schedule']) =>
  ({
    name,
    channelId: channel.id,
    variants: [
      {
        label: 'A',
        templateId: channel.template.id,
        columnMapping: [{ variable: 'body.1', type: 'static', value: 'friend' }],
        share: 100,
      },
    ],
    audience: { segmentIds: [segmentId], groupIds: [], listIds: [], filters: [] },
    schedule,
    trackClicks: false,
  }) satisfies CampaignBody;

beforeAll(async () => {
  fake = await harness.setUp();
  // Written before any server opens the data: the maker, the checker and the customers.
  segments = await withDatabase(async (db) => {
    const [enterprise] = await db.select({ id: enterprises.id }).from(enterprises);
    const enterpriseId = enterprise!.id;
    const passwordHash = await hashPassword(LOAD_PASSWORD, 10);
    await db.insert(users).values([
      { enterpriseId, email: MAKER, name: 'Maker', passwordHash, roles: [4] },
      { enterpriseId, email: CHECKER, name: 'Checker', passwordHash, roles: [5] },
    ]);
    const [everyone] = await db
      .insert(customerSegments)
      .values({ enterpriseId, name: 'Everyone', memberCount: RECIPIENTS })
      .returning({ id: customerSegments.id });
    const [earlier] = await db
      .insert(customerSegments)
      .values({ enterpriseId, name: 'Earlier', memberCount: CAPPED })
      .returning({ id: customerSegments.id });
    const all = [...eligible, ...capped, ...quiet];
    const cappedSet = new Set(capped);
    for (let from = 0; from < all.length; from += 5000) {
      const made = await db
        .insert(customers)
        .values(all.slice(from, from + 5000).map((phone) => ({ enterpriseId, name: 'Customer', phoneNumber: phone })))
        .returning({ id: customers.id, phone: customers.phoneNumber });
      await db
        .insert(customerSegmentMembers)
        .values(made.map((row) => ({ segmentId: everyone!.id, customerId: row.id })));
      const earlierMembers = made.filter((row) => cappedSet.has(row.phone));
      if (earlierMembers.length > 0)
        await db
          .insert(customerSegmentMembers)
          .values(earlierMembers.map((row) => ({ segmentId: earlier!.id, customerId: row.id })));
    }
    return { everyone: everyone!.id, earlier: earlier!.id };
  });
}, 300_000);
afterAll(async () => {
  await harness.tearDown();
});

describe(`a ${RECIPIENTS.toLocaleString('en-US')}-recipient scheduled campaign through server crashes`, () => {
  it(
    `after ${KILLS} kill -9s messages every eligible number, nobody capped or in quiet hours, twice no more than it reports`,
    { timeout: 900_000 },
    async () => {
      const began = Date.now();
      await harness.start();
      await signInAll();
      const channel = await createLoadChannel(admin, fake, { messagesPerSecond: 1000, name: 'Campaign load' });
      await admin.call('POST', '/api/campaign-rules/frequency', { name: 'Once a day', maxMessages: 1, period: 'day' });

      // An earlier campaign reaches the capped numbers today.
      const earlier = await makeAndStart(
        body(channel, 'Earlier today', segments.earlier, {
          kind: 'now',
          at: '',
          weekdays: [],
          until: '',
          spreadMinutes: 0,
        }),
      );
      await until('the earlier campaign', async () =>
        (await campaignOf(earlier.campaignId)).status === 'COMPLETED' ? true : undefined,
      );
      expect(new Set(await fake.acceptedNumbers())).toEqual(new Set(capped));
      await fake.reset();

      // Quiet hours from an hour ago to an hour from now in Dubai; India is 1½ hours later, outside.
      const now = new Date();
      const { id: quietRuleId } = await admin.call<{ id: string }>('POST', '/api/campaign-rules/block-time', {
        name: 'Around now in the Emirates',
        from: hhmm(new Date(now.getTime() - 3600_000), 'Asia/Dubai'),
        to: hhmm(new Date(now.getTime() + 3600_000), 'Asia/Dubai'),
        weekdays: [],
      });

      // The main campaign, once, two hours from now (the enterprise's zone is UTC).
      const at = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 16);
      const main = await makeAndStart(
        body(channel, 'Main', segments.everyone, { kind: 'once', at, weekdays: [], until: '', spreadMinutes: 0 }),
      );
      expect((await campaignOf(main.campaignId)).status).toBe('SCHEDULED');
      // Its time comes: the scheduler, not the start, fires it.
      await harness.stop('SIGTERM');
      await withDatabase((db) =>
        db
          .update(campaignActivities)
          .set({ nextRunAt: new Date(Date.now() - 1000) })
          .where(eq(campaignActivities.id, main.activityId)),
      );
      const fireFrom = Date.now();
      await harness.start();

      const killedAt: number[] = [];
      for (let kill = 1; kill <= KILLS; kill += 1) {
        await harness.vendorAccepted(Math.floor((kill * ELIGIBLE) / (KILLS + 1)));
        // A little later, so the kill lands anywhere: mid-request, mid-batch, mid-update.
        await sleep(Math.floor(Math.random() * 150));
        await harness.stop('SIGKILL');
        killedAt.push((await fake.stats()).accepted);
        await harness.start();
      }
      await signInAll();
      // Every row not waiting out quiet hours is settled (as many settled as are eligible: should the
      // quiet numbers go out, the counts below tell at once rather than a time-out).
      const settled = await until('the run to settle', async () => {
        const stats = await statsOf(main.campaignId);
        const run = stats.runs[0];
        return run && run.funnel.sent + run.funnel.failed >= ELIGIBLE && run.funnel.pending <= QUIET
          ? stats
          : undefined;
      });
      const sentIn = Date.now() - fireFrom;
      const stats = await fake.stats();
      const accepted = new Set(await fake.acceptedNumbers());
      expect(settled.runs).toHaveLength(1);
      expect(settled.runs[0]!.state).toBe('RUNNING');
      expect(settled.runs[0]!.funnel).toMatchObject({ sent: ELIGIBLE, excluded: CAPPED, failed: 0, pending: QUIET });
      expect(stats.refused, stats.refusals.join('\n')).toBe(0);
      expect(eligible.filter((phone) => !accepted.has(phone)).slice(0, 10)).toEqual([]);
      expect(capped.filter((phone) => accepted.has(phone)).slice(0, 10)).toEqual([]);
      expect(quiet.filter((phone) => accepted.has(phone)).slice(0, 10)).toEqual([]);
      expect(accepted.size).toBe(ELIGIBLE);

      // The window is lifted: the waiting rows go out and the run finishes.
      await admin.call('DELETE', `/api/campaign-rules/block-time/${quietRuleId}`);
      await until(
        'the campaign to complete',
        async () => ((await campaignOf(main.campaignId)).status === 'COMPLETED' ? true : undefined),
        120_000,
        500,
      );
      const after = await fake.stats();
      const acceptedAfter = new Set(await fake.acceptedNumbers());
      expect(quiet.filter((phone) => !acceptedAfter.has(phone)).slice(0, 10)).toEqual([]);
      expect(capped.filter((phone) => acceptedAfter.has(phone)).slice(0, 10)).toEqual([]);
      expect(acceptedAfter.size).toBe(ELIGIBLE + QUIET);

      await harness.stop('SIGTERM');
      const outbox = await withDatabase(async (db) => {
        const states = await rowsOf(
          db,
          sql`SELECT r.state, coalesce(r.error_code, '') AS code, count(*)::int AS n,
              count(DISTINCT r.phone)::int AS phones, count(*) FILTER (WHERE r.resent_after_crash)::int AS resent
            FROM campaign_broadcasts cb JOIN broadcast_recipients r ON r.broadcast_id = cb.broadcast_id
            WHERE cb.campaign_id = ${main.campaignId}::uuid AND cb.kind = 'main'
            GROUP BY 1, 2`,
        );
        const cappedBlocked = await rowsOf(
          db,
          sql`SELECT count(*)::int AS n FROM campaign_broadcasts cb
            JOIN broadcast_recipients r ON r.broadcast_id = cb.broadcast_id
            WHERE cb.campaign_id = ${main.campaignId}::uuid AND r.state = 'blocked' AND r.error_code = 'capped'
              AND r.phone LIKE '+9198%'`,
        );
        const runs = await rowsOf(
          db,
          sql`SELECT state FROM campaign_runs WHERE activity_id = ${main.activityId}::uuid`,
        );
        const [activity] = await rowsOf(
          db,
          sql`SELECT state FROM campaign_activities WHERE id = ${main.activityId}::uuid`,
        );
        return { states, cappedBlocked: Number(cappedBlocked[0]!.n), runs, activity: activity!.state };
      });
      const resent = outbox.states.reduce((sum, row) => sum + Number(row.resent), 0);
      const byState = Object.fromEntries(
        outbox.states.map((row) => [`${String(row.state)} ${String(row.code)}`, row.n]),
      );

      process.stdout.write(
        `\n  ${RECIPIENTS} recipients (${ELIGIBLE} eligible, ${CAPPED} capped, ${QUIET} in quiet hours); ` +
          `kill -9 ×${KILLS} at ${killedAt.join(', ')} messages accepted by the vendor; ` +
          `fired and sent in ${(sentIn / 1000).toFixed(1)} s; ${after.requests} requests, ${after.accepted} accepted ` +
          `for ${after.distinctNumbers} numbers; duplicates at the vendor: ${after.duplicateNumbers} numbers ` +
          `(${after.duplicateSends} extra sends); reported possible duplicates: ${resent}; ` +
          `whole test ${((Date.now() - began) / 1000).toFixed(1)} s\n`,
      );
      expect(killedAt).toHaveLength(KILLS);
      expect(byState).toEqual({ 'accepted ': ELIGIBLE + QUIET, 'blocked capped': CAPPED });
      expect(outbox.cappedBlocked).toBe(CAPPED);
      expect(after.duplicateNumbers).toBeLessThanOrEqual(resent);
      expect(outbox.runs).toEqual([{ state: 'COMPLETED' }]);
      expect(outbox.activity).toBe('COMPLETED');
    },
  );
});
