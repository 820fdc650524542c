import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { SandboxMessage } from '@parley/contracts/channels';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../../test/test-app';
import { openTestDatabase } from '../../../../test/test-database';
import { loadConfig } from '../../../config';
import { rawFor, type Database, type DbOrTx } from '../../../db/client';
import { broadcastRecipients, broadcasts } from '../../../db/schema/broadcasts';
import { campaignBroadcasts, campaignFailovers, campaignSendLog } from '../../../db/schema/campaigns';
import { channelMessages } from '../../../db/schema/channels';
import { createFailoverSweep, fallbackTexts } from './failover';
import {
  caller,
  createTemplate,
  greetingTemplate,
  insertCampaign,
  insertCampaignBroadcast,
  recipientsOf,
  sandboxChannel,
} from './protection-test-kit';

/**
 * Channel failover: which failed campaign messages get a fallback, that each gets exactly one
 * (sweeps run twice or at once), and, through the Sandbox, that the customer's phone receives it.
 */

const config = loadConfig({ NODE_ENV: 'test' });
const mapping = [
  { variable: 'body.1', type: 'column' as const, value: 'name' },
  { variable: 'body.2', type: 'static' as const, value: 'your order is ready' },
];
const silent = { error: (details: object, message: string) => problems.push(message) };
const problems: string[] = [];

/** An enqueue that notes each broadcast and checks it is visible in the caller's transaction. */
function recordingQueue() {
  const queued: string[] = [];
  return {
    queued,
    async enqueue(broadcastId: string, options: { tx: DbOrTx }) {
      const { rows } = await rawFor(options.tx)('SELECT 1 FROM broadcasts WHERE id = $1', [broadcastId]);
      if (rows.length !== 1) throw new Error('enqueue outside the transaction that wrote the broadcast');
      queued.push(broadcastId);
    },
  };
}

describe('which campaign messages fall back', () => {
  let database: Database;
  let tenant: Tenant;
  let whatsApp: string;
  let rcs: string;
  let ruleId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const context = await createTestApp({ database });
    tenant = await createTenant(context);
    whatsApp = (await sandboxChannel(context, tenant, { type: 4 })).id;
    rcs = (await sandboxChannel(context, tenant, { type: 10 })).id;
    const templateId = await createTemplate(context, tenant, greetingTemplate(rcs, 'rcs_fallback'));
    const call = caller(context);
    for (const [name, phoneNumber] of [
      ['Asha Rao', '+919812300001'],
      ['Ben Roy', '+919812300002'],
      ['Chen Li', '+919812300003'],
    ])
      expect((await call(tenant, 'POST', '/api/customers', { name, phoneNumber })).statusCode).toBe(200);
    // The app's broadcast worker must not send what these tests write.
    await context.close();
    const [rule] = await database.db
      .insert(campaignFailovers)
      .values({
        enterpriseId: tenant.enterpriseId,
        name: 'WhatsApp to RCS',
        fromChannelId: whatsApp,
        toChannelId: rcs,
        templateId,
        columnMapping: mapping,
        undeliveredMinutes: 30,
      })
      .returning();
    ruleId = rule!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A finished main broadcast whose rows are set as the pipeline and the vendor's statuses left them. */
  async function finishedMain(
    rows: { phone: string; state: string; retryable?: boolean; status?: string; minutesAgo?: number }[],
    kind: 'main' | 'test' = 'main',
  ) {
    const campaign = await insertCampaign(database.db, tenant.enterpriseId);
    const main = await insertCampaignBroadcast(database.db, {
      enterpriseId: tenant.enterpriseId,
      channelId: whatsApp,
      campaignId: campaign.id,
      phones: rows.map((row) => row.phone),
      status: 'COMPLETED',
      kind,
    });
    for (const recipient of await recipientsOf(database.db, main.id)) {
      const wanted = rows.find((row) => row.phone === recipient.phone)!;
      const sentAt = new Date(Date.now() - (wanted.minutesAgo ?? 0) * 60_000);
      let messageId: string | null = null;
      if (wanted.status) {
        const [message] = await database.db
          .insert(channelMessages)
          .values({
            enterpriseId: tenant.enterpriseId,
            channelId: whatsApp,
            direction: 'out',
            customerNumber: recipient.phone,
            kind: 'template',
            status: wanted.status,
            source: 'broadcast',
            sourceId: recipient.id,
            createdAt: sentAt,
          })
          .returning();
        messageId = message!.id;
      }
      await database.db
        .update(broadcastRecipients)
        .set({ state: wanted.state, retryable: wanted.retryable ?? false, sentAt, messageId })
        .where(eq(broadcastRecipients.id, recipient.id));
      await database.db
        .insert(campaignSendLog)
        .values({ enterpriseId: tenant.enterpriseId, phone: recipient.phone, recipientId: recipient.id, sentAt });
    }
    return { campaign, main };
  }

  async function fallbacksOf(mainId: string) {
    const links = await database.db
      .select()
      .from(campaignBroadcasts)
      .where(and(eq(campaignBroadcasts.mainBroadcastId, mainId), eq(campaignBroadcasts.kind, 'fallback')));
    const rows = links.length
      ? await database.db
          .select()
          .from(broadcastRecipients)
          .where(
            inArray(
              broadcastRecipients.broadcastId,
              links.map((link) => link.broadcastId),
            ),
          )
      : [];
    return { links, rows };
  }

  it('are those failed for good, reported failed, or not delivered within the rule’s minutes', async () => {
    const { campaign, main } = await finishedMain([
      { phone: '+919812300001', state: 'failed', retryable: false },
      { phone: '+919812300002', state: 'accepted', status: 'failed', minutesAgo: 1 },
      { phone: '+919812300003', state: 'accepted', status: 'sent', minutesAgo: 45 },
      // Not these: a refusal that 'Retry failed' may resend, delivered or read, sent only 10 minutes ago.
      { phone: '+919812300004', state: 'failed', retryable: true },
      { phone: '+919812300005', state: 'accepted', status: 'delivered', minutesAgo: 45 },
      { phone: '+919812300006', state: 'accepted', status: 'read', minutesAgo: 45 },
      { phone: '+919812300007', state: 'accepted', status: 'sent', minutesAgo: 10 },
      { phone: '+919812300008', state: 'blocked' },
    ]);
    const queue = recordingQueue();
    const sweep = createFailoverSweep({ db: database.db, pipeline: queue, log: silent, config });
    expect(await sweep.tick()).toBe(3);

    const { links, rows } = await fallbacksOf(main.id);
    expect(links).toEqual([
      expect.objectContaining({
        kind: 'fallback',
        campaignId: campaign.id,
        failoverId: ruleId,
        mainBroadcastId: main.id,
      }),
    ]);
    const fallbackId = links[0]!.broadcastId;
    expect(queue.queued).toEqual([fallbackId]);
    expect(
      rows
        .map((row) => ({ phone: row.phone, state: row.state, values: row.values }))
        .sort((a, b) => a.phone.localeCompare(b.phone)),
    ).toEqual([
      { phone: '+919812300001', state: 'pending', values: { body: { '1': 'Asha Rao', '2': 'your order is ready' } } },
      { phone: '+919812300002', state: 'pending', values: { body: { '1': 'Ben Roy', '2': 'your order is ready' } } },
      { phone: '+919812300003', state: 'pending', values: { body: { '1': 'Chen Li', '2': 'your order is ready' } } },
    ]);
    const [fallback] = await database.db.select().from(broadcasts).where(eq(broadcasts.id, fallbackId));
    expect(fallback).toMatchObject({
      channelId: rcs,
      status: 'QUEUED',
      total: 3,
      templateName: 'rcs_fallback',
      templateSnapshot: expect.objectContaining({ name: 'rcs_fallback', category: 'UTILITY' }),
    });
    // The failed messages no longer count against the frequency cap; their fallbacks will.
    const logged = await database.db
      .select({ phone: campaignSendLog.phone })
      .from(campaignSendLog)
      .innerJoin(broadcastRecipients, eq(broadcastRecipients.id, campaignSendLog.recipientId))
      .where(eq(broadcastRecipients.broadcastId, main.id));
    expect(logged.map((row) => row.phone).sort()).toEqual([
      '+919812300004',
      '+919812300005',
      '+919812300006',
      '+919812300007',
      '+919812300008',
    ]);

    // Once the late one is 30 minutes old without delivery, it falls back too, in the same fallback broadcast.
    await database.db
      .update(broadcastRecipients)
      .set({ sentAt: new Date(Date.now() - 31 * 60_000) })
      .where(and(eq(broadcastRecipients.broadcastId, main.id), eq(broadcastRecipients.phone, '+919812300007')));
    await database.db.update(broadcasts).set({ status: 'COMPLETED' }).where(eq(broadcasts.id, fallbackId));
    expect(await sweep.tick()).toBe(1);
    const after = await fallbacksOf(main.id);
    expect(after.links).toHaveLength(1);
    expect(after.rows).toHaveLength(4);
    // A finished fallback broadcast is opened again for its new recipient.
    const [reopened] = await database.db.select().from(broadcasts).where(eq(broadcasts.id, fallbackId));
    expect(reopened).toMatchObject({ status: 'SENDING', total: 4, completedAt: null });
  });

  it('are given once however often, and however many at once, the sweep runs', async () => {
    const { main } = await finishedMain(
      Array.from({ length: 40 }, (_, index) => ({
        phone: `+9198124${String(index).padStart(5, '0')}`,
        state: 'accepted',
        status: 'failed',
      })),
    );
    const queue = recordingQueue();
    const sweeps = Array.from({ length: 3 }, () =>
      createFailoverSweep({ db: database.db, pipeline: queue, log: silent, config }),
    );
    const added = await Promise.all(sweeps.map((sweep) => sweep.tick()));
    expect(added.reduce((sum, count) => sum + count, 0)).toBe(40);
    expect(await sweeps[0]!.tick()).toBe(0);
    const { links, rows } = await fallbacksOf(main.id);
    expect(links).toHaveLength(1);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.phone)).size).toBe(40);
    // Not customers: nothing fills {{1}} from the name, so they are recorded failed, not sent empty.
    expect(rows.every((row) => row.state === 'failed' && row.errorText === fallbackTexts.unfilled)).toBe(true);
  });

  it('are none of a test send, of a stopped rule, or of another channel', async () => {
    const test = await finishedMain([{ phone: '+919812300001', state: 'failed' }], 'test');
    const sweep = createFailoverSweep({ db: database.db, pipeline: recordingQueue(), log: silent, config });
    await database.db.update(campaignFailovers).set({ enabled: false }).where(eq(campaignFailovers.id, ruleId));
    const disabled = await finishedMain([{ phone: '+919812300002', state: 'failed' }]);
    expect(await sweep.tick()).toBe(0);
    await database.db.update(campaignFailovers).set({ enabled: true }).where(eq(campaignFailovers.id, ruleId));
    expect((await fallbacksOf(test.main.id)).links).toEqual([]);
    // Enabled again: the main broadcast's failed message falls back.
    expect(await sweep.tick()).toBe(1);
    expect((await fallbacksOf(disabled.main.id)).rows).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});

describe('a WhatsApp campaign message that fails for good', () => {
  let context: TestContext;
  let tenant: Tenant;

  beforeAll(async () => {
    context = await createTestApp({ withJobs: true, env: { PARLEY_SANDBOX_DELAY_SECONDS: '0' } });
    tenant = await createTenant(context);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('reaches the customer once as the fallback template on the RCS channel of the Sandbox', async () => {
    const call = caller(context);
    // Every WhatsApp message fails on the Sandbox phone (a real WhatsApp error, after the vendor took it).
    const whatsApp = (await sandboxChannel(context, tenant, { type: 4, failureRate: 100 })).id;
    const rcs = (await sandboxChannel(context, tenant, { type: 10 })).id;
    const templateId = await createTemplate(context, tenant, greetingTemplate(rcs, 'rcs_fallback'));
    const customers = [
      ['Asha Rao', '+919830000001'],
      ['Ben Roy', '+919830000002'],
    ] as const;
    for (const [name, phoneNumber] of customers)
      expect((await call(tenant, 'POST', '/api/customers', { name, phoneNumber })).statusCode).toBe(200);
    await context.database.db.insert(campaignFailovers).values({
      enterpriseId: tenant.enterpriseId,
      name: 'WhatsApp to RCS',
      fromChannelId: whatsApp,
      toChannelId: rcs,
      templateId,
      columnMapping: mapping,
    });
    const campaign = await insertCampaign(context.database.db, tenant.enterpriseId);
    // Queued as a campaign run queues it; the app's broadcast worker sends it.
    const main = await insertCampaignBroadcast(context.database.db, {
      enterpriseId: tenant.enterpriseId,
      channelId: whatsApp,
      campaignId: campaign.id,
      phones: customers.map(([, phone]) => phone),
    });
    const failedOnPhone = async () => {
      const rows = await context.database.db
        .select({ status: channelMessages.status })
        .from(broadcastRecipients)
        .innerJoin(channelMessages, eq(channelMessages.id, broadcastRecipients.messageId))
        .where(eq(broadcastRecipients.broadcastId, main.id));
      return rows.length === 2 && rows.every((row) => row.status === 'failed');
    };
    await waitFor(failedOnPhone);

    // The sweep's queue: the app's worker also finds queued broadcasts by itself.
    const queue = recordingQueue();
    const sweeps = [1, 2].map(() =>
      createFailoverSweep({ db: context.database.db, pipeline: queue, log: silent, config: context.config }),
    );
    const added = await Promise.all(sweeps.map((sweep) => sweep.tick()));
    expect(added.sort()).toEqual([0, 2]);
    expect(await sweeps[0]!.tick()).toBe(0);

    const thread = async (phone: string) =>
      (
        await call<{ messages: SandboxMessage[] }>(
          tenant,
          'GET',
          `/api/sandbox/channels/${rcs}/conversations/${encodeURIComponent(phone)}`,
        )
      ).body.data.messages;
    await waitFor(async () => (await thread('+919830000001')).length > 0 && (await thread('+919830000002')).length > 0);
    // Time for a duplicate to show, if there were one.
    expect(await sweeps[1]!.tick()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const [name, phone] of customers) {
      const messages = await thread(phone);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.content).toMatchObject({ values: { body: { '1': name, '2': 'your order is ready' } } });
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

async function waitFor(done: () => Promise<boolean>, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
