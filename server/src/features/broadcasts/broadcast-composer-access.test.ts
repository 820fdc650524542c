import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateVariable } from '@parley/contracts/broadcasts';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { caller, createTemplate, orderTemplate, sandboxChannel } from './broadcast-test-kit';

let context: TestContext;
let admin: Tenant;
let call: ReturnType<typeof caller>;
let channel: { id: string };
let order: string;

beforeAll(async () => {
  context = await createTestApp();
  call = caller(context);
  admin = await createTenant(context);
  channel = await sandboxChannel(context, admin);
  order = await createTemplate(context, admin, orderTemplate(channel.id, 'order_update'));
});
afterAll(async () => {
  await context?.close();
});

describe('the variable mapping reads, shared with the campaign editor (issue 21)', () => {
  it('are open to a campaign maker, who still cannot broadcast or pick customers; a checker is refused', async () => {
    const maker = await createTenant(context, { roles: [4], enterpriseId: admin.enterpriseId });
    const columns = await call<{ value: string }[]>(maker, 'GET', '/api/broadcasts/columns');
    expect(columns.statusCode).toBe(200);
    expect(columns.body.data.map((column) => column.value)).toEqual(['name', 'phoneNumber']);
    const variables = await call<TemplateVariable[]>(
      maker,
      'GET',
      `/api/broadcasts/template-variables?channelId=${channel.id}&templateId=${order}`,
    );
    expect(variables.statusCode).toBe(200);
    expect(variables.body.data.map((variable) => variable.variable)).toContain('body.1');
    expect((await call(maker, 'GET', '/api/broadcasts/customers')).statusCode).toBe(403);
    expect((await call(maker, 'POST', '/api/broadcasts', {})).statusCode).toBe(403);

    const checker = await createTenant(context, { roles: [5], enterpriseId: admin.enterpriseId });
    expect((await call(checker, 'GET', '/api/broadcasts/columns')).statusCode).toBe(403);
  });
});
