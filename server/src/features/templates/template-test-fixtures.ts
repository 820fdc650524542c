import type { TemplateBody } from '@parley/contracts/templates';
import { as, json, type Tenant, type TestContext } from '../../../test/test-app';
import type { Envelope } from '../../../test/uploads';

/** What the template tests share: calls as a tenant, channels made through the channels API, uploads. */
export type { Envelope };
export { picture, upload } from '../../../test/uploads';

export function caller(context: TestContext) {
  return (tenant: Tenant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url, headers: as(tenant.token), ...(payload ? { payload } : {}) });
}

let channelCounter = 0;

/** A channel made through POST /api/channels, as an administrator would. */
export async function createChannel(
  context: TestContext,
  tenant: Tenant,
  input: { vendor: number; type?: number; data: Record<string, string>; name?: string },
) {
  channelCounter += 1;
  const response = await caller(context)(tenant, 'POST', '/api/channels', {
    name: input.name ?? `Channel ${channelCounter}`,
    type: input.type ?? 4,
    vendor: input.vendor,
    data: input.data,
  });
  if (response.statusCode !== 200) throw new Error(`channel not created: ${response.body}`);
  return json<Envelope<{ channelConfig: { id: string; webhookUrl: string; name: string } }>>(response).data
    .channelConfig;
}

export const sandboxChannel = (context: TestContext, tenant: Tenant, type = 4) =>
  createChannel(context, tenant, { vendor: 0, type, data: { contactId: '919000000001', failureRate: '0' } });

/** Kaleyra has no template API: its templates are registered in its portal. */
export const kaleyraChannel = (context: TestContext, tenant: Tenant) =>
  createChannel(context, tenant, {
    vendor: 3,
    data: { apiKey: 'kaleyra-key-0123456789', sid: 'HXIN1234', contactId: '919812345678' },
  });

/** A small MP4 (ftyp box only is enough for the content sniffer). */
export function mp4(): Buffer {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2avc1mp41', 16, 'latin1');
  return ftyp;
}

/** A utility template: text header with a variable, body with two, footer, quick reply and URL button. */
export function utilityTemplate(channelId: string, name: string, overrides: Partial<TemplateBody> = {}): TemplateBody {
  return {
    channelId,
    name,
    language: 'en_US',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#1001'] } },
      {
        type: 'BODY',
        text: 'Hi {{1}}, your order ships on {{2}}.',
        example: { body_text: [['Asha', 'Monday']] },
      },
      { type: 'FOOTER', text: 'Parley demo shop' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Talk to us' },
          {
            type: 'URL',
            text: 'Track',
            url: 'https://shop.example.com/track/{{1}}',
            example: ['https://shop.example.com/track/1001'],
          },
        ],
      },
    ],
    ...overrides,
  };
}

export { carouselTemplate } from '../../../test/template-bodies';
