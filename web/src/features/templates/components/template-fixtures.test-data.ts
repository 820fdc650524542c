import type { Channel } from '@parley/contracts/channels';
import type { Template } from '@parley/contracts/templates';

/** Data the templates screens' tests share. */
export const SANDBOX_CHANNEL = '0c0c0000-0000-4000-8000-000000000001';
export const META_CHANNEL = '0c0c0000-0000-4000-8000-000000000002';

export function channel(id: string, name: string, vendor: number): Channel {
  return {
    id,
    name,
    type: 4,
    typeString: 'WHATSAPP',
    vendor,
    vendorString: vendor === 0 ? 'Sandbox' : 'WhatsApp Cloud API',
    deptId: null,
    departmentName: null,
    contactId: '919800000000',
    data: {},
    messagesPerSecond: 80,
    canSend: true,
    webhookUrl: 'http://127.0.0.1/api/webhooks/channels/x',
    webhookVerifyToken: 'token',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
  };
}

export function template(index: number, extra: Partial<Template> = {}): Template {
  return {
    id: `0b0b0000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    templateId: `order_update_${index}`,
    name: `order_update_${index}`,
    channelId: SANDBOX_CHANNEL,
    channelName: 'Sandbox WhatsApp',
    language: 'en_US',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    type: 'STANDARD',
    components: [
      { type: 'BODY', text: 'Hi {{1}}, your order ships today.', example: { body_text: [['Jessica']] } },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Track order' }] },
    ],
    status: 'APPROVED',
    reason: null,
    vendorTemplateId: null,
    vendorManaged: true,
    submittedAt: '2026-11-21T09:00:00.000Z',
    statusAt: '2026-11-21T09:00:00.000Z',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...extra,
  };
}
