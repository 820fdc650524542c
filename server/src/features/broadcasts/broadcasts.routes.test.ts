import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BroadcastCheck, BroadcastDetail, BroadcastRequest, TemplateVariable } from '@parley/contracts/broadcasts';
import { phoneMessages } from '@parley/contracts/phone';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { blacklist, broadcastRecipients, broadcasts, rateCard } from '../../db/schema/broadcasts';
import {
  caller,
  carouselTemplate,
  createTemplate,
  mediaTemplate,
  offerTemplate,
  orderTemplate,
  pdf,
  picture,
  sandboxChannel,
  upload,
} from './broadcast-test-kit';

let context: TestContext;
let admin: Tenant;
let other: Tenant;
let call: ReturnType<typeof caller>;
let channel: { id: string; contactId: string };
let order: string;
let pending: string;
let imageSample: { id: string };
let pdfFile: { id: string };

beforeAll(async () => {
  context = await createTestApp();
  call = caller(context);
  admin = await createTenant(context);
  other = await createTenant(context);
  channel = await sandboxChannel(context, admin, 120);
  order = await createTemplate(context, admin, orderTemplate(channel.id, 'order_update'));
  pending = await createTemplate(context, admin, orderTemplate(channel.id, 'order_pending'), { approve: false });
  imageSample = await upload(context, admin, 'sample.png', picture());
  pdfFile = await upload(context, admin, 'invoice.pdf', pdf());
});
afterAll(async () => {
  await context?.close();
});

/** A request for the order template: every variable mapped to a constant unless overridden. */
function orderRequest(numbers: string[], overrides: Partial<BroadcastRequest> = {}): BroadcastRequest {
  return {
    channelId: channel.id,
    phoneNumber: numbers,
    message: { template: { templateId: 'order_update', templateUId: order } },
    columnMapping: [
      { variable: 'header.1', type: 'static', value: '#42' },
      { variable: 'body.1', type: 'static', value: 'Asha' },
      { variable: 'body.2', type: 'static', value: 'Friday' },
      { variable: 'button1', type: 'static', value: '42' },
    ],
    ...overrides,
  };
}

const check = (tenant: Tenant, body: BroadcastRequest) =>
  call<BroadcastCheck>(tenant, 'POST', '/api/broadcasts/validate', body);
const send = (tenant: Tenant, body: BroadcastRequest) =>
  call<{ data: BroadcastDetail }>(tenant, 'POST', '/api/broadcasts', body);

async function storedCount(enterpriseId: string) {
  const [row] = await context.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(broadcasts)
    .where(eq(broadcasts.enterpriseId, enterpriseId));
  return row!.count;
}

describe('template variables', () => {
  it('lists header, body and URL suffix variables under the test send’s keys, all required', async () => {
    const answer = await call<TemplateVariable[]>(
      admin,
      'GET',
      `/api/broadcasts/template-variables?channelId=${channel.id}&templateId=${order}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toEqual([
      {
        variable: 'header.1',
        type: 'header',
        label: 'Header {{1}}',
        parameters: [{ name: '1', type: 'TEXT' }],
        isRequired: true,
        example: '#1001',
      },
      {
        variable: 'body.1',
        type: 'body',
        label: 'Body {{1}}',
        parameters: [{ name: '1', type: 'TEXT' }],
        isRequired: true,
        example: 'Asha',
      },
      expect.objectContaining({ variable: 'body.2', type: 'body', example: 'Monday' }),
      {
        variable: 'button1',
        type: 'url',
        label: 'Button 2 URL https://shop.example.com/track/{{1}}',
        parameters: [{ name: '1', type: 'URL' }],
        isRequired: true,
        example: '1001',
      },
    ]);
  });

  it('lists an offer code and carousel card variables with their card number', async () => {
    const offer = await createTemplate(context, admin, offerTemplate(channel.id, 'winter_offer', imageSample.id));
    const offerVariables = await call<TemplateVariable[]>(
      admin,
      'GET',
      `/api/broadcasts/template-variables?channelId=${channel.id}&templateId=${offer}`,
    );
    expect(offerVariables.body.data.map((variable) => [variable.variable, variable.type, variable.example])).toEqual([
      ['body.1', 'body', 'Asha'],
      ['button0', 'couponCode', 'WINTER20'],
      ['button1', 'url', 'winter'],
    ]);

    const carousel = await createTemplate(
      context,
      admin,
      carouselTemplate(channel.id, 'new_arrivals', [imageSample.id, imageSample.id]),
    );
    const cardVariables = await call<TemplateVariable[]>(
      admin,
      'GET',
      `/api/broadcasts/template-variables?channelId=${channel.id}&templateId=${carousel}`,
    );
    expect(
      cardVariables.body.data.map((variable) => [
        variable.variable,
        variable.type,
        variable.card ?? null,
        variable.parameters[0]?.type,
      ]),
    ).toEqual([
      ['body.1', 'body', null, 'TEXT'],
      ['card1.body.1', 'cards', 1, 'TEXT'],
      ['card1.button1', 'cards', 1, 'URL'],
      ['card2.body.1', 'cards', 2, 'TEXT'],
      ['card2.button1', 'cards', 2, 'URL'],
    ]);
  });

  it('refuses a template that is not APPROVED, another channel’s, and another enterprise’s channel', async () => {
    const notApproved = await call(
      admin,
      'GET',
      `/api/broadcasts/template-variables?channelId=${channel.id}&templateId=${pending}`,
    );
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.body).toMatchObject({ code: 5404, message: 'Only an APPROVED template can be sent' });

    const second = await sandboxChannel(context, admin);
    const elsewhere = await call(
      admin,
      'GET',
      `/api/broadcasts/template-variables?channelId=${second.id}&templateId=${order}`,
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.body.fieldErrors).toEqual({
      'message.template.templateUId': 'Choose an APPROVED template of this channel',
    });

    const foreign = await call(
      other,
      'GET',
      `/api/broadcasts/template-variables?channelId=${channel.id}&templateId=${order}`,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toMatchObject({
      code: 5403,
      fieldErrors: { channelId: 'Choose a channel of your enterprise' },
    });
  });
});

describe('media check', () => {
  const validate = (tenant: Tenant, id: string, mediaType: string) =>
    call<{ valid: boolean; message: string }>(tenant, 'POST', '/api/broadcasts/media/validate', {
      id,
      channelType: 'WHATSAPP',
      mediaType,
    });

  it('takes a PNG as an image and a PDF as a document', async () => {
    expect((await validate(admin, imageSample.id, 'IMAGE')).body.data).toEqual({
      valid: true,
      message: 'sample.png can be sent as an image',
    });
    expect((await validate(admin, pdfFile.id, 'DOCUMENT')).body.data.valid).toBe(true);
  });

  it('refuses a document that is not a PDF, an image as a video, and another enterprise’s file', async () => {
    expect((await validate(admin, imageSample.id, 'DOCUMENT')).body.data).toEqual({
      valid: false,
      message: 'Invalid file type !',
    });
    expect((await validate(admin, pdfFile.id, 'IMAGE')).body.data.message).toBe('Invalid file type !');
    expect((await validate(admin, imageSample.id, 'VIDEO')).body.data.message).toBe('Invalid file type !');
    expect((await validate(other, imageSample.id, 'IMAGE')).body.data).toEqual({
      valid: false,
      message: 'media not found !!',
    });
  });
});

describe('pre-send check', () => {
  it('counts valid, invalid, duplicate and blocked numbers with examples, previews and the estimate', async () => {
    await context.database.db.insert(blacklist).values([
      { enterpriseId: admin.enterpriseId, phone: '+919800000003', source: 'manual', reason: 'complained' },
      { enterpriseId: admin.enterpriseId, phone: '+919800000004', source: 'opt_out' },
      // Another enterprise's blacklist does not block this one's numbers.
      { enterpriseId: other.enterpriseId, phone: '+919800000001', source: 'manual' },
    ]);
    await context.database.db.insert(rateCard).values([
      { enterpriseId: admin.enterpriseId, country: '91', category: 'UTILITY', currency: 'INR', rate: '0.125' },
      { enterpriseId: admin.enterpriseId, country: '91', category: 'MARKETING', currency: 'INR', rate: '0.8' },
    ]);
    const answer = await check(
      admin,
      orderRequest([
        '+91 98000 00001',
        '9800000002',
        ' ',
        '+919800000001',
        '+999 12345678',
        '+919800000003',
        '9800000004',
        '+1 415 555 2671',
      ]),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toEqual({
      total: 7,
      valid: 3,
      invalid: 1,
      duplicate: 1,
      blocked: 2,
      examples: {
        valid: [
          { phone: '+919800000001', name: null, preview: 'Hi Asha, your order ships on Friday.' },
          { phone: '+919800000002', name: null, preview: 'Hi Asha, your order ships on Friday.' },
          { phone: '+14155552671', name: null, preview: 'Hi Asha, your order ships on Friday.' },
        ],
        invalid: [{ phone: '+999 12345678', reason: 'please enter valid number' }],
        duplicate: [{ phone: '+919800000001', reason: 'Number appears more than once' }],
        blocked: [
          { phone: '+919800000003', reason: 'Number is on the blacklist' },
          { phone: '+919800000004', reason: 'Number opted out (replied STOP)' },
        ],
      },
      fieldErrors: {},
      estimate: {
        currencySymbol: '₹',
        estimatedRate: 0.25,
        unpriced: 1,
        byCountry: [
          { country: '91', recipients: 2, rate: 0.125 },
          { country: '1', recipients: 1, rate: null },
        ],
      },
    });
    // The check writes nothing.
    expect(await storedCount(admin.enterpriseId)).toBe(0);
  });

  it('counts a landline and a toll-free number as invalid, saying why', async () => {
    const answer = await check(admin, orderRequest(['+919800000001', '1234567890', '+1 800 234 5678']));
    expect(answer.body.data).toMatchObject({ total: 3, valid: 1, invalid: 2, fieldErrors: {} });
    expect(answer.body.data.examples.invalid).toEqual([
      { phone: '1234567890', reason: phoneMessages.landline },
      { phone: '+1 800 234 5678', reason: phoneMessages.serviceNumber },
    ]);
  });

  it('gives at most five examples of a kind', async () => {
    const numbers = Array.from({ length: 12 }, (_, index) => `+9198100000${String(index).padStart(2, '0')}`);
    const answer = await check(admin, orderRequest([...numbers, ...numbers]));
    expect(answer.body.data).toMatchObject({ total: 24, valid: 12, duplicate: 12 });
    expect(answer.body.data.examples.valid).toHaveLength(5);
    expect(answer.body.data.examples.duplicate).toHaveLength(5);
  });

  it('answers the request’s problems as field errors with the spec’s texts', async () => {
    const empty = await check(admin, orderRequest([], { columnMapping: [] }));
    expect(empty.statusCode).toBe(200);
    expect(empty.body.data.fieldErrors).toEqual({
      phoneNumber: 'This Field is Mandatory',
      'columnMapping.header.1': 'This Field is Mandatory',
      'columnMapping.body.1': 'This Field is Mandatory',
      'columnMapping.body.2': 'This Field is Mandatory',
      'columnMapping.button1': 'This Field is Mandatory',
    });

    const short = await check(admin, orderRequest(['98000', '+919800000001']));
    expect(short.body.data.fieldErrors).toEqual({ phoneNumber: 'please enter valid number' });
    expect(short.body.data).toMatchObject({ total: 2, valid: 1, invalid: 1 });

    const blankConstant = orderRequest(['+919800000001']);
    blankConstant.columnMapping![1] = { variable: 'body.1', type: 'static', value: '   ' };
    blankConstant.columnMapping!.push({ variable: 'body.9', type: 'static', value: 'x' });
    expect((await check(admin, blankConstant)).body.data.fieldErrors).toEqual({
      'columnMapping.body.1': 'This Field is Mandatory',
      'columnMapping.body.9': 'This template has no variable body.9',
    });

    const badExpression = orderRequest(['+919800000001']);
    badExpression.columnMapping![3] = { variable: 'button1', type: 'expression', value: 'orders/latest' };
    badExpression.columnMapping![2] = { variable: 'body.2', type: 'expression', value: '{{name}}' };
    expect((await check(admin, badExpression)).body.data.fieldErrors).toEqual({
      'columnMapping.button1': 'URL variable not found',
      'columnMapping.body.2': 'An expression fills URL variables only: assign a constant or map a column',
    });

    const unknownColumn = orderRequest(['+919800000001']);
    unknownColumn.columnMapping![1] = { variable: 'body.1', type: 'column', value: 'shoeSize' };
    expect((await check(admin, unknownColumn)).body.data.fieldErrors).toEqual({
      'columnMapping.body.1': 'No customer column named shoeSize',
    });
  });

  it('refuses a channel whose vendor Parley cannot send through yet', async () => {
    const karix = await call<{ channelConfig: { id: string } }>(admin, 'POST', '/api/channels', {
      name: 'Karix classic',
      type: 4,
      vendor: 1,
      data: { username: 'parley', password: 'secret-password', contactMobile: '9876543210', contactId: '919876543210' },
    });
    expect(karix.statusCode, JSON.stringify(karix.body)).toBe(200);
    const karixChannel = karix.body.data.channelConfig.id;
    const template = await createTemplate(context, admin, orderTemplate(karixChannel, 'order_update'));
    const request = {
      ...orderRequest(['+919800000001']),
      channelId: karixChannel,
      message: { template: { templateId: 'order_update', templateUId: template } },
    };
    expect((await check(admin, request)).body.data.fieldErrors).toEqual({
      channelId:
        'Sending through this vendor is not available in Parley yet. The channel can be configured, but messages cannot be sent through it.',
    });
    const refused = await send(admin, request);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.code).toBe(5401);
  });

  it('takes at most 100,000 numbers', async () => {
    const numbers = Array.from({ length: 100_001 }, (_, index) => `+9198${String(index).padStart(8, '0')}`);
    const answer = await check(admin, orderRequest(numbers));
    expect(answer.statusCode).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ phoneNumber: 'At most 100,000 numbers in one broadcast' });
  });

  it('refuses another enterprise’s channel and a template that is not APPROVED', async () => {
    const foreign = await check(other, orderRequest(['+919800000001']));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body.code).toBe(5403);

    const notApproved = await check(
      admin,
      orderRequest(['+919800000001'], {
        message: { template: { templateId: 'order_pending', templateUId: pending } },
      }),
    );
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.body).toMatchObject({
      code: 5404,
      fieldErrors: { 'message.template.templateUId': 'Only an APPROVED template can be sent' },
    });
  });
});

describe('column and expression mapping', () => {
  let tenant: Tenant;
  let tenantChannel: { id: string };
  let template: string;

  beforeAll(async () => {
    tenant = await createTenant(context);
    tenantChannel = await sandboxChannel(context, tenant);
    template = await createTemplate(context, tenant, orderTemplate(tenantChannel.id, 'order_update'));
    const field = await call<{ id: string }>(tenant, 'POST', '/api/customer-fields', {
      fieldName: 'orderNo',
      fieldLabel: 'Order number',
      fieldHelptext: 'The latest order',
      mandatory: false,
      fieldType: 'text',
      inputType: 'alphanumeric',
      allowSpecialChars: true,
    });
    expect(field.statusCode, JSON.stringify(field.body)).toBe(200);
    for (const [name, phoneNumber, orderNo] of [
      ['Asha Rao', '+91 98000 10001', 'A 1001'],
      ['Ben Roy', '9800010002', ''],
    ] as const) {
      const created = await call(tenant, 'POST', '/api/customers', {
        name,
        phoneNumber,
        data: orderNo ? { [field.body.data.id]: orderNo } : {},
      });
      expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    }
  });

  const request = (numbers: string[]): BroadcastRequest => ({
    channelId: tenantChannel.id,
    phoneNumber: numbers,
    message: { template: { templateId: 'order_update', templateUId: template } },
    columnMapping: [
      { variable: 'header.1', type: 'column', value: 'OrderNo' },
      { variable: 'body.1', type: 'column', value: 'name' },
      { variable: 'body.2', type: 'static', value: 'Monday' },
      { variable: 'button1', type: 'expression', value: '{{orderNo}}?to={{phoneNumber}}' },
    ],
  });

  it('lists the columns and picks customers for whoever may broadcast, a Handle Chats user included', async () => {
    const chats = await createTenant(context, { roles: [3], enterpriseId: tenant.enterpriseId });
    const columns = await call<{ value: string; label: string }[]>(chats, 'GET', '/api/broadcasts/columns');
    expect(columns.statusCode).toBe(200);
    expect(columns.body.data).toEqual([
      { value: 'name', label: 'Name' },
      { value: 'phoneNumber', label: 'Phone Number' },
      { value: 'orderNo', label: 'Order number' },
    ]);
    const picked = await call<{ customers: { name: string; phoneNumber: string }[]; more: boolean }>(
      chats,
      'GET',
      '/api/broadcasts/customers?search=asha',
    );
    expect(picked.statusCode).toBe(200);
    expect(picked.body.data).toEqual({
      customers: [expect.objectContaining({ name: 'Asha Rao', phoneNumber: '+919800010001' })],
      more: false,
    });
    const page = await call<{ customers: unknown[]; more: boolean }>(
      chats,
      'GET',
      '/api/broadcasts/customers?perPage=1',
    );
    expect(page.body.data.customers).toHaveLength(1);
    expect(page.body.data.more).toBe(true);
    // The customer master itself stays closed to them.
    expect((await call(chats, 'GET', '/api/customers')).statusCode).toBe(403);
  });

  it('looks up the variables of a URL expression: each column it reads, or why it cannot be filled', async () => {
    const chats = await createTenant(context, { roles: [3], enterpriseId: tenant.enterpriseId });
    const lookup = (expression: string, who = chats) =>
      call<{ variables: { name: string; label: string }[] }>(who, 'POST', '/api/broadcasts/expression-variables', {
        expression,
      });
    const found = await lookup('{{ORDERNO}}?to={{phoneNumber}}&again={{orderNo}}');
    expect(found.statusCode).toBe(200);
    expect(found.body.data).toEqual({
      variables: [
        { name: 'orderNo', label: 'Order number' },
        { name: 'phoneNumber', label: 'Phone Number' },
      ],
    });
    for (const [expression, message] of [
      ['track?id=42', 'URL variable not found'],
      ['track?id={{}}', 'URL variable not found'],
      ['{{orderNo}}/{{city}}', 'No customer column named city'],
      ['   ', 'This Field is Mandatory'],
    ]) {
      const refused = await lookup(expression!);
      expect(refused.statusCode, expression).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const viewer = await createTenant(context, { roles: [6], enterpriseId: tenant.enterpriseId });
    expect((await lookup('{{orderNo}}', viewer)).statusCode).toBe(403);
  });

  it('fills variables from each customer’s attributes; a number without a customer or a value is invalid', async () => {
    const answer = await check(tenant, request(['+919800010001', '+919800010002', '+919800010003']));
    expect(answer.body.data).toMatchObject({
      total: 3,
      valid: 1,
      invalid: 2,
      fieldErrors: {},
      examples: {
        valid: [{ phone: '+919800010001', name: 'Asha Rao', preview: 'Hi Asha Rao, your order ships on Monday.' }],
        invalid: [
          { phone: '+919800010002', reason: 'No value for orderNo' },
          { phone: '+919800010003', reason: 'No customer with this number to fill orderNo' },
        ],
      },
    });
  });

  it('stores each recipient’s values, URL parts encoded', async () => {
    const sent = await send(tenant, request(['+919800010001', '+919800010003']));
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    const rows = await context.database.db
      .select()
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.broadcastId, sent.body.data.data.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: '+919800010001', state: 'pending', customerId: expect.any(String) });
    expect(rows[0]!.values).toEqual({
      header: { '1': 'A 1001' },
      body: { '1': 'Asha Rao', '2': 'Monday' },
      buttons: { '1': 'A%201001?to=%2B919800010001' },
    });
  });
});

describe('attachments', () => {
  let imageTemplate: string;
  let documentTemplate: string;
  let carousel: string;

  beforeAll(async () => {
    imageTemplate = await createTemplate(
      context,
      admin,
      mediaTemplate(channel.id, 'photo_update', 'IMAGE', imageSample.id),
    );
    documentTemplate = await createTemplate(
      context,
      admin,
      mediaTemplate(channel.id, 'invoice_ready', 'DOCUMENT', pdfFile.id),
    );
    carousel = await createTemplate(
      context,
      admin,
      carouselTemplate(channel.id, 'spring_arrivals', [imageSample.id, imageSample.id, imageSample.id]),
    );
  });

  const mediaRequest = (templateUId: string, media?: BroadcastRequest['message']['template']['media']) =>
    ({
      channelId: channel.id,
      phoneNumber: ['+919800000001'],
      message: { template: { templateId: 'x', templateUId, ...(media ? { media } : {}) } },
      columnMapping: [{ variable: 'body.1', type: 'static', value: 'Asha' }],
    }) satisfies BroadcastRequest;

  it('needs the attachment of a media template: missing, not a PDF, or of another kind', async () => {
    expect((await check(admin, mediaRequest(imageTemplate))).body.data.fieldErrors).toEqual({
      'message.template.media': 'Attachment is missing !',
    });
    const notPdf = await check(
      admin,
      mediaRequest(documentTemplate, { fileId: imageSample.id, fileName: 'sample.png', type: 'DOCUMENT', url: '' }),
    );
    expect(notPdf.body.data.fieldErrors).toEqual({ 'message.template.media': 'Invalid file type !' });
    const wrongKind = await check(
      admin,
      mediaRequest(documentTemplate, { fileId: pdfFile.id, fileName: 'invoice.pdf', type: 'IMAGE', url: '' }),
    );
    expect(wrongKind.body.data.fieldErrors).toEqual({ 'message.template.media': 'Invalid file type !' });
    const foreignFile = await upload(context, other, 'theirs.pdf', pdf());
    const foreign = await check(
      admin,
      mediaRequest(documentTemplate, { fileId: foreignFile.id, fileName: 'theirs.pdf', type: 'DOCUMENT', url: '' }),
    );
    expect(foreign.body.data.fieldErrors).toEqual({ 'message.template.media': 'media not found !!' });

    const refused = await send(admin, mediaRequest(imageTemplate));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({
      code: 5401,
      fieldErrors: { 'message.template.media': 'Attachment is missing !' },
    });
  });

  it('stores a document broadcast with the PDF as the header media of its snapshot', async () => {
    const sent = await send(
      admin,
      mediaRequest(documentTemplate, { fileId: pdfFile.id, fileName: 'ignored.pdf', type: 'DOCUMENT', url: '' }),
    );
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    const detail = sent.body.data.data;
    expect(detail.message.template.media).toEqual({
      fileId: pdfFile.id,
      fileName: 'invoice.pdf',
      type: 'DOCUMENT',
      url: `/api/files/${pdfFile.id}`,
    });
    const [row] = await context.database.db.select().from(broadcasts).where(eq(broadcasts.id, detail.id));
    const header = (row!.templateSnapshot.components as { type: string; media?: { url: string } }[]).find(
      (component) => component.type === 'HEADER',
    );
    expect(header?.media?.url).toBe(`/api/files/${pdfFile.id}`);
  });

  it('needs media on every carousel card and every card variable mapped', async () => {
    const cardImage = await upload(context, admin, 'card.png', picture());
    const media = { fileId: cardImage.id, fileName: 'card.png', type: 'IMAGE' as const, url: '' };
    const request: BroadcastRequest = {
      channelId: channel.id,
      phoneNumber: ['+919800000001'],
      message: { template: { templateId: 'spring_arrivals', templateUId: carousel, cards: [{ media }, {}] } },
      columnMapping: [
        { variable: 'body.1', type: 'static', value: 'Asha' },
        { variable: 'card1.body.1', type: 'static', value: '₹999' },
        { variable: 'card1.button1', type: 'static', value: 'coat' },
        { variable: 'card2.body.1', type: 'static', value: '₹499' },
      ],
    };
    expect((await check(admin, request)).body.data.fieldErrors).toEqual({
      'message.template.cards.1.media': 'Media missing in card 2',
      'message.template.cards.2.media': 'Media missing in card 3',
      'columnMapping.card2.button1': 'Variable mapping missing, check all cards',
      'columnMapping.card3.body.1': 'Variable mapping missing, check all cards',
      'columnMapping.card3.button1': 'Variable mapping missing, check all cards',
    });

    const complete: BroadcastRequest = {
      ...request,
      message: {
        template: { templateId: 'spring_arrivals', templateUId: carousel, cards: [{ media }, { media }, { media }] },
      },
      columnMapping: [
        ...request.columnMapping!,
        { variable: 'card2.button1', type: 'static', value: 'scarf' },
        { variable: 'card3.body.1', type: 'static', value: '₹299' },
        { variable: 'card3.button1', type: 'static', value: 'hat' },
      ],
    };
    const sent = await send(admin, complete);
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    const [recipient] = await context.database.db
      .select()
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.broadcastId, sent.body.data.data.id));
    expect(recipient!.values).toEqual({
      body: { '1': 'Asha' },
      cards: [
        { body: { '1': '₹999' }, buttons: { '1': 'coat' } },
        { body: { '1': '₹499' }, buttons: { '1': 'scarf' } },
        { body: { '1': '₹299' }, buttons: { '1': 'hat' } },
      ],
    });
    expect(sent.body.data.data.message.template.cards).toHaveLength(3);
  });
});

describe('estimate', () => {
  it('prices the numbers (blocked ones left out) or a country and a count from the rate card', async () => {
    const tenant = await createTenant(context);
    const tenantChannel = await sandboxChannel(context, tenant);
    const template = await createTemplate(context, tenant, orderTemplate(tenantChannel.id, 'order_update'));
    await context.database.db.insert(rateCard).values([
      { enterpriseId: tenant.enterpriseId, country: '91', category: 'UTILITY', currency: 'USD', rate: '0.0125' },
      { enterpriseId: tenant.enterpriseId, country: '44', category: 'UTILITY', currency: 'USD', rate: '0.05' },
    ]);
    await context.database.db
      .insert(blacklist)
      .values({ enterpriseId: tenant.enterpriseId, phone: '+919800000009', source: 'manual' });
    const byNumbers = await call(tenant, 'POST', '/api/broadcasts/estimate', {
      channelId: tenantChannel.id,
      templateUId: template,
      phoneNumber: ['+919800000001', '9800000002', '+919800000001', '+447911123456', '+919800000009', 'nonsense'],
    });
    expect(byNumbers.statusCode).toBe(200);
    expect(byNumbers.body.data).toEqual({ currencySymbol: '$', estimatedRate: 0.08 });

    const byCountry = await call(tenant, 'POST', '/api/broadcasts/estimate', {
      channelId: tenantChannel.id,
      templateUId: template,
      countryCode: '+44',
      noOfRecipients: 1000,
      source: 'START',
    });
    expect(byCountry.body.data).toEqual({ currencySymbol: '$', estimatedRate: 50 });
  });
});

describe('send', () => {
  it('stores the broadcast and its outbox (blocked numbers as blocked) and answers the detail', async () => {
    const tenant = await createTenant(context);
    const tenantChannel = await sandboxChannel(context, tenant, 250);
    const template = await createTemplate(context, tenant, orderTemplate(tenantChannel.id, 'order_update'));
    await context.database.db
      .insert(blacklist)
      .values({ enterpriseId: tenant.enterpriseId, phone: '+919800000003', source: 'opt_out' });
    const sent = await send(tenant, {
      ...orderRequest(['+919800000001', '9800000002', '+919800000002', '+919800000003', '+999 12345678']),
      channelId: tenantChannel.id,
      message: { template: { templateId: 'order_update', templateUId: template } },
      resourceType: 'CHAT',
      resourceId: 'chat-1',
    });
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe('Broadcast queued: messages go out at the channel’s pace');
    const detail = sent.body.data.data;
    expect(detail).toMatchObject({
      name: 'order_update',
      channelId: tenantChannel.id,
      messagesPerSecond: 250,
      columnMapping: orderRequest([]).columnMapping,
      phoneNumbers: ['+919800000001', '+919800000002', '+919800000003'],
    });
    expect(detail.progress.total).toBe(3);
    expect(detail.progress.blocked).toBe(1);

    const [row] = await context.database.db.select().from(broadcasts).where(eq(broadcasts.id, detail.id));
    expect(row).toMatchObject({
      status: expect.any(String),
      total: 3,
      createdBy: tenant.userId,
      resourceType: 'CHAT',
      resourceId: 'chat-1',
      templateName: 'order_update',
    });
    expect(row!.templateSnapshot).toMatchObject({
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
    });
    const recipients = await context.database.db
      .select()
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.broadcastId, detail.id));
    const byPhone = new Map(recipients.map((recipient) => [recipient.phone, recipient]));
    expect(byPhone.get('+919800000003')).toMatchObject({
      state: 'blocked',
      errorCode: 'opted_out',
      errorText: 'Number opted out (replied STOP)',
    });
    expect(byPhone.get('+919800000001')!.values).toEqual({
      header: { '1': '#42' },
      body: { '1': 'Asha', '2': 'Friday' },
      buttons: { '1': '42' },
    });
  });

  it('stores nothing when the request is wrong or no number can be messaged', async () => {
    const tenant = await createTenant(context);
    const tenantChannel = await sandboxChannel(context, tenant);
    const template = await createTemplate(context, tenant, orderTemplate(tenantChannel.id, 'order_update'));
    const base = {
      channelId: tenantChannel.id,
      message: { template: { templateId: 'order_update', templateUId: template } },
    };
    const unmapped = await send(tenant, { ...orderRequest(['+919800000001'], { columnMapping: [] }), ...base });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.body).toMatchObject({
      code: 5401,
      message: 'Please check the broadcast: some fields need attention',
      fieldErrors: { 'columnMapping.body.1': 'This Field is Mandatory' },
    });

    await context.database.db
      .insert(blacklist)
      .values({ enterpriseId: tenant.enterpriseId, phone: '+919800000001', source: 'manual' });
    const nobody = await send(tenant, { ...orderRequest(['+919800000001', '+999 12345678']), ...base });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.body).toMatchObject({
      code: 5402,
      message: 'None of these numbers can be messaged: see the check for why',
    });

    const missing = await send(tenant, { ...orderRequest([]), ...base });
    expect(missing.body.fieldErrors).toEqual({ phoneNumber: 'This Field is Mandatory' });
    expect(await storedCount(tenant.enterpriseId)).toBe(0);
  });
});

describe('atomic send', () => {
  it('leaves nothing stored when the outbox fails half-way (after its first batch of 5,000)', async () => {
    const tenant = await createTenant(context);
    const tenantChannel = await sandboxChannel(context, tenant);
    const template = await createTemplate(context, tenant, orderTemplate(tenantChannel.id, 'order_update'));
    const numbers = Array.from({ length: 6000 }, (_, index) => `+9198200${String(index).padStart(5, '0')}`);
    // The database refuses the 5,501st row: the broadcast and the first batch are already written.
    await context.database.raw(`
      create function broadcast_test_fail() returns trigger language plpgsql as $$
      begin
        if new.phone = '+919820005500' then raise exception 'disk full'; end if;
        return new;
      end $$;
      create trigger broadcast_test_fail before insert on broadcast_recipients
        for each row execute function broadcast_test_fail();`);
    try {
      const failed = await send(tenant, {
        ...orderRequest(numbers),
        channelId: tenantChannel.id,
        message: { template: { templateId: 'order_update', templateUId: template } },
      });
      expect(failed.statusCode).toBe(500);
      expect(JSON.stringify(failed.body)).not.toContain('disk full');
    } finally {
      await context.database.raw(
        'drop trigger broadcast_test_fail on broadcast_recipients; drop function broadcast_test_fail();',
      );
    }
    expect(await storedCount(tenant.enterpriseId)).toBe(0);
    const [left] = await context.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.enterpriseId, tenant.enterpriseId));
    expect(left!.count).toBe(0);

    // The same request goes through once the database takes it.
    const sent = await send(tenant, {
      ...orderRequest(numbers),
      channelId: tenantChannel.id,
      message: { template: { templateId: 'order_update', templateUId: template } },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body.data.data.progress.total).toBe(6000);
  });
});

describe('access', () => {
  it('is refused without CHAT.HANDLE', async () => {
    const viewer = await createTenant(context, { roles: [6], enterpriseId: admin.enterpriseId });
    const refused = await check(viewer, orderRequest(['+919800000001']));
    expect(refused.statusCode).toBe(403);
    expect((await send(viewer, orderRequest(['+919800000001']))).statusCode).toBe(403);
    expect(
      (await call(viewer, 'GET', `/api/broadcasts/template-variables?channelId=${channel.id}&templateId=${order}`))
        .statusCode,
    ).toBe(403);
    const chats = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
    expect((await check(chats, orderRequest(['+919800000001']))).statusCode).toBe(200);
    // The send screen's pickers work for them: channels without credentials, APPROVED templates.
    const channels = await call<{ channelConfig: { id: string; data: object; webhookVerifyToken: string }[] }>(
      chats,
      'GET',
      '/api/channels?type=4',
    );
    expect(channels.statusCode).toBe(200);
    const listed = channels.body.data.channelConfig.find((entry) => entry.id === channel.id);
    expect(listed).toMatchObject({ data: {}, webhookVerifyToken: '' });
    const asAdmin = await call<{ channelConfig: { id: string; webhookVerifyToken: string }[] }>(
      admin,
      'GET',
      '/api/channels?type=4',
    );
    expect(asAdmin.body.data.channelConfig.find((entry) => entry.id === channel.id)?.webhookVerifyToken).not.toBe('');
    const templates = await call<{ templates: { id: string }[] }>(
      chats,
      'GET',
      `/api/templates?status=APPROVED&channelId=${channel.id}`,
    );
    expect(templates.statusCode).toBe(200);
    expect(templates.body.data.templates.map((template) => template.id)).toContain(order);
    expect((await call(chats, 'GET', `/api/templates/${order}`)).statusCode).toBe(200);
    // Changing them stays closed.
    expect((await call(chats, 'DELETE', `/api/templates/${order}`)).statusCode).toBe(403);
  });

  it('keeps each enterprise’s broadcasts to itself', async () => {
    const sent = await send(admin, orderRequest(['+919800000001']));
    expect(sent.statusCode).toBe(200);
    const id = sent.body.data.data.id;
    expect((await call(other, 'GET', `/api/broadcasts/${id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/broadcasts/${id}/retry-failed`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/broadcasts/${id}`)).statusCode).toBe(200);
    const retry = await call(admin, 'POST', `/api/broadcasts/${id}/retry-failed`);
    expect(retry.statusCode).toBe(409);
    expect(retry.body).toMatchObject({
      code: 5405,
      message: 'No failed message can be retried: their errors are permanent',
    });
  });
});
