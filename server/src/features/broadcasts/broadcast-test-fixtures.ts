import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { broadcastRecipients, broadcasts } from '../../db/schema/broadcasts';
import type { Db } from '../../db/client';
import type { BlockReason, Blocklist } from '../../platform/messaging/broadcast-ports';
import { signBody, whatsAppCallback } from '../../platform/messaging/whatsapp-webhooks';
import type { DeliveryStatus } from '../../platform/messaging/vendor-adapter';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import { as, type Tenant } from '../../../test/test-app';

/** What the pipeline and reader tests share: a Meta channel, broadcasts written as the send route writes them. */

export const orderTemplate = {
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  parameterFormat: 'POSITIONAL',
  components: [
    { type: 'BODY', text: 'Hello {{1}}, your order {{2}} is on its way', example: { body_text: [['Asha', 'A-1']] } },
  ],
  vendorTemplateId: null,
};

let channelCounter = 0;

/** A channel made through POST /api/channels, as an administrator would (Meta Cloud API by default). */
export async function createMetaChannel(
  app: FastifyInstance,
  tenant: Tenant,
  credentials: Record<string, string>,
  vendor = 19,
) {
  channelCounter += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/channels',
    headers: as(tenant.token),
    payload: { name: `Broadcast channel ${channelCounter}`, type: 4, vendor, data: credentials },
  });
  if (response.statusCode !== 200) throw new Error(`channel not created: ${response.body}`);
  const config = response.json().data.channelConfig as { id: string; webhookUrl: string };
  return { id: config.id, webhookKey: config.webhookUrl.split('/').pop()! };
}

/** Phones +9198450000NN … */
export function phones(count: number, start = 0): string[] {
  return Array.from({ length: count }, (_, index) => `+91984${String(start + index).padStart(7, '0')}`);
}

/** A broadcast and its outbox rows, as the send route stores them in one transaction. */
export async function insertBroadcast(
  db: Db,
  input: {
    enterpriseId: string;
    channelId: string;
    userId?: string;
    phones: string[];
    messagesPerSecond?: number;
    templateName?: string;
    createdAt?: Date;
    status?: string;
  },
) {
  const [broadcast] = await db
    .insert(broadcasts)
    .values({
      enterpriseId: input.enterpriseId,
      channelId: input.channelId,
      templateName: input.templateName ?? orderTemplate.name,
      templateSnapshot: { ...orderTemplate, name: input.templateName ?? orderTemplate.name },
      status: input.status ?? 'QUEUED',
      messagesPerSecond: input.messagesPerSecond ?? 1000,
      total: input.phones.length,
      createdBy: input.userId ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  for (let index = 0; index < input.phones.length; index += 1000)
    await db.insert(broadcastRecipients).values(
      input.phones.slice(index, index + 1000).map((phone, offset) => ({
        enterpriseId: input.enterpriseId,
        broadcastId: broadcast!.id,
        phone,
        values: { body: { '1': `Customer ${index + offset + 1}`, '2': `A-${index + offset + 1}` } },
      })),
    );
  return broadcast!;
}

export async function recipientsOf(db: Db, broadcastId: string) {
  return db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, broadcastId));
}

export async function broadcastRow(db: Db, broadcastId: string) {
  const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
  return row!;
}

/** A blocklist over a map the test fills (the blacklist feature's own tests cover the real one). */
export function mapBlocklist(entries: Map<string, BlockReason>): Blocklist {
  return {
    async blocked(_enterpriseId, numbers) {
      return new Map(numbers.filter((phone) => entries.has(phone)).map((phone) => [phone, entries.get(phone)!]));
    },
  };
}

/** Meta's signed status callback, through the channel's webhook pipeline (as the public route runs it). */
export function statusCallback(
  messaging: ChannelMessaging,
  webhookKey: string,
  appSecret: string,
  phoneNumberId: string,
  statuses: { id: string; status: DeliveryStatus; at: Date; to: string }[],
) {
  const body = JSON.stringify(
    whatsAppCallback(phoneNumberId, {
      statuses: statuses.map((status) => ({
        id: status.id,
        status: status.status,
        timestamp: Math.floor(status.at.getTime() / 1000),
        recipient_id: status.to.replace('+', ''),
      })),
    }),
  );
  return messaging.ingest(webhookKey, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(appSecret, body) },
    query: {},
    rawBody: Buffer.from(body),
  });
}
