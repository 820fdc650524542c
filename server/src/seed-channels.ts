import { and, asc, eq } from 'drizzle-orm';
import { channelTypeNames, validateCredentials, vendorIds } from '@parley/contracts/channels';
import type { DbOrTx, Tx } from './db/client';
import { channels } from './db/schema/channels';
import type { SecretBox } from './platform/secrets';
import { newWebhook, splitCredentials } from './features/channels/channel-credentials';

export const DEMO_SANDBOX_CHANNEL_NAME = 'Sandbox WhatsApp';
export const DEMO_SANDBOX_NUMBER = '919000000001';

/**
 * First start: a Sandbox WhatsApp channel (vendor 0, type 4), so templates, test sends and the
 * Sandbox phone work on a fresh machine. Its credentials go through the same form check and
 * split as a channel created in the console.
 */
export async function seedDemoChannels(
  tx: Tx,
  enterpriseId: string,
  secrets: SecretBox,
  createdBy: string | null = null,
): Promise<{ sandboxChannelId: string }> {
  const vendor = vendorIds.sandbox;
  const type = 4;
  const data = { contactId: DEMO_SANDBOX_NUMBER, failureRate: '0' };
  const errors = validateCredentials(vendor, type, data);
  if (Object.keys(errors).length > 0)
    throw new Error(`demo ${channelTypeNames[type]} channel: ${JSON.stringify(errors)}`);
  const { settings, contactId } = splitCredentials(vendor, type, data, {});
  const [row] = await tx
    .insert(channels)
    .values({
      enterpriseId,
      name: DEMO_SANDBOX_CHANNEL_NAME,
      type,
      vendor,
      contactId,
      settings,
      secretsEnc: null,
      ...newWebhook(secrets),
      createdBy,
    })
    .returning({ id: channels.id });
  return { sandboxChannelId: row!.id };
}

/** The demo enterprise's Sandbox WhatsApp channel (for the templates seed), or null. */
export async function findDemoSandboxChannel(db: DbOrTx, enterpriseId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.enterpriseId, enterpriseId),
        eq(channels.vendor, vendorIds.sandbox),
        eq(channels.type, 4),
        eq(channels.name, DEMO_SANDBOX_CHANNEL_NAME),
      ),
    )
    .orderBy(asc(channels.createdAt))
    .limit(1);
  return row?.id ?? null;
}
