import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastMessages, type BlacklistEntry } from '@parley/contracts/broadcasts';
import { phoneMessages } from '@parley/contracts/phone';
import { normalizePhone } from '../../platform/phone';
import type { MessagingChannel } from '../../platform/messaging/channel-messaging';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { createBlacklistRepository } from './blacklist.repository';
import { blacklistTexts, createBlacklistService } from './blacklist.service';

/** The blacklist through the real app: add, import, remove, search; the flag and the permission; tenants apart. */

let context: TestContext;
let admin: Tenant;

type Result = { added: number; already: number; invalid: { line: number; value: string; message: string }[] };
type Answer<T> = { status: boolean; code?: number; message: string; fieldErrors?: Record<string, string>; data: T };
type List = { blacklist: BlacklistEntry[]; more: boolean; total: number };

async function call<T = Result>(tenant: Tenant, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await context.app.inject({ method, url, headers: as(tenant.token), payload });
  return { statusCode: response.statusCode, body: response.json() as Answer<T> };
}

const list = (tenant: Tenant, query = '') => call<List>(tenant, 'GET', `/api/blacklist${query}`);

/** POST /api/blacklist/import with one file in the multipart field "file". */
async function importFile(tenant: Tenant, fileName: string, content: string | Buffer, field = 'file') {
  const boundary = `----parley${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/blacklist/import',
    payload,
    headers: { ...as(tenant.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { statusCode: response.statusCode, body: response.json() as Answer<Result> };
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
});

describe('adding numbers', () => {
  it('normalises each number to E.164, reports the bad lines and counts numbers already listed', async () => {
    const first = await call(admin, 'POST', '/api/blacklist', {
      phoneNumbers: ['+91 98765 43210', '09876543211', 'call me', '', '12345', '+919876543210'],
      reason: 'Complained',
    });
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({
      added: 2,
      already: 1,
      invalid: [
        { line: 3, value: 'call me', message: broadcastMessages.invalidNumber },
        { line: 4, value: '', message: broadcastMessages.mandatory },
        { line: 5, value: '12345', message: broadcastMessages.invalidNumber },
      ],
    });

    const again = await call(admin, 'POST', '/api/blacklist', { phoneNumbers: ['9876543211', '+1 212 555 0187'] });
    expect(again.body.data).toEqual({ added: 1, already: 1, invalid: [] });

    const { body } = await list(admin, '?search=98765');
    expect(body.data.blacklist.map((entry) => entry.phoneNumber).sort()).toEqual(['+919876543210', '+919876543211']);
    expect(body.data.blacklist[0]).toMatchObject({ source: 'manual', createdBy: 'User 1' });
    expect(body.data.blacklist.find((entry) => entry.phoneNumber === '+919876543210')?.reason).toBe('Complained');
  });

  it('refuses an empty list with the spec’s message', async () => {
    const { statusCode, body } = await call(admin, 'POST', '/api/blacklist', { phoneNumbers: [] });
    expect(statusCode).toBe(400);
    expect(body.fieldErrors?.phoneNumbers).toBe(broadcastMessages.mandatory);
  });

  it('keeps a reason that looks like a formula as plain text', async () => {
    const reason = '=HYPERLINK("http://evil.test","click")';
    await call(admin, 'POST', '/api/blacklist', { phoneNumbers: ['+447400123456'], reason });
    const { body } = await list(admin, '?search=447400123456');
    expect(body.data.blacklist).toEqual([expect.objectContaining({ phoneNumber: '+447400123456', reason })]);
  });
});

describe('the list', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(context);
    await call(tenant, 'POST', '/api/blacklist', {
      phoneNumbers: ['+919811100001', '+919811100002', '+919811100003'],
    });
    await importFile(tenant, 'more.csv', '+919822200001\n+919822200002\n');
  });

  it('pages newest first with the total, searches numbers as typed and filters by source', async () => {
    const page = await list(tenant, '?perPage=2');
    expect(page.body.data).toMatchObject({ more: true, total: 5 });
    expect(page.body.data.blacklist).toHaveLength(2);
    expect(page.body.data.blacklist.every((entry) => entry.source === 'import')).toBe(true);
    const rest = await list(tenant, '?perPage=2&from=4');
    expect(rest.body.data).toMatchObject({ more: false, total: 5 });
    expect(rest.body.data.blacklist).toHaveLength(1);

    const typed = await list(tenant, `?search=${encodeURIComponent('+91 98111-0000')}`);
    expect(typed.body.data.total).toBe(3);
    const manual = await list(tenant, '?source=manual');
    expect(manual.body.data.blacklist.map((entry) => entry.phoneNumber).sort()).toEqual([
      '+919811100001',
      '+919811100002',
      '+919811100003',
    ]);
    const none = await list(tenant, '?search=%25');
    expect(none.body.data).toEqual({ blacklist: [], more: false, total: 0 });
  });

  it('removes an entry, and a second removal finds nothing', async () => {
    const [entry] = (await list(tenant, '?search=9811100002')).body.data.blacklist;
    const removed = await call<{ id: string }>(tenant, 'DELETE', `/api/blacklist/${entry!.id}`);
    expect(removed.body.data).toEqual({ id: entry!.id });
    expect((await list(tenant, '?search=9811100002')).body.data.total).toBe(0);
    const again = await call(tenant, 'DELETE', `/api/blacklist/${entry!.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('keeps each enterprise’s list to itself', async () => {
    const other = await createTenant(context);
    expect((await list(other)).body.data.total).toBe(0);
    const [entry] = (await list(tenant)).body.data.blacklist;
    expect((await call(other, 'DELETE', `/api/blacklist/${entry!.id}`)).statusCode).toBe(404);
    expect((await list(tenant, `?search=${entry!.phoneNumber.slice(1)}`)).body.data.total).toBe(1);
    // The same number may be on both lists.
    const added = await call(other, 'POST', '/api/blacklist', { phoneNumbers: [entry!.phoneNumber] });
    expect(added.body.data).toMatchObject({ added: 1, already: 0 });
  });
});

describe('landlines and service numbers', () => {
  it('are refused with why, typed or imported', async () => {
    const tenant = await createTenant(context);
    const typed = await call(tenant, 'POST', '/api/blacklist', {
      phoneNumbers: ['1234567890', '+1 800 234 5678', '9876543219'],
    });
    expect(typed.body.data).toEqual({
      added: 1,
      already: 0,
      invalid: [
        { line: 1, value: '1234567890', message: phoneMessages.landline },
        { line: 2, value: '+1 800 234 5678', message: phoneMessages.serviceNumber },
      ],
    });
    const imported = await importFile(tenant, 'numbers.csv', '+44 20 7946 0000\n9876543218\n');
    expect(imported.body.data).toEqual({
      added: 1,
      already: 0,
      invalid: [{ line: 1, value: '+44 20 7946 0000', message: phoneMessages.landline }],
    });
    expect((await list(tenant)).body.data.blacklist.map((entry) => entry.phoneNumber).sort()).toEqual([
      '+919876543218',
      '+919876543219',
    ]);
  });
});

describe('importing a CSV file', () => {
  it('reads one number per line', async () => {
    const tenant = await createTenant(context);
    const { statusCode, body } = await importFile(tenant, 'numbers.csv', '+919833300001\r\n\r\n9833300002\r\nnope\r\n');
    expect(statusCode, JSON.stringify(body)).toBe(200);
    expect(body.data).toEqual({
      added: 2,
      already: 0,
      invalid: [{ line: 4, value: 'nope', message: broadcastMessages.invalidNumber }],
    });
    const entries = (await list(tenant)).body.data.blacklist;
    expect(entries.map((entry) => entry.phoneNumber).sort()).toEqual(['+919833300001', '+919833300002']);
    expect(entries[0]).toMatchObject({ source: 'import', reason: 'Imported from numbers.csv' });
  });

  it('finds the number column by its header, and reports each bad line with a formula cell as text', async () => {
    const tenant = await createTenant(context);
    const csv = [
      '\ufeffName,Mobile Number,City',
      'Asha,+919844400001,Pune',
      '"Rao, Ravi","+91 98444 00002",Delhi',
      'Evil,=1+2,Nowhere',
      'Empty,,Somewhere',
      'Again,09844400001,Pune',
      '"broken,+919844400003',
    ].join('\n');
    const { statusCode, body } = await importFile(tenant, 'contacts.CSV', csv);
    expect(statusCode, JSON.stringify(body)).toBe(200);
    expect(body.data.added).toBe(2);
    expect(body.data.already).toBe(1);
    expect(body.data.invalid).toEqual([
      { line: 4, value: '=1+2', message: broadcastMessages.invalidNumber },
      { line: 5, value: '', message: broadcastMessages.mandatory },
      { line: 7, value: '"broken,+919844400003', message: blacklistTexts.unreadableLine },
    ]);
    expect((await list(tenant)).body.data.total).toBe(2);
  });

  it('counts a number listed before as already there', async () => {
    const tenant = await createTenant(context);
    await call(tenant, 'POST', '/api/blacklist', { phoneNumbers: ['+919855500001'] });
    const { body } = await importFile(tenant, 'phones.csv', 'phone\n+919855500001\n+919855500002\n');
    expect(body.data).toEqual({ added: 1, already: 1, invalid: [] });
  });

  it('stores a file of many batches (and more than the 64 kB it is judged on)', async () => {
    const tenant = await createTenant(context);
    const numbers = Array.from({ length: 5500 }, (_, n) => `+91987${String(1_000_000 + n)}`);
    const csv = `phoneNumber\n${numbers.join('\n')}\n${numbers[0]}\n`;
    expect(csv.length).toBeGreaterThan(64 * 1024);
    const { body } = await importFile(tenant, 'big.csv', csv);
    expect(body.data).toEqual({ added: 5500, already: 1, invalid: [] });
    expect((await list(tenant)).body.data.total).toBe(5500);
  });

  it("refuses what is not a CSV file with 'Invalid file format'", async () => {
    const tenant = await createTenant(context);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    for (const [name, content] of [
      ['numbers.txt', '+919866600001\n'],
      ['numbers.xlsx', Buffer.from('PK\u0003\u0004 not really a workbook')],
      ['picture.csv', png],
      ['latin1.csv', Buffer.from([0x2b, 0x39, 0x31, 0xe9, 0x0a])],
    ] as const) {
      const { statusCode, body } = await importFile(tenant, name, content);
      expect(statusCode, name).toBe(400);
      expect(body).toMatchObject({ code: 5411, message: 'Invalid file format' });
    }
    // Judged on its first 64 kB, while the rest is still arriving.
    const large = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(300 * 1024)]);
    const refused = await importFile(tenant, 'export.csv', large);
    expect(refused.body).toMatchObject({ code: 5411, message: 'Invalid file format' });
    const header = await importFile(tenant, 'names.csv', 'name,city\nAsha,Pune\n');
    expect(header.statusCode).toBe(400);
    expect(header.body).toMatchObject({ code: 5411, message: blacklistTexts.noPhoneColumn });
    const empty = await importFile(tenant, 'empty.csv', '');
    expect(empty.body.code).toBe(3001);
    const blank = await importFile(tenant, 'blank.csv', '\n\n');
    expect(blank.body.code).toBe(3001);
    const field = await importFile(tenant, 'numbers.csv', '+919866600001\n', 'attachment');
    expect(field.body.code).toBe(3001);
    const json = await call(tenant, 'POST', '/api/blacklist/import', { file: '+919866600001' });
    expect(json.statusCode).toBe(415);
    expect((await list(tenant)).body.data.total).toBe(0);
  });
});

describe('who may use it', () => {
  it('needs the BLACKLIST permission: Campaign Makers have it, Handle Chats agents do not', async () => {
    const maker = await createTenant(context, { roles: [4], enterpriseId: admin.enterpriseId });
    expect((await list(maker)).statusCode).toBe(200);
    const chat = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
    expect((await list(chat)).statusCode).toBe(403);
    expect((await call(chat, 'POST', '/api/blacklist', { phoneNumbers: ['+919877700001'] })).statusCode).toBe(403);
  });

  it('is refused to everyone, administrators included, while the BLACKLIST flag is off', async () => {
    const off = await createTenant(context, { settings: { flags: { BLACKLIST: false } } });
    expect((await list(off)).body).toMatchObject({ status: false, code: 1403 });
    expect((await call(off, 'POST', '/api/blacklist', { phoneNumbers: ['+919877700001'] })).statusCode).toBe(403);
    expect((await importFile(off, 'numbers.csv', '+919877700001\n')).statusCode).toBe(403);
    const { rows } = await context.database.raw('select count(*)::int as n from blacklist where enterprise_id = $1', [
      off.enterpriseId,
    ]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('an inbound STOP', () => {
  it('lists a sender with a phone number, not one WhatsApp names only by user id or username', async () => {
    const tenant = await createTenant(context);
    const service = createBlacklistService({
      repository: createBlacklistRepository(context.database.db),
      normalizePhone,
      defaultPhoneRegion: 'IN',
    });
    const channel = { adapter: { enterpriseId: tenant.enterpriseId }, name: 'Offers WhatsApp' } as MessagingChannel;
    const stop = (from: string) =>
      service.handleInbound(channel, { vendorMessageId: from, from, at: new Date(), type: 'text', text: 'STOP' });
    await stop('US.13491208655302741918');
    await stop('@asha');
    await stop('+919700000077');
    expect((await list(tenant)).body.data.blacklist.map((entry) => entry.phoneNumber)).toEqual(['+919700000077']);
  });
});

describe('the Blocklist port', () => {
  it('answers blacklisted or opted out for the listed numbers, a query per 5,000 numbers', async () => {
    const tenant = await createTenant(context);
    const repository = createBlacklistRepository(context.database.db);
    let queries = 0;
    const counted = {
      ...repository,
      sourcesOf: (enterpriseId: string, phones: readonly string[]) => {
        queries += 1;
        expect(phones.length).toBeLessThanOrEqual(5000);
        return repository.sourcesOf(enterpriseId, phones);
      },
    };
    const service = createBlacklistService({ repository: counted, normalizePhone, defaultPhoneRegion: 'IN' });
    await repository.insertMany(tenant.enterpriseId, ['+919888800001'], {
      reason: '',
      source: 'manual',
      createdBy: null,
    });
    await repository.insertMany(tenant.enterpriseId, ['+919888812000'], {
      reason: '',
      source: 'opt_out',
      createdBy: null,
    });
    const phones = Array.from({ length: 12_000 }, (_, n) => `+9198888${String(n).padStart(5, '0')}`);
    const blocked = await service.blocklist.blocked(tenant.enterpriseId, [...phones, '+919888812000']);
    expect(queries).toBe(3);
    expect(blocked).toEqual(
      new Map([
        ['+919888800001', 'blacklisted'],
        ['+919888812000', 'opted_out'],
      ]),
    );
    const withOptOut = await service.blocklist.blocked(tenant.enterpriseId, ['+919888812000', '+919888800001']);
    expect(withOptOut).toEqual(
      new Map([
        ['+919888812000', 'opted_out'],
        ['+919888800001', 'blacklisted'],
      ]),
    );
    // Another enterprise's list blocks nothing here.
    expect(await service.blocklist.blocked(admin.enterpriseId, ['+919888800001'])).toEqual(new Map());
  });
});
