import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, type Tenant, type TestContext } from '../../../../test/test-app';
import type { Db } from '../../../db/client';
import { broadcastRecipients, broadcasts } from '../../../db/schema/broadcasts';
import { campaignActivities, campaignBroadcasts, campaignRuns, campaigns } from '../../../db/schema/campaigns';
import { channelMessageEvents, channelMessages } from '../../../db/schema/channels';
import { openTestDatabase } from '../../../../test/test-database';
import { loadConfig } from '../../../config';
import { registerCampaignReportRoutes } from './index';

/*
 * What the report tests share: an app with the report's routes, and campaign data written straight
 * into the tables, as the campaign runs and the broadcast pipeline would leave it.
 */

/**
 * An app with the report's routes (registered here unless the campaigns feature already does) on
 * a database the test opens first, so that the routes get it.
 */
export async function reportContext(): Promise<TestContext> {
  const database = await openTestDatabase();
  const context = await createTestApp({
    database,
    beforeReady: (app: FastifyInstance) => {
      if (!app.hasRoute({ method: 'GET', url: '/api/campaigns/:id/stats' }))
        registerCampaignReportRoutes(app, {
          db: database.db,
          config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://parley.test' }),
        });
    },
  });
  const close = context.close;
  return {
    ...context,
    async close() {
      await close();
      await database.close();
    },
  };
}

let counter = 0;

/** A Sandbox channel made through POST /api/channels, as an administrator would. */
export async function sandboxChannel(context: TestContext, tenant: Tenant): Promise<{ id: string }> {
  counter += 1;
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/channels',
    headers: as(tenant.token),
    payload: {
      name: `Report channel ${counter}`,
      type: 4,
      vendor: 0,
      data: { contactId: `9180000${String(10000 + counter).slice(-5)}`, failureRate: '0' },
    },
  });
  if (response.statusCode !== 200) throw new Error(`channel not created: ${response.body}`);
  return { id: response.json().data.channelConfig.id as string };
}

/** A finished campaign with its activity (runs need one): the scheduler leaves both alone. */
export async function insertCampaign(
  db: Db,
  input: { enterpriseId: string; name: string; trackClicks?: boolean; status?: string; deleted?: boolean },
) {
  const [campaign] = await db
    .insert(campaigns)
    .values({
      enterpriseId: input.enterpriseId,
      name: input.name,
      variants: [],
      audience: {},
      schedule: { kind: 'now' },
      trackClicks: input.trackClicks ?? true,
      status: input.status ?? 'COMPLETED',
      ...(input.deleted ? { deletedAt: new Date() } : {}),
    })
    .returning();
  const [activity] = await db
    .insert(campaignActivities)
    .values({
      enterpriseId: input.enterpriseId,
      campaignId: campaign!.id,
      name: input.name,
      state: 'COMPLETED',
      campaignVersion: 1,
      snapshot: {},
    })
    .returning();
  return { id: campaign!.id, activityId: activity!.id, enterpriseId: input.enterpriseId };
}

export async function insertRun(
  db: Db,
  campaign: { id: string; activityId: string; enterpriseId: string },
  input: { occurrence: Date; targeted?: number; excluded?: Record<string, number>; state?: string },
) {
  const [run] = await db
    .insert(campaignRuns)
    .values({
      enterpriseId: campaign.enterpriseId,
      campaignId: campaign.id,
      activityId: campaign.activityId,
      occurrence: input.occurrence,
      state: input.state ?? 'COMPLETED',
      targeted: input.targeted ?? 0,
      excluded: input.excluded ?? {},
    })
    .returning();
  return run!;
}

export const bodyOnly = [{ type: 'BODY', text: 'Hello {{1}}', example: { body_text: [['Asha']] } }];

/** A broadcast of a campaign (finished: the app's pipeline leaves it alone) with its campaign_broadcasts row. */
export async function insertCampaignBroadcast(
  db: Db,
  input: {
    enterpriseId: string;
    channelId: string;
    campaignId?: string;
    runId?: string | null;
    kind?: 'main' | 'fallback' | 'test';
    variant?: string | null;
    templateName?: string;
    category?: string;
    components?: unknown[];
    mainBroadcastId?: string;
    resourceType?: string;
    resourceId?: string;
  },
) {
  const templateName = input.templateName ?? 'promo';
  const [broadcast] = await db
    .insert(broadcasts)
    .values({
      enterpriseId: input.enterpriseId,
      channelId: input.channelId,
      templateName,
      templateSnapshot: {
        name: templateName,
        language: 'en_US',
        category: input.category ?? 'MARKETING',
        parameterFormat: 'POSITIONAL',
        components: input.components ?? bodyOnly,
        vendorTemplateId: null,
      },
      status: 'COMPLETED',
      messagesPerSecond: 1000,
      total: 0,
      resourceType: input.resourceType ?? null,
      resourceId: input.resourceId ?? null,
    })
    .returning();
  if (input.campaignId)
    await db.insert(campaignBroadcasts).values({
      broadcastId: broadcast!.id,
      enterpriseId: input.enterpriseId,
      campaignId: input.campaignId,
      runId: input.runId ?? null,
      kind: input.kind ?? 'main',
      variant: input.variant ?? null,
      mainBroadcastId: input.mainBroadcastId ?? null,
    });
  return { id: broadcast!.id, enterpriseId: input.enterpriseId, channelId: input.channelId };
}

type Outcome =
  | { state: 'pending' }
  | { state: 'blocked'; code: string; text?: string }
  | { state: 'failed'; code: string; text: string }
  | {
      state: 'accepted';
      /** The channel log's status: sent, delivered, read or failed (with the vendor's error). */
      status?: 'sent' | 'delivered' | 'read' | 'failed';
      error?: { code: string; text: string };
      /** When the status events came (delivered, read). */
      deliveredAt?: Date;
      readAt?: Date;
    };

let vendorCounter = 0;

/**
 * One outbox row of a broadcast as the pipeline leaves it; an accepted one has its message in the
 * channel log (source 'broadcast', source_id the row), sent at `sentAt`.
 */
export async function insertRecipient(
  db: Db,
  broadcast: { id: string; enterpriseId: string; channelId: string },
  input: { phone: string; sentAt?: Date; values?: Record<string, unknown>; customerId?: string } & Outcome,
) {
  const sentAt = input.sentAt ?? new Date();
  const [row] = await db
    .insert(broadcastRecipients)
    .values({
      enterpriseId: broadcast.enterpriseId,
      broadcastId: broadcast.id,
      phone: input.phone,
      customerId: input.customerId ?? null,
      values: input.values ?? { body: { '1': 'Asha' } },
      state: input.state,
      attempts: input.state === 'pending' ? 0 : 1,
      sentAt: input.state === 'pending' ? null : sentAt,
      errorCode: input.state === 'blocked' || input.state === 'failed' ? input.code : null,
      errorText: input.state === 'failed' ? input.text : input.state === 'blocked' ? (input.text ?? null) : null,
    })
    .returning();
  if (input.state !== 'accepted') return row!;
  vendorCounter += 1;
  const vendorMessageId = `wamid.report.${vendorCounter}.${Date.now()}`;
  const status = input.status ?? 'sent';
  const [message] = await db
    .insert(channelMessages)
    .values({
      enterpriseId: broadcast.enterpriseId,
      channelId: broadcast.channelId,
      direction: 'out',
      customerNumber: input.phone,
      vendorMessageId,
      kind: 'template',
      status,
      statusAt: input.readAt ?? input.deliveredAt ?? sentAt,
      errorCode: input.error?.code ?? null,
      errorText: input.error?.text ?? null,
      source: 'broadcast',
      sourceId: row!.id,
      createdAt: sentAt,
    })
    .returning();
  const events = [
    ...(input.deliveredAt ? [{ status: 'delivered', occurredAt: input.deliveredAt }] : []),
    ...(input.readAt ? [{ status: 'read', occurredAt: input.readAt }] : []),
  ];
  if (events.length > 0)
    await db.insert(channelMessageEvents).values(
      events.map((event) => ({
        enterpriseId: broadcast.enterpriseId,
        channelId: broadcast.channelId,
        vendorMessageId,
        status: event.status,
        occurredAt: event.occurredAt,
      })),
    );
  await db
    .update(broadcastRecipients)
    .set({ messageId: message!.id, vendorMessageId })
    .where(eq(broadcastRecipients.id, row!.id));
  return row!;
}

/** A customer's message on a channel at `at` (already taken into its conversation). */
export async function insertInbound(
  db: Db,
  input: { enterpriseId: string; channelId: string; phone: string; at: Date; text?: string },
) {
  await db.insert(channelMessages).values({
    enterpriseId: input.enterpriseId,
    channelId: input.channelId,
    direction: 'in',
    customerNumber: input.phone,
    kind: 'text',
    content: { text: input.text ?? 'Yes please' },
    status: 'received',
    statusAt: input.at,
    source: 'inbound',
    routedAt: input.at,
    createdAt: input.at,
  });
}

export const HOUR = 60 * 60 * 1000;
