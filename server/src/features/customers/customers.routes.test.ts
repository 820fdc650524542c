import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages, type CustomerFieldBody } from '@parley/contracts/customer-master';
import { phoneMessages } from '@parley/contracts/phone';
import { as, createTenant, createTestApp, type TestContext } from '../../../test/test-app';
import { unknownFieldMessage, unknownGroupsMessage, unknownSegmentsMessage } from './customers.service';

let context: TestContext;

type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: Record<string, unknown> & { id: string };
};
type Row = { id: string; name: string; phoneNumber: string; details: Record<string, string> };

async function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

/** An enterprise with its own definitions: City (alphabets, 2–20, mandatory), Email, Plan, Tags (multi), Notes. */
async function enterprise() {
  const admin = await createTenant(context);
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call(admin.token, method, url, payload);
  const field = async (body: CustomerFieldBody) => {
    const answer = await api('POST', '/api/customer-fields', body);
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.id;
  };
  const base = { fieldHelptext: 'help', mandatory: false } as const;
  const fields = {
    city: await field({
      ...base,
      fieldName: 'City',
      fieldLabel: 'City',
      mandatory: true,
      fieldType: 'text',
      inputType: 'alphabets',
      minLength: 2,
      maxLength: 20,
    }),
    email: await field({ ...base, fieldName: 'Email', fieldLabel: 'Email', fieldType: 'text', inputType: 'email' }),
    plan: await field({
      ...base,
      fieldName: 'Plan',
      fieldLabel: 'Plan',
      fieldType: 'selectbox-singlevalue',
      defaultValues: ['Basic', 'Gold'],
    }),
    topics: await field({
      ...base,
      fieldName: 'Topics',
      fieldLabel: 'Topics',
      fieldType: 'selectbox-multiplevalue',
      defaultValues: ['News', 'Offers', 'Events'],
    }),
    notes: await field({
      ...base,
      fieldName: 'Notes',
      fieldLabel: 'Notes',
      fieldType: 'textarea',
      inputType: 'alphanumeric',
      allowSpecialChars: true,
      allowedChars: ['.', '!'],
    }),
  };
  const create = async (payload: object) => {
    const answer = await api('POST', '/api/customers', payload);
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const segment = async (name: string) => (await api('POST', '/api/customer-segments', { name })).body.data.id;
  const group = async (name: string) => (await api('POST', '/api/customer-groups', { name })).body.data.id;
  return { admin, api, fields, create, segment, group };
}

type Enterprise = Awaited<ReturnType<typeof enterprise>>;
let main: Enterprise;

beforeAll(async () => {
  context = await createTestApp();
  main = await enterprise();
});
afterAll(async () => {
  await context?.close();
});

describe('customer form', () => {
  it('creates a customer with its values, segments and groups, stores the phone in E.164, and reads it back', async () => {
    const { api, fields, segment, group } = main;
    const vip = await segment('Form VIP');
    const north = await group('Form North');
    const created = await api('POST', '/api/customers', {
      name: '  Asha Rao ',
      phoneNumber: '098765 43210',
      whatsAppNumber: ' +91 98765 43210 ',
      twitterId: '',
      tags: [vip],
      groups: [north],
      data: {
        [fields.city]: ' Pune ',
        [fields.email]: 'asha@example.com',
        [fields.plan]: 'Gold',
        [fields.topics]: ['News', ' Events '],
        [fields.notes]: '',
      },
    });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(customerMessages.customerCreated);
    expect(created.body.data).toMatchObject({
      name: 'Asha Rao',
      phoneNumber: '+919876543210',
      whatsAppNumber: '+91 98765 43210',
      twitterId: null,
      tags: [{ id: vip, name: 'Form VIP' }],
      groups: [{ id: north, name: 'Form North' }],
      // The blank optional Notes is not stored; values are trimmed.
      data: {
        [fields.city]: 'Pune',
        [fields.email]: 'asha@example.com',
        [fields.plan]: 'Gold',
        [fields.topics]: ['News', 'Events'],
      },
    });
    const read = await api('GET', `/api/customers/${created.body.data.id}`);
    expect(read.body.data).toEqual(created.body.data);
  });

  it('answers every failing field at once with the verbatim messages, and stores nothing', async () => {
    const { api, fields } = main;
    const refused = await api('POST', '/api/customers', {
      name: 'A',
      phoneNumber: '12345',
      data: {
        [fields.city]: '   ',
        [fields.email]: 'not-an-email',
        [fields.plan]: 'Platinum',
        [fields.topics]: ['News', 'Gossip'],
        [fields.notes]: 'Hello, world',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.code).toBe(5106);
    expect(refused.body.message).toBe('Save Failed. Please check for errors in fields');
    expect(refused.body.fieldErrors).toEqual({
      name: 'Minimum length must be 2 characters.',
      phoneNumber: customerMessages.phoneInvalid,
      [`data.${fields.city}`]: 'Whitespace only present in the field - City',
      [`data.${fields.email}`]: customerMessages.email('Email'),
      [`data.${fields.plan}`]: customerMessages.notAnOption('Plan', ['Basic', 'Gold']),
      [`data.${fields.topics}`]: customerMessages.notAnOption('Topics', ['News', 'Offers', 'Events']),
      [`data.${fields.notes}`]: customerMessages.charNotAllowed('Notes', '","'),
    });
    const list = await api('GET', '/api/customers?search=12345');
    expect(list.body.data.customers).toEqual([]);
  });

  it('refuses a landline or a toll-free number, saying it cannot receive WhatsApp or SMS', async () => {
    const { api } = main;
    for (const [phoneNumber, message] of [
      ['1234567890', phoneMessages.landline],
      ['+91 11 2345 6789', phoneMessages.landline],
      ['1800 123 456', phoneMessages.serviceNumber],
    ] as const) {
      const refused = await api('POST', '/api/customers', { name: 'Land Line', phoneNumber, data: {} });
      expect(refused.statusCode, phoneNumber).toBe(400);
      expect(refused.body.fieldErrors?.phoneNumber).toBe(message);
    }
    const list = await api('GET', '/api/customers?search=Land%20Line');
    expect(list.body.data.customers).toEqual([]);
  });

  it("gives '{label} is required', the minimum and maximum length messages and the letters-only rule", async () => {
    const { api, fields } = main;
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'City is required'],
      [{ [fields.city]: '' }, 'City is required'],
      [{ [fields.city]: 'P' }, 'Minimum length must be 2 characters.'],
      [{ [fields.city]: 'P'.repeat(21) }, 'Maximum length must be 20 characters.'],
      [{ [fields.city]: 'Pune 2' }, customerMessages.onlyLetters('City')],
    ];
    for (const [data, message] of cases) {
      const answer = await api('POST', '/api/customers', { name: 'Case', phoneNumber: '+919811111111', data });
      expect(answer.statusCode).toBe(400);
      expect(answer.body.fieldErrors?.[`data.${fields.city}`], JSON.stringify(data)).toBe(message);
    }
    const longName = await api('POST', '/api/customers', {
      name: 'N'.repeat(31),
      phoneNumber: '+919811111111',
      data: { [fields.city]: 'Pune' },
    });
    expect(longName.body.fieldErrors?.name).toBe('Maximum length must be 30 characters.');
  });

  it("asks for name and phone with 'This field is required'", async () => {
    const answer = await main.api('POST', '/api/customers', { name: '  ', phoneNumber: ' ' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.fieldErrors).toMatchObject({
      name: customerMessages.required,
      phoneNumber: customerMessages.required,
    });
  });

  it('refuses values for unknown fields and segments or groups that are not the enterprise’s', async () => {
    const { api, fields } = main;
    const other = await enterprise();
    const foreignSegment = await other.segment('Foreign segment');
    const foreignGroup = await other.group('Foreign group');
    const answer = await api('POST', '/api/customers', {
      name: 'Stray',
      phoneNumber: '+919822222222',
      tags: [foreignSegment],
      groups: [foreignGroup],
      data: { [fields.city]: 'Pune', [other.fields.city]: 'Delhi', nope: 'x' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.fieldErrors).toEqual({
      [`data.${other.fields.city}`]: unknownFieldMessage,
      'data.nope': unknownFieldMessage,
      tags: unknownSegmentsMessage,
      groups: unknownGroupsMessage,
    });
    const segments = await other.api('GET', '/api/customer-segments');
    expect(segments.body.data.segments).toEqual([{ id: foreignSegment, name: 'Foreign segment', count: 0 }]);
  });

  it('keeps one customer per phone number, whatever way it is written', async () => {
    const { api, fields, create } = main;
    const data = { [fields.city]: 'Agra' };
    await create({ name: 'First', phoneNumber: '+91 99000 11111', data });
    for (const written of ['9900011111', '0091-99000-11111', '(+91) 99000.11111']) {
      const duplicate = await api('POST', '/api/customers', { name: 'Second', phoneNumber: written, data });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.body.code).toBe(5105);
      expect(duplicate.body.fieldErrors?.phoneNumber).toBe(customerMessages.phoneTaken);
    }
    const found = await api('GET', '/api/customers?search=9900011111');
    expect((found.body.data.customers as Row[]).map((row) => row.name)).toEqual(['First']);

    // Racing creates of one number: exactly one wins.
    const racers = await Promise.all(
      ['+919900022222', '09900022222', '9900022222'].map((phoneNumber) =>
        api('POST', '/api/customers', { name: 'Racer', phoneNumber, data }),
      ),
    );
    expect(racers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);

    // Another enterprise may hold the same number.
    const other = await enterprise();
    await other.create({ name: 'Elsewhere', phoneNumber: '+919900011111', data: { [other.fields.city]: 'Agra' } });
  });

  it('edits a customer but never its phone number, and replaces its segments and groups', async () => {
    const { api, fields, create, segment, group } = main;
    const [a, b] = [await segment('Edit A'), await segment('Edit B')];
    const g = await group('Edit G');
    const customer = await create({
      name: 'Before',
      phoneNumber: '+919833333333',
      tags: [a],
      data: { [fields.city]: 'Goa', [fields.plan]: 'Basic' },
    });
    const edited = await api('PUT', `/api/customers/${customer.id}`, {
      name: 'After',
      phoneNumber: '+919844444444',
      instaId: 'after.insta',
      tags: [b],
      groups: [g],
      data: { [fields.city]: 'Kochi' },
    });
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toBe(customerMessages.customerUpdated);
    expect(edited.body.data).toMatchObject({
      name: 'After',
      phoneNumber: '+919833333333',
      instaId: 'after.insta',
      tags: [{ id: b, name: 'Edit B' }],
      groups: [{ id: g, name: 'Edit G' }],
      data: { [fields.city]: 'Kochi' },
    });
    const counts = Object.fromEntries(
      (
        (await api('GET', '/api/customer-segments?search=Edit')).body.data.segments as { name: string; count: number }[]
      ).map((item) => [item.name, item.count]),
    );
    expect(counts).toEqual({ 'Edit A': 0, 'Edit B': 1 });

    const invalid = await api('PUT', `/api/customers/${customer.id}`, { name: 'X', phoneNumber: 'x', data: {} });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body.fieldErrors).toEqual({
      name: 'Minimum length must be 2 characters.',
      [`data.${fields.city}`]: 'City is required',
    });
    expect((await api('GET', `/api/customers/${customer.id}`)).body.data.name).toBe('After');
  });

  it('deletes a customer and its segment counts go down', async () => {
    const { api, fields, create, segment } = main;
    const s = await segment('Delete me from');
    const customer = await create({
      name: 'Leaving',
      phoneNumber: '+919855555555',
      tags: [s],
      data: { [fields.city]: 'Ooty' },
    });
    const removed = await api('DELETE', `/api/customers/${customer.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.body.message).toBe(customerMessages.customerDeleted);
    expect((await api('GET', `/api/customers/${customer.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/customers/${customer.id}`)).statusCode).toBe(404);
    const segments = (await api('GET', '/api/customer-segments?search=Delete me')).body.data.segments;
    expect(segments).toEqual([{ id: s, name: 'Delete me from', count: 0 }]);
  });
});

describe('customers list', () => {
  let list: Enterprise;
  let vip: string;
  let gold: string;

  beforeAll(async () => {
    list = await enterprise();
    vip = await list.segment('VIP');
    gold = await list.group('Gold group');
    for (let n = 1; n <= 12; n += 1) {
      await list.create({
        name: n === 7 ? 'Ravi 100%_off' : `Person ${String(n).padStart(2, '0')}`,
        phoneNumber: `+9198765432${String(n).padStart(2, '0')}`,
        tags: n % 3 === 0 ? [vip] : [],
        groups: n % 4 === 0 ? [gold] : [],
        data: { [list.fields.city]: 'Pune', ...(n === 1 ? { [list.fields.topics]: ['News', 'Offers'] } : {}) },
      });
    }
  });

  const names = (body: Body) => (body.data.customers as Row[]).map((row) => row.name);

  it('pages 10 at a time, newest first, with hasMore', async () => {
    const first = await list.api('GET', '/api/customers');
    expect(names(first.body)).toEqual([
      'Person 12',
      'Person 11',
      'Person 10',
      'Person 09',
      'Person 08',
      'Ravi 100%_off',
      'Person 06',
      'Person 05',
      'Person 04',
      'Person 03',
    ]);
    expect(first.body.data.hasMore).toBe(true);
    const second = await list.api('GET', '/api/customers?from=10');
    expect(names(second.body)).toEqual(['Person 02', 'Person 01']);
    expect(second.body.data.hasMore).toBe(false);
    const exact = await list.api('GET', '/api/customers?from=2&perPage=10');
    expect(exact.body.data.hasMore).toBe(false);
  });

  it('gives the user fields as headers in order and each row’s display text', async () => {
    const { body } = await list.api('GET', '/api/customers?search=Person 01');
    expect(body.data.headers).toEqual([
      { id: list.fields.city, label: 'City' },
      { id: list.fields.email, label: 'Email' },
      { id: list.fields.plan, label: 'Plan' },
      { id: list.fields.topics, label: 'Topics' },
      { id: list.fields.notes, label: 'Notes' },
    ]);
    expect(body.data.customers).toEqual([
      {
        id: expect.any(String),
        name: 'Person 01',
        phoneNumber: '+919876543201',
        details: {
          [list.fields.city]: 'Pune',
          [list.fields.email]: '',
          [list.fields.plan]: '',
          [list.fields.topics]: 'News, Offers',
          [list.fields.notes]: '',
        },
      },
    ]);
  });

  it('searches by name, by phone digits as written, and takes % and _ literally', async () => {
    expect(names((await list.api('GET', '/api/customers?search=person 1')).body)).toEqual([
      'Person 12',
      'Person 11',
      'Person 10',
    ]);
    expect(names((await list.api('GET', `/api/customers?search=${encodeURIComponent('98765 43205')}`)).body)).toEqual([
      'Person 05',
    ]);
    expect(
      names((await list.api('GET', `/api/customers?search=${encodeURIComponent('+91 98765-432')}`)).body),
    ).toHaveLength(10);
    expect(names((await list.api('GET', '/api/customers?search=543211')).body)).toEqual(['Person 11']);
    expect(names((await list.api('GET', `/api/customers?search=${encodeURIComponent('100%_')}`)).body)).toEqual([
      'Ravi 100%_off',
    ]);
    expect(names((await list.api('GET', `/api/customers?search=${encodeURIComponent('%')}`)).body)).toEqual([
      'Ravi 100%_off',
    ]);
    expect(names((await list.api('GET', '/api/customers?search=nobody')).body)).toEqual([]);
  });

  it('pages a search newest first, within and beyond the newest customers, with and without a segment', async () => {
    const page = (query: string) => list.api('GET', `/api/customers?${query}`).then((answer) => answer.body);
    const first = await page('search=person');
    expect(names(first)).toEqual([
      'Person 12',
      'Person 11',
      'Person 10',
      'Person 09',
      'Person 08',
      'Person 06',
      'Person 05',
      'Person 04',
      'Person 03',
      'Person 02',
    ]);
    expect(first.data.hasMore).toBe(true);
    const second = await page('search=person&from=10');
    expect(names(second)).toEqual(['Person 01']);
    expect(second.data.hasMore).toBe(false);
    const vipFirst = await page(`search=person&tags=${vip}&perPage=2`);
    expect(names(vipFirst)).toEqual(['Person 12', 'Person 09']);
    expect(vipFirst.data.hasMore).toBe(true);
    const vipLast = await page(`search=person&tags=${vip}&perPage=2&from=2`);
    expect(names(vipLast)).toEqual(['Person 06', 'Person 03']);
    expect(vipLast.data.hasMore).toBe(false);
  });

  it('pages a common search term (hundreds of matches) newest first, like a rarer one', async () => {
    const many = await enterprise();
    // 520 customers named Bulk, stored directly; created one second apart, the newest last.
    await context.database.raw(
      `insert into customers (enterprise_id, name, phone_number, created_at)
       select $1, 'Bulk ' || lpad(n::text, 3, '0'), '+9198000' || lpad(n::text, 5, '0'),
              timestamptz '2026-01-01' + n * interval '1 second'
       from generate_series(1, 520) n`,
      [many.admin.enterpriseId],
    );
    const page = async (query: string) => (await many.api('GET', `/api/customers?${query}`)).body;
    const first = await page('search=bulk');
    expect(names(first)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk ${520 - i}`));
    expect(first.data.hasMore).toBe(true);
    const later = await page('search=bulk 0&from=10');
    expect(names(later)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk ${String(89 - i).padStart(3, '0')}`));
    const last = await page('search=bulk&from=510');
    expect(names(last)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk ${String(10 - i).padStart(3, '0')}`));
    expect(last.data.hasMore).toBe(false);
  });

  it('filters by segment and by group, and the segment list counts its members', async () => {
    expect(names((await list.api('GET', `/api/customers?tags=${vip}`)).body)).toEqual([
      'Person 12',
      'Person 09',
      'Person 06',
      'Person 03',
    ]);
    expect(names((await list.api('GET', `/api/customers?groups=${gold}`)).body)).toEqual([
      'Person 12',
      'Person 08',
      'Person 04',
    ]);
    expect(names((await list.api('GET', `/api/customers?tags=${vip}&groups=${gold}`)).body)).toEqual(['Person 12']);
    expect(names((await list.api('GET', `/api/customers?tags=${vip}&search=09`)).body)).toEqual(['Person 09']);
    const paged = await list.api('GET', `/api/customers?tags=${vip}&perPage=3`);
    expect(paged.body.data.hasMore).toBe(true);

    const segments = await list.api('GET', '/api/customer-segments');
    expect(segments.body.data.segments).toEqual([{ id: vip, name: 'VIP', count: 4 }]);
  });
});

describe('segments and groups', () => {
  it('creates trimmed segments and groups, refuses duplicates in any case, and searches them', async () => {
    const { api } = await enterprise();
    const created = await api('POST', '/api/customer-segments', { name: '  Newsletter ' });
    expect(created.statusCode).toBe(200);
    expect(created.body.message).toBe(customerMessages.segmentCreated);
    expect(created.body.data).toMatchObject({ name: 'Newsletter', count: 0 });
    const duplicate = await api('POST', '/api/customer-segments', { name: 'NEWSLETTER' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.code).toBe(5103);
    expect(duplicate.body.fieldErrors?.name).toBe(customerMessages.segmentTaken);
    await api('POST', '/api/customer-segments', { name: 'Offers' });
    const blank = await api('POST', '/api/customer-segments', { name: '   ' });
    expect(blank.body.fieldErrors?.name).toBe(customerMessages.required);

    const group = await api('POST', '/api/customer-groups', { name: ' North ' });
    expect(group.body).toMatchObject({ message: customerMessages.groupCreated, data: { name: 'North' } });
    const dupGroup = await api('POST', '/api/customer-groups', { name: 'north' });
    expect(dupGroup.statusCode).toBe(409);
    expect(dupGroup.body.code).toBe(5104);
    expect(dupGroup.body.fieldErrors?.name).toBe(customerMessages.groupTaken);
    await api('POST', '/api/customer-groups', { name: 'South' });

    const found = await api('GET', '/api/customer-segments?search=news');
    expect((found.body.data.segments as { name: string }[]).map((item) => item.name)).toEqual(['Newsletter']);
    const all = await api('GET', '/api/customer-groups');
    expect((all.body.data.groups as { name: string }[]).map((item) => item.name)).toEqual(['North', 'South']);
    const groupSearch = await api('GET', '/api/customer-groups?search=sou');
    expect((groupSearch.body.data.groups as { name: string }[]).map((item) => item.name)).toEqual(['South']);
  });

  it('attaches labels and moves to groups, counting each customer once', async () => {
    const { api, create, segment, group, fields } = await enterprise();
    const [s1, s2] = [await segment('Label 1'), await segment('Label 2')];
    const g = await group('Group 1');
    const a = await create({
      name: 'Map A',
      phoneNumber: '+919866666601',
      tags: [s1],
      data: { [fields.city]: 'Pune' },
    });
    const b = await create({ name: 'Map B', phoneNumber: '+919866666602', data: { [fields.city]: 'Pune' } });

    const attached = await api('POST', '/api/customers/map-segments', {
      ids: [s1, s2],
      customerIds: [a.id, b.id, b.id],
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.body.message).toBe(customerMessages.labelsAttached);
    const counts = (await api('GET', '/api/customer-segments')).body.data.segments as { name: string; count: number }[];
    expect(counts.map((item) => [item.name, item.count])).toEqual([
      ['Label 1', 2],
      ['Label 2', 2],
    ]);

    const moved = await api('POST', '/api/customers/map-groups', { ids: [g], customerIds: [b.id] });
    expect(moved.body.message).toBe(customerMessages.movedToGroups);
    expect((await api('GET', `/api/customers/${b.id}`)).body.data.groups).toEqual([{ id: g, name: 'Group 1' }]);

    const none = await api('POST', '/api/customers/map-groups', { ids: [], customerIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.body.fieldErrors).toMatchObject({
      ids: customerMessages.selectOne,
      customerIds: customerMessages.selectOne,
    });
  });

  it("refuses to map another enterprise's customers, segments or groups and changes nothing", async () => {
    const mine = await enterprise();
    const theirs = await enterprise();
    const mySegment = await mine.segment('Mine');
    const myGroup = await mine.group('Mine');
    const me = await mine.create({ name: 'Me', phoneNumber: '+919877777701', data: { [mine.fields.city]: 'Pune' } });
    const them = await theirs.create({
      name: 'Them',
      phoneNumber: '+919877777702',
      data: { [theirs.fields.city]: 'Pune' },
    });
    const theirSegment = await theirs.segment('Theirs');
    const theirGroup = await theirs.group('Theirs');

    const answers = [
      await mine.api('POST', '/api/customers/map-segments', { ids: [mySegment], customerIds: [me.id, them.id] }),
      await mine.api('POST', '/api/customers/map-segments', { ids: [mySegment, theirSegment], customerIds: [me.id] }),
      await mine.api('POST', '/api/customers/map-groups', { ids: [theirGroup], customerIds: [me.id] }),
      await mine.api('POST', '/api/customers/map-groups', { ids: [myGroup], customerIds: [them.id] }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await mine.api('GET', '/api/customer-segments')).body.data.segments).toEqual([
      { id: mySegment, name: 'Mine', count: 0 },
    ]);
    expect((await theirs.api('GET', `/api/customers/${them.id}`)).body.data).toMatchObject({ tags: [], groups: [] });
  });
});

describe('tenancy and permissions', () => {
  it("answers 404 for another enterprise's customer and lists none of it", async () => {
    const stranger = await enterprise();
    const customer = await main.create({
      name: 'Secret',
      phoneNumber: '+919888888801',
      data: { [main.fields.city]: 'Pune' },
    });
    const answers = [
      await stranger.api('GET', `/api/customers/${customer.id}`),
      await stranger.api('PUT', `/api/customers/${customer.id}`, {
        name: 'Taken',
        phoneNumber: '+919888888801',
        data: { [stranger.fields.city]: 'Pune' },
      }),
      await stranger.api('DELETE', `/api/customers/${customer.id}`),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    expect((await stranger.api('GET', '/api/customers?search=Secret')).body.data.customers).toEqual([]);
    expect((await main.api('GET', `/api/customers/${customer.id}`)).body.data.name).toBe('Secret');
  });

  it('lets CUSTOMER.VIEW read, CUSTOMER.EDIT change, and refuses others with 403', async () => {
    const viewer = await createTenant(context, { enterpriseId: main.admin.enterpriseId, roles: [2] });
    const chatAgent = await createTenant(context, { enterpriseId: main.admin.enterpriseId, roles: [3] });
    const marketer = await createTenant(context, { enterpriseId: main.admin.enterpriseId, roles: [4] });
    const customer = await main.create({
      name: 'Guarded',
      phoneNumber: '+919888888802',
      data: { [main.fields.city]: 'Pune' },
    });
    for (const url of [
      '/api/customers',
      `/api/customers/${customer.id}`,
      '/api/customer-segments',
      '/api/customer-groups',
    ])
      expect((await call(viewer.token, 'GET', url)).statusCode, url).toBe(200);

    const writes: [string, 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      [
        'create',
        'POST',
        '/api/customers',
        { name: 'Nope', phoneNumber: '+919888888803', data: { [main.fields.city]: 'Pune' } },
      ],
      [
        'update',
        'PUT',
        `/api/customers/${customer.id}`,
        { name: 'Nope', phoneNumber: 'x', data: { [main.fields.city]: 'Pune' } },
      ],
      ['segment', 'POST', '/api/customer-segments', { name: 'Nope' }],
      ['group', 'POST', '/api/customer-groups', { name: 'Nope' }],
      ['map', 'POST', '/api/customers/map-segments', { ids: [customer.id], customerIds: [customer.id] }],
      ['delete', 'DELETE', `/api/customers/${customer.id}`],
    ];
    for (const [label, method, url, payload] of writes) {
      const answer = await call(viewer.token, method, url, payload);
      expect(answer.statusCode, label).toBe(403);
      expect(answer.body.code).toBe(1403);
    }
    for (const url of [
      '/api/customers',
      `/api/customers/${customer.id}`,
      '/api/customer-segments',
      '/api/customer-groups',
    ])
      expect((await call(chatAgent.token, 'GET', url)).statusCode, url).toBe(403);

    const byMarketer = await call(marketer.token, 'PUT', `/api/customers/${customer.id}`, {
      name: 'Guarded Too',
      phoneNumber: '+919888888802',
      data: { [main.fields.city]: 'Pune' },
    });
    expect(byMarketer.statusCode).toBe(200);
    expect((await main.api('GET', `/api/customers/${customer.id}`)).body.data.name).toBe('Guarded Too');
  });
});
