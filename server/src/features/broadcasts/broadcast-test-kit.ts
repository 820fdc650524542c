import { eq } from 'drizzle-orm';
import type { TemplateBody } from '@parley/contracts/templates';
import { as, json, type Tenant, type TestContext } from '../../../test/test-app';
import { carouselTemplate as sharedCarousel } from '../../../test/template-bodies';
import type { Envelope } from '../../../test/uploads';
import { messageTemplates } from '../../db/schema/channels';

/** What the broadcast tests share: calls as a tenant, a Sandbox channel, approved templates, uploads. */
export type { Envelope };
export { picture, upload } from '../../../test/uploads';

export function caller(context: TestContext) {
  return async <T = Record<string, unknown>>(
    tenant: Tenant,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const response = await context.app.inject({
      method,
      url,
      headers: as(tenant.token),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    return { statusCode: response.statusCode, body: json<Envelope<T>>(response) };
  };
}

let counter = 0;

/** A Sandbox channel made through POST /api/channels. */
export async function sandboxChannel(context: TestContext, tenant: Tenant, messagesPerSecond?: number) {
  counter += 1;
  const response = await caller(context)<{ channelConfig: { id: string; name: string; contactId: string } }>(
    tenant,
    'POST',
    '/api/channels',
    {
      name: `Broadcast channel ${counter}`,
      type: 4,
      vendor: 0,
      data: { contactId: `9190000${String(10000 + counter).slice(-5)}`, failureRate: '0' },
      ...(messagesPerSecond ? { messagesPerSecond } : {}),
    },
  );
  if (response.statusCode !== 200) throw new Error(`channel not created: ${JSON.stringify(response.body)}`);
  return response.body.data.channelConfig;
}

/**
 * A template made through POST /api/templates. `approve` marks it APPROVED directly (without the
 * job runner the Sandbox's review never comes back).
 */
export async function createTemplate(
  context: TestContext,
  tenant: Tenant,
  body: TemplateBody,
  options: { approve?: boolean } = { approve: true },
) {
  const response = await caller(context)<{ id: string; status: string }>(tenant, 'POST', '/api/templates', body);
  if (response.statusCode !== 200) throw new Error(`template not created: ${JSON.stringify(response.body)}`);
  const id = response.body.data.id;
  if (options.approve !== false)
    await context.database.db.update(messageTemplates).set({ status: 'APPROVED' }).where(eq(messageTemplates.id, id));
  return id;
}

/** A one-page PDF (the content sniffer reads the %PDF magic). */
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );

/** Utility: text header {{1}}, body {{1}} {{2}}, a quick reply and a URL button with a suffix. */
export function orderTemplate(channelId: string, name: string): TemplateBody {
  return {
    channelId,
    name,
    language: 'en_US',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#1001'] } },
      { type: 'BODY', text: 'Hi {{1}}, your order ships on {{2}}.', example: { body_text: [['Asha', 'Monday']] } },
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
  };
}

/** Marketing, an image or document header and a body variable. */
export function mediaTemplate(
  channelId: string,
  name: string,
  format: 'IMAGE' | 'DOCUMENT',
  sampleFileId: string,
): TemplateBody {
  return {
    channelId,
    name,
    language: 'en_US',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format, media: { fileId: sampleFileId, url: '' } },
      { type: 'BODY', text: 'Hello {{1}}, see the attachment.', example: { body_text: [['Asha']] } },
    ],
  };
}

/** A limited-time offer: image header, offer text, a copy code and a URL button. */
export function offerTemplate(channelId: string, name: string, sampleFileId: string): TemplateBody {
  return {
    channelId,
    name,
    language: 'en_US',
    category: 'MARKETING',
    components: [
      { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Winter sale', has_expiration: true } },
      { type: 'HEADER', format: 'IMAGE', media: { fileId: sampleFileId, url: '' } },
      { type: 'BODY', text: 'Hi {{1}}, 20% off everything this week.', example: { body_text: [['Asha']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'COPY_CODE', example: 'WINTER20' },
          {
            type: 'URL',
            text: 'Shop now',
            url: 'https://shop.example.com/sale/{{1}}',
            example: ['https://shop.example.com/sale/winter'],
          },
        ],
      },
    ],
  };
}

/** A carousel of image cards, each with a body variable and a URL button with a suffix. */
export const carouselTemplate = (channelId: string, name: string, fileIds: string[]): TemplateBody =>
  sharedCarousel(channelId, name, fileIds, { urlVariable: true });
