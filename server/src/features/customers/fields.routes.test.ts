import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerLimits, customerMessages, type CustomerFieldBody } from '@parley/contracts/customer-master';
import { customerFields } from '../../db/schema/customers';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let marketer: Tenant;
let chatAgent: Tenant;
let stranger: Tenant;

type Field = { id: string; fieldName: string; fieldLabel: string; index: number; standard: boolean } & Record<
  string,
  unknown
>;
type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: Record<string, unknown>;
};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

const textField = (fieldName: string, extra: Partial<CustomerFieldBody> = {}): CustomerFieldBody => ({
  fieldName,
  fieldLabel: fieldName,
  fieldHelptext: `Help for ${fieldName}`,
  mandatory: false,
  fieldType: 'text',
  inputType: 'alphanumeric',
  ...extra,
});

async function createField(body: CustomerFieldBody, token = admin.token) {
  const { statusCode, body: answer } = await call('POST', '/api/customer-fields', body, token);
  expect(statusCode, JSON.stringify(answer)).toBe(200);
  return answer.data as Field;
}

async function listNames(token = admin.token) {
  const { body } = await call('GET', '/api/customer-fields', undefined, token);
  return (body.data.fields as Field[]).map((field) => field.fieldName);
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  marketer = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [4] });
  chatAgent = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3] });
  stranger = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
});

describe('customer attribute definitions', () => {
  it('lists the two standard fields first, then user fields in the order they were added', async () => {
    const fresh = await createTenant(context);
    const empty = await call('GET', '/api/customer-fields', undefined, fresh.token);
    expect(empty.body.data.fields).toMatchObject([
      { id: 'name', fieldLabel: 'Name', standard: true, minLength: 2, maxLength: 30 },
      { id: 'phoneNumber', fieldLabel: 'Phone Number', standard: true, minLength: 10, maxLength: 100000 },
    ]);
    await createField(textField('Zeta'), fresh.token);
    await createField(textField('Alpha'), fresh.token);
    expect(await listNames(fresh.token)).toEqual(['name', 'phoneNumber', 'Zeta', 'Alpha']);
  });

  it('creates, reads and edits a field, and the answer carries the message', async () => {
    const created = await call(
      'POST',
      '/api/customer-fields',
      textField('City', { fieldLabel: ' City ', inputType: 'alphabets', minLength: '2', maxLength: 40 }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.body.message).toBe(customerMessages.fieldCreated);
    const field = created.body.data as Field;
    expect(field).toMatchObject({
      fieldName: 'City',
      fieldLabel: 'City',
      minLength: 2,
      maxLength: 40,
      standard: false,
    });

    const read = await call('GET', `/api/customer-fields/${field.id}`);
    expect(read.body.data).toMatchObject({ id: field.id, inputType: 'alphabets' });

    const edited = await call(
      'PUT',
      `/api/customer-fields/${field.id}`,
      textField('City', {
        fieldLabel: 'Town',
        mandatory: true,
        inputType: 'alphanumeric',
        allowSpecialChars: true,
        allowedChars: ['-'],
        commaIncluded: true,
      }),
    );
    expect(edited.body.message).toBe(customerMessages.fieldUpdated);
    expect(edited.body.data).toMatchObject({
      fieldLabel: 'Town',
      mandatory: true,
      minLength: null,
      allowSpecialChars: true,
      allowedChars: ['-'],
      commaIncluded: true,
    });
  });

  it('asks for every required value with "This field is required"', async () => {
    const empty = await call('POST', '/api/customer-fields', {
      fieldName: ' ',
      fieldLabel: '',
      fieldHelptext: '   ',
      fieldType: 'text',
      inputType: 'alphabets',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.fieldErrors).toMatchObject({
      fieldName: customerMessages.required,
      fieldLabel: customerMessages.required,
      fieldHelptext: customerMessages.required,
      mandatory: customerMessages.required,
    });
    const noType = await call('POST', '/api/customer-fields', { ...textField('NoType'), fieldType: undefined });
    expect(noType.body.fieldErrors?.fieldType).toBe(customerMessages.required);
    const noInputType = await call('POST', '/api/customer-fields', { ...textField('NoInput'), inputType: null });
    expect(noInputType.body.fieldErrors?.inputType).toBe(customerMessages.required);
    expect(await listNames()).not.toContain('NoInput');
  });

  it('checks names, lengths, input types and dropdown options', async () => {
    const cases: [object, string, string][] = [
      [textField('phonenumber'), 'fieldName', customerMessages.fieldNameReserved],
      [textField('2fast'), 'fieldName', customerMessages.fieldNameInvalid],
      [textField('with space'), 'fieldName', customerMessages.fieldNameInvalid],
      [textField('MinMax', { minLength: 5, maxLength: 2 }), 'minLength', customerMessages.minAboveMax],
      [textField('Negative', { minLength: -1 }), 'minLength', 'Enter a whole number, 0 or more'],
      [
        textField('Email', { fieldType: 'textarea', inputType: 'email' }),
        'inputType',
        'Not an input type of this field type',
      ],
      [
        { ...textField('Plan'), fieldType: 'selectbox-singlevalue', defaultValues: [' ', ''] },
        'defaultValues',
        customerMessages.defaultValuesRequired,
      ],
      [textField('Chars', { allowSpecialChars: true, allowedChars: ['ab'] }), 'allowedChars.0', 'One character each'],
    ];
    for (const [body, key, message] of cases) {
      const answer = await call('POST', '/api/customer-fields', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.body.fieldErrors?.[key], JSON.stringify(answer.body)).toBe(message);
    }
  });

  it('keeps a dropdown to its options: no input type or special characters, options trimmed and once', async () => {
    const field = await createField({
      ...textField('Tier', { allowSpecialChars: true, allowedChars: ['#'], minLength: 3 }),
      fieldType: 'selectbox-singlevalue',
      defaultValues: [' Gold', 'Silver ', 'Gold', ''],
    });
    expect(field).toMatchObject({
      inputType: null,
      minLength: null,
      allowSpecialChars: false,
      allowedChars: [],
      defaultValues: ['Gold', 'Silver'],
    });
  });

  it('refuses a duplicate field name whatever its case, also on edit, and keeps the first', async () => {
    const first = await createField(textField('Region'));
    const duplicate = await call('POST', '/api/customer-fields', textField('REGION'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.code).toBe(5101);
    expect(duplicate.body.fieldErrors?.fieldName).toBe(customerMessages.fieldNameTaken);

    const other = await createField(textField('Area'));
    const renamed = await call('PUT', `/api/customer-fields/${other.id}`, textField('region'));
    expect(renamed.statusCode).toBe(409);
    expect((await call('GET', `/api/customer-fields/${other.id}`)).body.data.fieldName).toBe('Area');
    expect((await call('GET', `/api/customer-fields/${first.id}`)).body.data.fieldName).toBe('Region');

    // Two racing creates: the unique index lets exactly one through.
    const racers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/customer-fields', textField('Racer'))));
    expect(racers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);

    // Another enterprise may use the same name.
    await createField(textField('Region'), stranger.token);
  });

  it(`allows at most ${customerLimits.fieldsMax} fields`, async () => {
    const full = await createTenant(context);
    await context.database.db.insert(customerFields).values(
      Array.from({ length: customerLimits.fieldsMax }, (_, position) => ({
        enterpriseId: full.enterpriseId,
        fieldName: `f${position}`,
        fieldLabel: `F ${position}`,
        fieldHelptext: 'h',
        fieldType: 'text',
        inputType: 'alphanumeric',
        position,
      })),
    );
    const refused = await call('POST', '/api/customer-fields', textField('OneTooMany'), full.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe(5102);
    expect((await listNames(full.token)).length).toBe(customerLimits.fieldsMax + 2);
  });

  it('moves a field and keeps the new order', async () => {
    const tenant = await createTenant(context);
    for (const name of ['A', 'B', 'C', 'D']) await createField(textField(name), tenant.token);
    const moved = await call('PUT', '/api/customer-fields/move', { from: 3, to: 0 }, tenant.token);
    expect(moved.statusCode).toBe(200);
    expect(moved.body.message).toBe(customerMessages.fieldMoved);
    expect((moved.body.data.fields as Field[]).map((field) => [field.fieldName, field.index])).toEqual([
      ['name', -2],
      ['phoneNumber', -1],
      ['D', 0],
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    await call('PUT', '/api/customer-fields/move', { from: 1, to: 2 }, tenant.token);
    expect(await listNames(tenant.token)).toEqual(['name', 'phoneNumber', 'D', 'B', 'A', 'C']);

    const outside = await call('PUT', '/api/customer-fields/move', { from: 0, to: 4 }, tenant.token);
    expect(outside.statusCode).toBe(400);
    expect(await listNames(tenant.token)).toEqual(['name', 'phoneNumber', 'D', 'B', 'A', 'C']);
  });

  it('counts the customers holding a value and deletes the field with their values', async () => {
    // A tenant of its own: mandatory fields of the other tests would refuse these customers.
    const tenant = await createTenant(context);
    const city = await createField(textField('Hometown'), tenant.token);
    const other = await createField(textField('Nickname'), tenant.token);
    const phones = ['+919800000001', '+919800000002', '+919800000003'];
    const ids: string[] = [];
    for (const [n, phoneNumber] of phones.entries()) {
      const data: Record<string, string> = { [other.id]: 'Nick' };
      if (n < 2) data[city.id] = 'Pune';
      const created = await call('POST', '/api/customers', { name: `Usage ${n}`, phoneNumber, data }, tenant.token);
      expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
      ids.push((created.body.data as { id: string }).id);
    }
    expect((await call('GET', `/api/customer-fields/${city.id}/usage`, undefined, tenant.token)).body.data).toEqual({
      customers: 2,
    });

    const removed = await call('DELETE', `/api/customer-fields/${city.id}`, undefined, tenant.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.body.message).toBe(customerMessages.fieldDeleted);
    expect((await call('GET', `/api/customer-fields/${city.id}`, undefined, tenant.token)).statusCode).toBe(404);
    for (const id of ids) {
      const customer = await call('GET', `/api/customers/${id}`, undefined, tenant.token);
      expect(customer.body.data.data).toEqual({ [other.id]: 'Nick' });
    }
    expect((await call('DELETE', `/api/customer-fields/${city.id}`, undefined, tenant.token)).statusCode).toBe(404);
  });

  it("changing a field's validators does not rewrite stored values", async () => {
    const tenant = await createTenant(context);
    const code = await createField(textField('Code', { inputType: 'alphanumeric' }), tenant.token);
    const created = await call(
      'POST',
      '/api/customers',
      { name: 'Code Holder', phoneNumber: '+919800000011', data: { [code.id]: 'AB12' } },
      tenant.token,
    );
    expect(created.statusCode).toBe(200);
    const changed = await call(
      'PUT',
      `/api/customer-fields/${code.id}`,
      textField('Code', { inputType: 'number' }),
      tenant.token,
    );
    expect(changed.body.data.inputType).toBe('number');
    const id = (created.body.data as { id: string }).id;
    const read = await call('GET', `/api/customers/${id}`, undefined, tenant.token);
    expect(read.body.data.data).toEqual({ [code.id]: 'AB12' });
  });

  it('lets customer viewers read the definitions but only CUSTOMER_MASTER.EDIT change them', async () => {
    const field = await createField(textField('Readable'));
    expect((await call('GET', '/api/customer-fields', undefined, marketer.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/customer-fields/${field.id}`, undefined, marketer.token)).statusCode).toBe(200);
    const forbidden = [
      await call('POST', '/api/customer-fields', textField('Sneaky'), marketer.token),
      await call('PUT', `/api/customer-fields/${field.id}`, textField('Sneaky'), marketer.token),
      await call('PUT', '/api/customer-fields/move', { from: 0, to: 1 }, marketer.token),
      await call('DELETE', `/api/customer-fields/${field.id}`, undefined, marketer.token),
      await call('GET', '/api/customer-fields', undefined, chatAgent.token),
      await call('GET', `/api/customer-fields/${field.id}/usage`, undefined, chatAgent.token),
    ];
    expect(forbidden.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(forbidden[0]!.body.code).toBe(1403);
    expect((await call('GET', `/api/customer-fields/${field.id}`)).body.data.fieldName).toBe('Readable');
  });

  it("keeps each enterprise's definitions to itself", async () => {
    const field = await createField(textField('Private'));
    expect(await listNames(stranger.token)).not.toContain('Private');
    const answers = [
      await call('GET', `/api/customer-fields/${field.id}`, undefined, stranger.token),
      await call('GET', `/api/customer-fields/${field.id}/usage`, undefined, stranger.token),
      await call('PUT', `/api/customer-fields/${field.id}`, textField('Taken'), stranger.token),
      await call('DELETE', `/api/customer-fields/${field.id}`, undefined, stranger.token),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await call('GET', `/api/customer-fields/${field.id}`)).body.data.fieldName).toBe('Private');
  });
});
