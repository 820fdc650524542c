import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '@parley/contracts/channels';
import { as, createTestApp, json, login, type TestContext } from '../test/test-app';
import { createSecretBox } from './platform/secrets';
import { seedDemo } from './seed';
import { DEMO_SANDBOX_CHANNEL_NAME, findDemoSandboxChannel } from './seed-channels';

describe('demo channels seed', () => {
  let context: TestContext;
  let token: string;
  let enterpriseId: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-seed-channels-'));

  beforeAll(async () => {
    context = await createTestApp();
    // The app's own box, as main.ts hands it over.
    const seeded = await seedDemo(context.database, {
      dataDir,
      scryptLogN: 10,
      secrets: createSecretBox('test-secret-key-0123456789'),
    });
    enterpriseId = seeded.created!.enterpriseId;
    token = await login(context, seeded.login!.email, seeded.login!.password);
  });
  afterAll(async () => {
    await context.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the demo enterprise a Sandbox WhatsApp channel that works', async () => {
    const list = json<{ data: { channelConfig: Channel[] } }>(
      await context.app.inject({ method: 'GET', url: '/api/channels', headers: as(token) }),
    );
    expect(list.data.channelConfig).toHaveLength(1);
    const channel = list.data.channelConfig[0]!;
    expect(channel).toMatchObject({
      name: DEMO_SANDBOX_CHANNEL_NAME,
      type: 4,
      vendor: 0,
      vendorString: 'Sandbox',
      contactId: '919000000001',
      data: { contactId: '919000000001', failureRate: '0' },
      canSend: true,
    });
    // Sealed with the app's key: the app can open its webhook secrets.
    expect(channel.webhookVerifyToken.length).toBeGreaterThan(16);
    expect(await findDemoSandboxChannel(context.database.db, enterpriseId)).toBe(channel.id);

    const test = await context.app.inject({
      method: 'POST',
      url: `/api/channels/${channel.id}/test`,
      headers: as(token),
    });
    expect(json(test).data).toMatchObject({ ok: true });
  });
});
