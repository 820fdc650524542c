import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateTemplate, type Template, type TemplateInput } from '@parley/contracts/templates';
import { as, createTestApp, json, login, type TestContext } from '../test/test-app';
import { createSecretBox } from './platform/secrets';
import { seedDemo } from './seed';

type Envelope<T> = { status: boolean; data: T };

describe('demo templates seed', () => {
  let context: TestContext;
  let token: string;
  let templates: Template[];

  beforeAll(async () => {
    context = await createTestApp();
    // The app's data folder and secret key, as on a first start of `npm start`.
    const seeded = await seedDemo(context.database, {
      dataDir: context.config.dataDir,
      scryptLogN: 10,
      secrets: createSecretBox('test-secret-key-0123456789'),
    });
    token = await login(context, seeded.login!.email, seeded.login!.password);
    const list = await context.app.inject({ method: 'GET', url: '/api/templates', headers: as(token) });
    templates = json<Envelope<{ templates: Template[] }>>(list).data.templates;
  });
  afterAll(async () => {
    await context?.close();
  });

  it('puts approved utility, marketing and carousel templates and a pending one on the Sandbox channel', () => {
    expect(templates.map((template) => [template.name, template.type, template.status])).toEqual([
      ['appointment_reminder', 'STANDARD', 'PENDING'],
      ['festive_offer', 'STANDARD', 'APPROVED'],
      ['winter_sale_carousel', 'CAROUSEL', 'APPROVED'],
      ['order_update', 'STANDARD', 'APPROVED'],
    ]);
    expect(new Set(templates.map((template) => template.channelName))).toEqual(new Set(['Sandbox WhatsApp']));
    for (const template of templates) {
      const input = { ...template, parameter_format: 'POSITIONAL' } as TemplateInput;
      expect(validateTemplate(input), template.name).toEqual([]);
    }
    const order = templates.find((template) => template.name === 'order_update')!;
    expect(order.components.map((part) => part.type)).toEqual(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);
    const buttons = order.components.find((part) => part.type === 'BUTTONS');
    expect(buttons?.type === 'BUTTONS' && buttons.buttons.map((button) => button.type)).toEqual([
      'QUICK_REPLY',
      'QUICK_REPLY',
      'URL',
    ]);
    // The campaign template's link goes through the console's click tracking.
    const offer = templates.find((template) => template.name === 'festive_offer')!;
    const offerButtons = offer.components.find((part) => part.type === 'BUTTONS');
    expect(offerButtons?.type === 'BUTTONS' && offerButtons.buttons[1]).toMatchObject({
      type: 'URL',
      url: 'http://127.0.0.1:3000/c/{{1}}',
    });
  });

  it('stores the carousel pictures as real PNG files of the enterprise', async () => {
    const carousel = templates.find((template) => template.type === 'CAROUSEL')!;
    const part = carousel.components.find((component) => component.type === 'CAROUSEL');
    const urls = part?.type === 'CAROUSEL' ? part.cards.map((card) => card.components[0]) : [];
    expect(urls).toHaveLength(2);
    for (const header of urls) {
      const url = header?.type === 'HEADER' ? header.media?.url : undefined;
      expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      const file = await context.app.inject({ method: 'GET', url: url!, headers: as(token) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
      // 16:9 (platform §9): width and height from the IHDR chunk.
      expect([file.rawPayload.readUInt32BE(16), file.rawPayload.readUInt32BE(20)]).toEqual([480, 270]);
    }
  });

  it('lets Sync read the pending template’s verdict from the Sandbox, and test-sends the approved one', async () => {
    const pending = templates.find((template) => template.status === 'PENDING')!;
    const sync = await context.app.inject({
      method: 'POST',
      url: `/api/templates/${pending.id}/sync`,
      headers: as(token),
    });
    expect(json<Envelope<Template>>(sync).data.status).toBe('APPROVED');

    const order = templates.find((template) => template.name === 'order_update')!;
    const sent = await context.app.inject({
      method: 'POST',
      url: `/api/templates/${order.id}/test-send`,
      headers: as(token),
      payload: { to: '+919876543210' },
    });
    expect(sent.statusCode).toBe(200);
    expect(json<Envelope<{ vendorMessageId: string }>>(sent).data.vendorMessageId).not.toBe('');
  });
});
