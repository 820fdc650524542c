import type { BroadcastDetail } from '@parley/contracts/broadcasts';
import type { Database } from '../src/db/client';
import { enterprises, users } from '../src/db/schema/platform';
import { hashPassword } from '../src/platform/passwords';
import type { LoadMeta } from './fake-vendors/meta-load';
import type { processApi } from './server-process';

/**
 * What the broadcast reliability test and the broadcast benchmark share: an administrator written
 * straight into the database, a Meta channel pointed at the load fake and an APPROVED template made
 * through the API, a broadcast sent through POST /api/broadcasts, and waiting for it to finish.
 */

export const LOAD_PASSWORD = 'correct-horse-battery';
type Api = ReturnType<typeof processApi>;

export async function seedAdministrator(db: Database['db'], email: string) {
  const [enterprise] = await db.insert(enterprises).values({ name: 'Broadcast load' }).returning();
  await db.insert(users).values({
    enterpriseId: enterprise!.id,
    email,
    name: 'Broadcaster',
    passwordHash: await hashPassword(LOAD_PASSWORD, 10),
    roles: [1],
  });
  return enterprise!.id;
}

export interface LoadChannel {
  id: string;
  /** The path of the channel's webhook (the host is the running server's). */
  webhookPath: string;
  template: { id: string; name: string };
}

/** A Meta channel (vendor 19) on the fake with this pace, and an APPROVED one-variable template. */
export async function createLoadChannel(
  api: Api,
  fake: LoadMeta,
  options: { messagesPerSecond: number; name?: string },
): Promise<LoadChannel> {
  const name = options.name ?? `Load ${options.messagesPerSecond}/s`;
  const created = await api.call<{ channelConfig: { id: string; webhookUrl: string } }>('POST', '/api/channels', {
    name,
    type: 4,
    vendor: 19,
    data: fake.credentials(),
    messagesPerSecond: options.messagesPerSecond,
  });
  const templateName = `parcel_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  const made = await api.call<{ id: string; name: string; status: string }>('POST', '/api/templates', {
    channelId: created.channelConfig.id,
    name: templateName,
    language: 'en_US',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Hello {{1}}, your parcel is on its way.', example: { body_text: [['Asha']] } }],
  });
  if (made.status !== 'APPROVED') throw new Error(`the template is ${made.status}, not APPROVED`);
  return {
    id: created.channelConfig.id,
    webhookPath: new URL(created.channelConfig.webhookUrl).pathname,
    template: { id: made.id, name: made.name },
  };
}

/** `count` Indian mobile numbers +91<prefix>00000000… (E.164). */
export const loadNumbers = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `+91${prefix}${String(index).padStart(8, '0')}`);

/** POST /api/broadcasts with a static value for the template's one variable. */
export async function sendLoadBroadcast(api: Api, channel: LoadChannel, numbers: string[]) {
  const sent = await api.call<{ data: BroadcastDetail }>('POST', '/api/broadcasts', {
    channelId: channel.id,
    phoneNumber: numbers,
    message: { template: { templateId: channel.template.name, templateUId: channel.template.id } },
    columnMapping: [{ variable: 'body.1', type: 'static', value: 'friend' }],
  });
  return sent.data;
}

export const getBroadcast = async (api: Api, id: string) =>
  (await api.call<{ data: BroadcastDetail }>('GET', `/api/broadcasts/${id}`)).data;

/** Polls the broadcast until it is COMPLETED, FAILED or CANCELLED. */
export async function waitUntilFinished(api: Api, id: string, limitMs = 180_000, everyMs = 250) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const detail = await getBroadcast(api, id);
    if (detail.status === 'COMPLETED' || detail.status === 'FAILED' || detail.status === 'CANCELLED') return detail;
    if (Date.now() > deadline)
      throw new Error(`the broadcast did not finish in time: ${detail.status} ${JSON.stringify(detail.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
