import { defaultPreferences, type Preferences } from '@parley/contracts/account';
import type { ChatMessage, ConversationSummary, LiveChatCounts } from '@parley/contracts/conversations';

export const ME = '9a9a0000-0000-4000-8000-000000000001';

export function counts(overrides: Partial<LiveChatCounts> = {}): LiveChatCounts {
  const base = {
    newChatCount: 0,
    invitedChatCount: 0,
    transferredChatCount: 0,
    assginedChatCount: 0,
    missedChatCount: 0,
    ...overrides,
  };
  return {
    ...base,
    totalChatCount:
      overrides.totalChatCount ??
      base.newChatCount +
        base.invitedChatCount +
        base.transferredChatCount +
        base.assginedChatCount +
        base.missedChatCount,
  };
}

export function preferences(overrides: Partial<Preferences> = {}): Preferences {
  return { ...defaultPreferences, ...overrides };
}

let sequence = 0;
const uuid = (n: number) => `c0c00000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function chat(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  sequence += 1;
  const at = '2026-11-27T09:00:00.000Z';
  return {
    id: uuid(sequence),
    channelId: uuid(900),
    channelName: 'WhatsApp Support',
    channelType: 1,
    customer: { id: null, name: `Customer ${sequence}`, number: `+4477009000${String(sequence).padStart(2, '0')}` },
    state: 0,
    handler: 'queue',
    waiting: 'new',
    waitingFor: null,
    waitingBy: null,
    departmentId: null,
    departmentName: null,
    participants: [],
    lastMessage: { text: 'Hello, I need help', at, direction: 'in' },
    newMsgCount: 1,
    messageCount: 1,
    pinned: false,
    tags: [],
    handoff: null,
    isJITRequired: false,
    missedReason: null,
    feedback: null,
    lastInboundAt: at,
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    ...overrides,
  };
}

export function inboundMessage(conversationId: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  sequence += 1;
  const at = '2026-11-27T09:05:00.000Z';
  return {
    id: uuid(5000 + sequence),
    conversationId,
    direction: 'in',
    sender: { kind: 'customer', userId: null, name: 'Grace Hopper' },
    kind: 'text',
    text: 'Are you still there?',
    content: {},
    status: 'received',
    statusAt: at,
    error: null,
    at,
    ...overrides,
  };
}
