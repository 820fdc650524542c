import { eq } from 'drizzle-orm';
import type { TemplateBody } from '@parley/contracts/templates';
import type { Tenant, TestContext } from '../../../../test/test-app';
import type { Db } from '../../../db/client';
import { broadcastRecipients, broadcasts } from '../../../db/schema/broadcasts';
import { campaignBroadcasts, campaigns } from '../../../db/schema/campaigns';
import { messageTemplates } from '../../../db/schema/channels';

/** What the protection tests share: calls as a user, Sandbox channels, approved templates, campaign broadcasts. */

export { caller, type Answer } from '../campaign-test-kit';
import { caller } from '../campaign-test-kit';

let counter = 0;

/** A Sandbox channel (WhatsApp 4, SMS 0 or RCS 10) made through POST /api/channels. */
export async function sandboxChannel(
  context: TestContext,
  tenant: Tenant,
  options: { type?: 4 | 0 | 10; failureRate?: number } = {},
) {
  counter += 1;
  const response = await caller(context)<{ channelConfig: { id: string; name: string } }>(
    tenant,
    'POST',
    '/api/channels',
    {
      name: `Protection channel ${counter}`,
      type: options.type ?? 4,
      vendor: 0,
      data: { contactId: `9191000${String(10000 + counter).slice(-5)}`, failureRate: String(options.failureRate ?? 0) },
    },
  );
  if (response.statusCode !== 200) throw new Error(`channel not created: ${JSON.stringify(response.body)}`);
  return response.body.data.channelConfig;
}

/** A body template `Hi {{1}}, {{2}} today.` (UTILITY) on the channel. */
export const greetingTemplate = (channelId: string, name: string): TemplateBody => ({
  channelId,
  name,
  language: 'en_US',
  category: 'UTILITY',
  components: [
    { type: 'BODY', text: 'Hi {{1}}, {{2}} today.', example: { body_text: [['Asha', 'your order is ready']] } },
  ],
});

/** A template made through POST /api/templates, marked APPROVED unless told otherwise. */
export async function createTemplate(context: TestContext, tenant: Tenant, body: TemplateBody, approve = true) {
  const response = await caller(context)<{ id: string }>(tenant, 'POST', '/api/templates', body);
  if (response.statusCode !== 200) throw new Error(`template not created: ${JSON.stringify(response.body)}`);
  const id = response.body.data.id;
  if (approve)
    await context.database.db.update(messageTemplates).set({ status: 'APPROVED' }).where(eq(messageTemplates.id, id));
  return id;
}

/** A campaign row (the campaigns helper's editor makes these; here only what the rules read). */
export async function insertCampaign(db: Db, enterpriseId: string, options: { departmentId?: string | null } = {}) {
  const [row] = await db
    .insert(campaigns)
    .values({
      enterpriseId,
      name: `Campaign ${(counter += 1)}`,
      variants: [],
      audience: {},
      schedule: {},
      departmentId: options.departmentId ?? null,
    })
    .returning();
  return row!;
}

/**
 * A broadcast of the UTILITY body template `Hi {{1}}, {{2}} today.` to `phones`, queued as the send route
 * stores it, and (unless `kind` is null) recorded as the campaign's broadcast of that kind.
 */
export async function insertCampaignBroadcast(
  db: Db,
  input: {
    enterpriseId: string;
    channelId: string;
    campaignId: string;
    phones: readonly string[];
    kind?: 'main' | 'fallback' | 'test' | null;
    status?: string;
    templateId?: string | null;
    category?: string;
  },
) {
  const snapshot = {
    name: 'greeting',
    language: 'en_US',
    category: input.category ?? 'UTILITY',
    parameterFormat: 'POSITIONAL',
    components: [{ type: 'BODY', text: 'Hi {{1}}, {{2}} today.' }],
    vendorTemplateId: null,
  };
  const [broadcast] = await db
    .insert(broadcasts)
    .values({
      enterpriseId: input.enterpriseId,
      channelId: input.channelId,
      templateId: input.templateId ?? null,
      templateName: snapshot.name,
      templateSnapshot: snapshot,
      status: input.status ?? 'QUEUED',
      messagesPerSecond: 1000,
      total: input.phones.length,
    })
    .returning();
  if (input.phones.length > 0)
    await db.insert(broadcastRecipients).values(
      input.phones.map((phone, index) => ({
        enterpriseId: input.enterpriseId,
        broadcastId: broadcast!.id,
        phone,
        values: { body: { '1': `Customer ${index + 1}`, '2': 'your order is ready' } },
      })),
    );
  if (input.kind !== null)
    await db.insert(campaignBroadcasts).values({
      broadcastId: broadcast!.id,
      enterpriseId: input.enterpriseId,
      campaignId: input.campaignId,
      kind: input.kind ?? 'main',
    });
  return broadcast!;
}

export async function recipientsOf(db: Db, broadcastId: string) {
  return db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, broadcastId));
}
