import crypto from 'node:crypto';
import type { TemplateComponent } from '@parley/contracts/templates';
import type { Tx } from './db/client';
import { campaignBlockTimes, campaignFrequencyCaps } from './db/schema/campaigns';
import { messageTemplates } from './db/schema/channels';
import { users } from './db/schema/platform';
import { sandboxTemplateId } from './platform/messaging/sandbox-adapter';

export const DEMO_MAKER_EMAIL = 'maker@demo.parley.local';
export const DEMO_CHECKER_EMAIL = 'checker@demo.parley.local';
export const DEMO_CAMPAIGN_TEMPLATE = 'festive_offer';

/**
 * A marketing template whose button is a tracked link: `<public address>/c/{{1}}`. The campaign fills
 * {{1}} with the destination; the send puts the recipient's click token in its place (report/).
 */
export const festiveOffer = (publicUrl: string): TemplateComponent[] => [
  {
    type: 'BODY',
    text: 'Hi {{1}}, our festive sale is on: {{2}} off everything until Sunday.',
    example: { body_text: [['Asha', '20%']] },
  },
  { type: 'FOOTER', text: 'Reply STOP to stop offers' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Tell me more' },
      { type: 'URL', text: 'Shop now', url: `${publicUrl}/c/{{1}}`, example: [`${publicUrl}/c/demo`] },
    ],
  },
];

/**
 * Campaign demo data: a Campaign Maker and a Campaign Checker (the administrator's password; a
 * maker never approves their own campaign), an approved template with a tracked link on the
 * Sandbox channel, and the protection rules an administrator would set: at most two campaign
 * messages per customer a day, and quiet hours at night (switched off, see below).
 */
export async function seedDemoCampaigns(
  tx: Tx,
  options: { enterpriseId: string; channelId: string; passwordHash: string; publicUrl: string },
) {
  const { enterpriseId, passwordHash } = options;
  await tx.insert(users).values([
    { enterpriseId, email: DEMO_MAKER_EMAIL, name: 'Demo Maker', passwordHash, roles: [4] },
    { enterpriseId, email: DEMO_CHECKER_EMAIL, name: 'Demo Checker', passwordHash, roles: [5] },
  ]);
  const approvedAt = new Date(Date.now() - 30 * 60_000);
  await tx.insert(messageTemplates).values({
    enterpriseId,
    channelId: options.channelId,
    language: 'en_US',
    name: DEMO_CAMPAIGN_TEMPLATE,
    category: 'MARKETING',
    components: festiveOffer(options.publicUrl),
    status: 'APPROVED',
    vendorTemplateId: sandboxTemplateId(approvedAt, crypto.randomBytes(6).toString('hex')),
    submittedAt: new Date(approvedAt.getTime() - 60_000),
    statusAt: approvedAt,
    createdAt: new Date(approvedAt.getTime() - 60_000),
    updatedAt: approvedAt,
  });
  // Switched off: a newcomer trying the demo in the Indian night (the afternoon in the Americas)
  // still sees the campaign arrive; switching it on shows a campaign waiting for the morning.
  await tx
    .insert(campaignBlockTimes)
    .values({ enterpriseId, name: 'Night', fromTime: '21:00', toTime: '09:00', enabled: false });
  await tx.insert(campaignFrequencyCaps).values({ enterpriseId, name: 'Two a day', maxMessages: 2, period: 'day' });
}
