import type { BroadcastDetail, BroadcastListItem } from '@parley/contracts/broadcasts';

export const BROADCAST = 'b0b00000-0000-4000-8000-000000000001';
export const CHANNEL = 'c0c00000-0000-4000-8000-000000000001';
export const TEMPLATE = 'd0d00000-0000-4000-8000-000000000001';
export const message = (index: number) => `e0e00000-0000-4000-8000-${String(index).padStart(12, '0')}`;

export function broadcast(extra: Partial<BroadcastListItem> = {}): BroadcastListItem {
  return {
    id: BROADCAST,
    name: 'order_update',
    user: { name: 'Ada Lovelace' },
    channelName: 'Sandbox',
    createdOn: '2026-11-21T09:05:00.000Z',
    status: 'SENDING',
    progress: { total: 10, sent: 4, delivered: 2, read: 1, failed: 1, blocked: 0, pending: 5, possibleDuplicates: 0 },
    ...extra,
  };
}

export function detail(extra: Partial<BroadcastDetail> = {}): BroadcastDetail {
  return {
    ...broadcast(),
    channelId: CHANNEL,
    phoneNumbers: ['+919876543210', '+919876543211'],
    message: {
      template: {
        templateId: 'order_update',
        templateUId: TEMPLATE,
        parameterFormat: 'POSITIONAL',
        components: [
          {
            type: 'BODY',
            text: 'Hello {{1}}, your order {{2}} is on its way.',
            example: { body_text: [['Asha', 'A-1']] },
          },
        ],
      },
    },
    columnMapping: [
      { variable: 'body.1', type: 'column', value: 'name' },
      { variable: 'body.2', type: 'static', value: 'ORD-77' },
    ],
    messagesPerSecond: 80,
    startedAt: '2026-11-21T09:05:01.000Z',
    completedAt: null,
    retryable: 0,
    ...extra,
  } as BroadcastDetail;
}

export { fakeRealtime } from '../../../test/fake-realtime';
