import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { createFileStore } from '../../platform/files';
import type { MessagingChannel, ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { TemplateStatusEvent, VendorAdapter } from '../../platform/messaging/vendor-adapter';
import { createTemplatesService, type TemplatesService } from './templates.service';
import { sandboxChannel, utilityTemplate } from './template-test-fixtures';
import { templateBody } from '@parley/contracts/templates';

/**
 * A vendor that answers a submission only after its verdict has already come in by webhook (a
 * very fast review): the verdict must not be lost, nor overwritten by the submission's PENDING.
 */
let context: TestContext;
let admin: Tenant;
let channel: MessagingChannel;
let service: TemplatesService;
let verdict: TemplateStatusEvent['status'] = 'APPROVED';
let counter = 0;

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  const created = await sandboxChannel(context, admin);
  channel = {
    adapter: {
      id: created.id,
      enterpriseId: admin.enterpriseId,
      type: 4,
      vendor: 0,
      contactId: '919000000001',
      credentials: {},
      webhook: { key: 'k', url: 'http://parley.test/k', verifyToken: 'v', secret: 's' },
    },
    name: created.name,
    canSend: true,
    templateApi: true,
    vendorName: 'Fast vendor',
  };
  const fastVendor: Pick<VendorAdapter, 'submitTemplate'> = {
    async submitTemplate() {
      counter += 1;
      // Like the Sandbox, every review has an id of its own, edits too.
      const vendorTemplateId = `fast-${counter}`;
      await service.applyVendorStatus(channel, { vendorTemplateId, status: verdict, reason: 'QUICK_REVIEW' });
      return { vendorTemplateId, status: 'PENDING' };
    },
  };
  const messaging = { channel: async () => channel } as unknown as ChannelMessaging;
  service = createTemplatesService({
    db: context.database.db,
    bus: context.bus,
    config: context.config,
    files: createFileStore({ db: context.database.db, dataDir: context.config.dataDir }),
    adapters: { get: () => fastVendor as VendorAdapter },
    messaging,
  });
});
afterAll(async () => {
  await context?.close();
});

describe('a verdict that arrives before the submission returns', () => {
  it('is applied to the template once it is stored', async () => {
    verdict = 'APPROVED';
    const input = templateBody.parse(utilityTemplate(channel.adapter.id, 'fast_one'));
    const created = await service.create(admin.enterpriseId, input);
    expect(created).toMatchObject({ status: 'APPROVED', reason: 'QUICK_REVIEW', vendorTemplateId: 'fast-1' });
  });

  it('wins over the PENDING of an edit’s answer, even under the edit’s new id', async () => {
    verdict = 'REJECTED';
    const input = templateBody.parse(utilityTemplate(channel.adapter.id, 'fast_two'));
    const created = await service.create(admin.enterpriseId, input);
    expect(created.status).toBe('REJECTED');
    verdict = 'APPROVED';
    const edited = await service.update(admin.enterpriseId, created.id, {
      ...input,
      components: [{ type: 'BODY', text: 'A shorter text.' }],
    });
    expect(edited).toMatchObject({
      status: 'APPROVED',
      vendorTemplateId: `fast-${counter}`,
      components: [{ type: 'BODY', text: 'A shorter text.' }],
    });
  });
});
