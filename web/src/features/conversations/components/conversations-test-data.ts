import type { AgentSelf, ChatMessage, ConversationSummary, LiveChatCounts } from '@parley/contracts/conversations';

export const uuid = (n: number) => `7c7c0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** The signed-in agent (session-users' uId). */
export const ME = '9a9a0000-0000-4000-8000-000000000001';
export const OTHER_AGENT = uuid(901);
export const CHANNEL = uuid(1);
export const DEPARTMENT = uuid(2);

export function conversation(n: number, extra: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: uuid(100 + n),
    channelId: CHANNEL,
    channelName: 'WhatsApp Support',
    channelType: 2,
    customer: { id: uuid(200 + n), name: `Customer ${n}`, number: `+9190000000${10 + n}` },
    state: 2,
    handler: 'agent',
    waiting: null,
    waitingFor: null,
    waitingBy: null,
    departmentId: DEPARTMENT,
    departmentName: 'Support',
    participants: [{ userId: ME, name: 'Ada Lovelace', role: 'owner', joinedAt: '2026-11-21T09:00:00.000Z' }],
    lastMessage: { text: 'Where is my order?', at: '2026-11-21T09:05:00.000Z', direction: 'in' },
    newMsgCount: 0,
    messageCount: 3,
    pinned: false,
    tags: [],
    handoff: null,
    isJITRequired: false,
    missedReason: null,
    feedback: null,
    lastInboundAt: '2026-11-21T09:05:00.000Z',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: `2026-11-21T09:0${Math.min(9, n)}:00.000Z`,
    closedAt: null,
    ...extra,
  };
}

export function message(n: number, conversationId: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: uuid(500 + n),
    conversationId,
    direction: 'in',
    sender: { kind: 'customer', userId: null, name: 'Customer' },
    kind: 'text',
    text: `Message ${n}`,
    content: {},
    status: 'received',
    statusAt: `2026-11-21T09:0${n}:00.000Z`,
    error: null,
    at: `2026-11-21T09:0${n}:00.000Z`,
    ...extra,
  };
}

export const counts: LiveChatCounts = {
  newChatCount: 3,
  invitedChatCount: 1,
  transferredChatCount: 2,
  assginedChatCount: 4,
  missedChatCount: 5,
  totalChatCount: 15,
};

export const self: AgentSelf = {
  agentStatus: 'online',
  capacity: 5,
  departmentIds: [DEPARTMENT],
  seesAll: false,
  topics: [`chat:dept:${DEPARTMENT}`],
};
