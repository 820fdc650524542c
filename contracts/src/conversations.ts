import { z } from 'zod';
import { defineRoute, emptyData, idParam } from './envelope';

/**
 * Conversations (issue 18; platform.md §1, §3.4, §4.1, §4.2, §7.4; engagement.md §2.16): one
 * conversation per customer and channel while it is open, answered first by the channel's bot, then
 * by people of its department.
 */

/** Chat states (platform §4.1). */
export const chatStates = { CREATED: 0, STARTED: 1, ONGOING: 2, CLOSED: 3, MISSED: 4, SUSPEND: 5 } as const;
export type ChatStateName = keyof typeof chatStates;
export type ChatState = (typeof chatStates)[ChatStateName];
export const chatStateLabels: Record<ChatState, string> = {
  0: 'New',
  1: 'Started',
  2: 'Ongoing',
  3: 'Closed',
  4: 'Missed',
  5: 'Suspended',
};
/** States in which a conversation is still open: a customer's next message continues it. */
export const openChatStates: readonly ChatState[] = [0, 1, 2, 5];

/**
 * Chat actions (platform §4.1: 0–10 and 12 are the spec's numbers); 13 and up are Parley's own
 * actions on the same log (bot handoff, assignment, suspend, pin, tag, ...).
 */
export const chatActions = {
  customerStartChat: 0,
  customerReply: 1,
  agentPickedUp: 2,
  agentReply: 3,
  agentTransferred: 4,
  agentInvited: 5,
  agentAcceptedInvite: 6,
  customerRating: 7,
  agentChatClosed: 8,
  agentLeftChat: 9,
  agentMissedChat: 10,
  chatError: 12,
  botReply: 13,
  botHandoff: 14,
  agentAssigned: 15,
  chatSuspended: 16,
  chatResumed: 17,
  chatPinned: 18,
  chatUnpinned: 19,
  chatTagged: 20,
  chatQueued: 21,
} as const;
export type ChatActionName = keyof typeof chatActions;
export type ChatAction = (typeof chatActions)[ChatActionName];

/** Missed-chat reasons (platform §4.1). */
export const missedReasons = { outOfHours: 0, timedOut: 1 } as const;
export type MissedReason = (typeof missedReasons)[keyof typeof missedReasons];
/** Why a chat was missed, as the thread's system note says it. */
export const missedReasonLabels: Record<MissedReason, string> = {
  0: 'The customer wrote outside working hours',
  1: 'Nobody picked it up in time',
};

/** Why a bot handed a conversation to people (shown to the agent who takes it). */
export const handoffReasons = [
  'asked_for_agent',
  'handoff_intent',
  'keyword',
  'retries_exhausted',
  'no_bot',
  'rule',
] as const;
export type HandoffReason = (typeof handoffReasons)[number];
export const handoffReasonLabels: Record<HandoffReason, string> = {
  asked_for_agent: "Pressed 'Talk to an agent'",
  handoff_intent: 'Asked for a person',
  keyword: 'Asked for a person (keyword)',
  retries_exhausted: 'The bot could not understand',
  no_bot: 'No bot on this channel',
  rule: "The channel's rule",
};

/** What a conversation waits for in its queue (the spec's live chat counts, §3.4). */
export const waitingKinds = ['new', 'invited', 'transferred', 'assigned'] as const;
export type WaitingKind = (typeof waitingKinds)[number];

/** The quick-reply button a bot offers, and the text a customer sends by pressing it. */
export const TALK_TO_AGENT = 'Talk to an agent';

export const conversationLimits = {
  pageSize: 30,
  messagesPageSize: 50,
  textMax: 4096,
  tagMax: 50,
  noteMax: 500,
  feedbackMax: 1000,
  quickReplyShortcutMax: 30,
  quickReplyTextMax: 1024,
  quickRepliesMax: 200,
  keywordsMax: 30,
  capacityMax: 50,
  inactivityMinutesMax: 7 * 24 * 60,
} as const;

export const conversationMessages = {
  pickedUp: 'You picked up the chat',
  pickupTaken: 'Another agent has already picked up this chat',
  transferred: 'You transferred the chat!',
  left: 'You left the chat!',
  closed: 'Chat closed',
  invited: 'Invitation sent',
  assigned: 'Chat assigned',
  suspended: 'Chat suspended',
  resumed: 'Chat resumed',
  tagged: 'Tag added',
  notParticipant: 'Pick up the chat before you reply',
  closedChat: 'This chat is closed',
  transferTarget: 'Choose an agent or a department',
  agentUnavailable: 'That agent cannot take chats of this department',
  jitRequired:
    "The customer's 24-hour window has closed: send an approved template (Just In Time) until they write again.",
  emptyMessage: 'Please enter a message',
  configSaved: 'Chat configuration saved',
  quickReplySaved: 'Quick reply saved',
  quickReplyDeleted: 'Quick reply deleted',
  /** What the customer hears by default when the bot hands them to people (Chat Config changes it). */
  handoffDefault: 'Thank you. A member of our team will be with you shortly.',
} as const;

export const chatParticipant = z.object({
  userId: z.uuid(),
  name: z.string(),
  /** owner (picked up or was assigned), invited (joined by invitation), pending (invited, not yet accepted) */
  role: z.enum(['owner', 'invited', 'pending']),
  joinedAt: z.string(),
});
export type ChatParticipant = z.infer<typeof chatParticipant>;

export const chatTag = z.object({
  tag: z.string(),
  note: z.string(),
  by: z.string().nullable(),
  at: z.string(),
});
export type ChatTag = z.infer<typeof chatTag>;

export const handoffDetails = z.object({
  reason: z.enum(handoffReasons),
  intent: z.string().nullable(),
  confidence: z.number().nullable(),
  emotion: z.string().nullable(),
  /** Parameters the bot collected before it handed over. */
  slots: z.array(z.object({ parameter: z.string(), value: z.string() })),
  at: z.string(),
});
export type HandoffDetails = z.infer<typeof handoffDetails>;

export const conversationSummary = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  channelName: z.string(),
  channelType: z.number().int(),
  customer: z.object({ id: z.uuid().nullable(), name: z.string(), number: z.string() }),
  state: z.number().int(),
  /** Who answers now: the bot, the department's queue, or people (participants). */
  handler: z.enum(['bot', 'queue', 'agent']),
  waiting: z.enum(waitingKinds).nullable(),
  /** For invited or transferred chats: the user the chat waits for (null: the whole department). */
  waitingFor: z.uuid().nullable(),
  waitingBy: z.string().nullable(),
  departmentId: z.uuid().nullable(),
  departmentName: z.string().nullable(),
  participants: z.array(chatParticipant),
  lastMessage: z.object({ text: z.string(), at: z.string(), direction: z.enum(['in', 'out', 'system']) }).nullable(),
  /** Customer messages since an agent last read the chat (newMsgCount). */
  newMsgCount: z.number().int(),
  messageCount: z.number().int(),
  pinned: z.boolean(),
  tags: z.array(chatTag),
  handoff: handoffDetails.nullable(),
  /** True when only an approved template may go out (outside the 24-hour window, or after error 470). */
  isJITRequired: z.boolean(),
  missedReason: z.number().int().nullable(),
  feedback: z.string().nullable(),
  lastInboundAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const chatMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  direction: z.enum(['in', 'out', 'system']),
  sender: z.object({
    kind: z.enum(['customer', 'bot', 'agent', 'system']),
    userId: z.uuid().nullable(),
    name: z.string(),
  }),
  /** text | media | template | interactive | location | contacts | reaction | system | ... */
  kind: z.string(),
  text: z.string(),
  /** The typed content (media, location, contacts, reply, flow, quick replies offered). */
  content: z.record(z.string(), z.unknown()),
  /** Outbound: queued, sending, accepted, sent, delivered, read, failed; inbound: received, read. */
  status: z.string(),
  statusAt: z.string(),
  error: z.object({ code: z.string(), text: z.string() }).nullable(),
  /** The vendor's timestamp for inbound messages; when it was written otherwise. */
  at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** The spec's live chat counts (platform §3.4; 'assginedChatCount' as the spec spells it). */
export const liveChatCounts = z.object({
  newChatCount: z.number().int(),
  invitedChatCount: z.number().int(),
  transferredChatCount: z.number().int(),
  assginedChatCount: z.number().int(),
  missedChatCount: z.number().int(),
  totalChatCount: z.number().int(),
});
export type LiveChatCounts = z.infer<typeof liveChatCounts>;

export const conversationViews = ['mine', 'unassigned', 'all', 'closed', 'missed'] as const;
export const conversationListQuery = z.object({
  view: z.enum(conversationViews).default('mine'),
  departmentId: z.uuid().optional(),
  state: z.coerce.number().int().min(0).max(5).optional(),
  channelId: z.uuid().optional(),
  /** Only chats waiting this way for the caller (the notification menu's rows). */
  waiting: z.enum(waitingKinds).optional(),
  tag: z.string().trim().max(conversationLimits.tagMax).optional(),
  search: z.string().trim().max(100).optional(),
  /** Conversations updated before this (ISO): the next page of a newest-first list. */
  before: z.iso.datetime({ offset: true }).optional(),
  perPage: z.coerce.number().int().min(1).max(100).default(conversationLimits.pageSize),
});
export type ConversationListQuery = z.input<typeof conversationListQuery>;

export const conversationList = z.object({
  conversations: z.array(conversationSummary),
  hasMore: z.boolean(),
  counts: liveChatCounts,
});

export const messagesQuery = z.object({
  /** Messages before this message id (older page); newest page without it. */
  before: z.uuid().optional(),
  perPage: z.coerce.number().int().min(1).max(200).default(conversationLimits.messagesPageSize),
});

const text = z
  .string()
  .max(conversationLimits.textMax, `A message can have at most ${conversationLimits.textMax} characters`);

export const sendChatMessageBody = z
  .object({
    text: text.optional(),
    /** A file of the file store (POST /api/files) sent as an attachment, the text as its caption. */
    fileId: z.uuid().optional(),
  })
  .refine((body) => Boolean(body.text?.trim()) || Boolean(body.fileId), {
    message: conversationMessages.emptyMessage,
    path: ['text'],
  });
export type SendChatMessageBody = z.input<typeof sendChatMessageBody>;

export const transferBody = z
  .object({
    userId: z.uuid().optional(),
    departmentId: z.uuid().optional(),
    note: z.string().trim().max(conversationLimits.noteMax).default(''),
  })
  .refine((body) => Boolean(body.userId) !== Boolean(body.departmentId), {
    message: conversationMessages.transferTarget,
    path: ['userId'],
  });
export const inviteBody = z.object({ userId: z.uuid() });
export const assignBody = z.object({ userId: z.uuid() });
export const tagBody = z.object({
  tag: z.string().trim().min(1, 'Please enter a tag').max(conversationLimits.tagMax),
  note: z.string().trim().max(conversationLimits.noteMax).default(''),
});
export const closeBody = z.object({
  feedback: z.string().trim().max(conversationLimits.feedbackMax).default(''),
});
export const pinParams = z.object({ id: z.uuid(), pinAction: z.enum(['pin', 'unpin']) });

/** Who may take a chat: users with Handle Chats, their departments, open chats and capacity. */
export const chatAgent = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['online', 'away', 'offline']),
  capacity: z.number().int(),
  openChats: z.number().int(),
  departmentIds: z.array(z.uuid()),
});
export type ChatAgent = z.infer<typeof chatAgent>;

export const agentStatusBody = z.object({ agentStatus: z.enum(['online', 'away', 'offline']) });
export const agentSelf = z.object({
  agentStatus: z.enum(['online', 'away', 'offline']),
  capacity: z.number().int(),
  departmentIds: z.array(z.uuid()),
  /** Supervisors (Chat Monitor) see and assign every department's chats. */
  seesAll: z.boolean(),
  /** The realtime topics (queues) the console subscribes to (conversationTopics). */
  topics: z.array(z.string()),
});
export type AgentSelf = z.infer<typeof agentSelf>;

/**
 * A variable the prompt agent collected after the conversation (agents.md §2.8): its value, the
 * customer field it maps to (the field's key, null when none has its name) and whether the value
 * was written to the customer; `reason` says why not.
 */
export const collectedValue = z.object({
  name: z.string(),
  value: z.string(),
  field: z.string().nullable(),
  fieldLabel: z.string().nullable(),
  written: z.boolean(),
  reason: z.string().optional(),
});
export type CollectedValue = z.infer<typeof collectedValue>;
export const conversationCollected = z.object({ at: z.string(), values: z.array(collectedValue) });
export type ConversationCollected = z.infer<typeof conversationCollected>;

export const conversationDetail = z.object({
  conversation: conversationSummary,
  /** What the prompt agent collected after the conversation; null until it ran (or when it does not collect). */
  collected: conversationCollected.nullable(),
  /** The customer's earlier conversations on any channel, newest first. */
  previous: z.array(
    z.object({ id: z.uuid(), channelName: z.string(), state: z.number().int(), createdAt: z.string() }),
  ),
});

/** Chat Config per channel (issue 18 §2; /admin/chatConfig/chat-config, CHAT.CHAT_CONFIG). */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the 24-hour form HH:mm');
export const workingDay = z
  .object({
    /** 0 Sunday … 6 Saturday */
    day: z.number().int().min(0).max(6),
    open: z.boolean(),
    start: timeOfDay,
    end: timeOfDay,
  })
  .refine((day) => !day.open || day.start < day.end, { message: 'The end must be after the start', path: ['end'] });
export type WorkingDay = z.infer<typeof workingDay>;

export const defaultWorkingHours: WorkingDay[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  open: true,
  start: '00:00',
  end: '23:59',
}));

export const chatConfigBody = z.object({
  /** The bot agent that answers first; null: straight to the department's queue. */
  botAgentId: z.uuid().nullable(),
  departmentId: z.uuid().nullable(),
  workingHours: z.array(workingDay).length(7),
  outOfHoursMessage: z.string().trim().max(1000).default(''),
  /** Minutes an unanswered chat waits before it is MISSED (reason 1); 0 never. */
  inactivityMinutes: z.number().int().min(0).max(conversationLimits.inactivityMinutesMax),
  missedMessage: z.string().trim().max(1000).default(''),
  /** What the customer is told when the bot hands them to people in working hours (empty: nothing). */
  handoffMessage: z.string().trim().max(1000).default(conversationMessages.handoffDefault),
  /** Words or phrases that hand a customer to a person at once. */
  handoffKeywords: z.array(z.string().trim().min(1).max(60)).max(conversationLimits.keywordsMax),
  /** Offer a 'Talk to an agent' button when the bot does not understand. */
  offerAgentButton: z.boolean(),
  /** Hand over after this many replies in a row the bot did not understand (0: never). */
  handoffAfterMisses: z.number().int().min(0).max(10),
});
export type ChatConfigBody = z.input<typeof chatConfigBody>;

export const chatConfig = chatConfigBody.extend({
  channelId: z.uuid(),
  channelName: z.string(),
  channelType: z.number().int(),
  botAgentName: z.string().nullable(),
  departmentName: z.string().nullable(),
  timezone: z.string(),
  updatedAt: z.string().nullable(),
});
export type ChatConfig = z.infer<typeof chatConfig>;

export const quickReply = z.object({
  id: z.uuid(),
  shortcut: z.string(),
  text: z.string(),
  updatedAt: z.string(),
});
export type QuickReply = z.infer<typeof quickReply>;
export const quickReplyBody = z.object({
  shortcut: z
    .string()
    .trim()
    .min(1, 'Please enter a shortcut')
    .max(conversationLimits.quickReplyShortcutMax)
    .regex(/^[\p{L}\p{N}_-]+$/u, 'Letters, digits, - and _ only'),
  text: z.string().trim().min(1, 'Please enter the reply').max(conversationLimits.quickReplyTextMax),
});

/** Events an integrator's webhook may receive (issue 18 §8). */
export const chatWebhookEvents = ['conversation.updated', 'conversation.message'] as const;
export type ChatWebhookEvent = (typeof chatWebhookEvents)[number];
/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body with the webhook's secret>`. */
export const CHAT_WEBHOOK_SIGNATURE_HEADER = 'x-parley-signature';

export const chatWebhookBody = z.object({
  url: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Please enter an http(s) address' }).max(2000)]),
  events: z.array(z.enum(chatWebhookEvents)).max(chatWebhookEvents.length),
  enabled: z.boolean(),
  /** A new signing secret; absent or empty keeps the stored one (one is generated the first time). */
  secret: z.string().trim().max(200).optional(),
});
export type ChatWebhookBody = z.input<typeof chatWebhookBody>;

export const chatWebhook = z.object({
  url: z.string(),
  events: z.array(z.enum(chatWebhookEvents)),
  enabled: z.boolean(),
  /** The signing secret, shown in full only in the answer that created or replaced it. */
  secret: z.string().nullable(),
  secretHint: z.string().nullable(),
  lastDelivery: z
    .object({ at: z.string(), status: z.number().int().nullable(), error: z.string().nullable() })
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type ChatWebhook = z.infer<typeof chatWebhook>;

export const agentCapacityBody = z.object({ capacity: z.number().int().min(0).max(conversationLimits.capacityMax) });

const summaryData = z.object({ conversation: conversationSummary });

export const conversationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/conversations',
    summary: 'Conversations the caller may see, newest activity first, with the live chat counts',
    query: conversationListQuery,
    data: conversationList,
  }),
  counts: defineRoute({
    method: 'GET',
    path: '/api/conversations/counts',
    summary: 'The live chat counts of the caller (chat_count)',
    data: liveChatCounts,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/conversations/:id',
    summary: 'One conversation with the customer’s earlier conversations',
    params: idParam,
    data: conversationDetail,
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/api/conversations/:id/messages',
    summary: 'A page of the conversation’s messages, oldest first',
    params: idParam,
    query: messagesQuery,
    data: z.object({ messages: z.array(chatMessage), hasMore: z.boolean() }),
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    summary: 'Reply to the customer (text or an attachment) inside the 24-hour window',
    params: idParam,
    body: sendChatMessageBody,
    data: z.object({ message: chatMessage }),
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/read',
    summary: 'Mark the customer’s messages read by the caller',
    params: idParam,
    data: emptyData,
  }),
  pickup: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/pickup',
    summary: 'Pick up a waiting chat (exactly one agent wins)',
    params: idParam,
    data: summaryData,
  }),
  transfer: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/transfer',
    summary: 'Transfer the chat to an agent or a department',
    params: idParam,
    body: transferBody,
    data: summaryData,
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/invite',
    summary: 'Invite a second agent into the chat',
    params: idParam,
    body: inviteBody,
    data: summaryData,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/accept',
    summary: 'Accept an invitation, transfer or assignment waiting for the caller',
    params: idParam,
    data: summaryData,
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/assign',
    summary: 'Assign the chat to an agent (supervisors)',
    params: idParam,
    body: assignBody,
    data: summaryData,
  }),
  suspend: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/suspend',
    summary: 'Suspend the chat',
    params: idParam,
    data: summaryData,
  }),
  resume: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/resume',
    summary: 'Resume a suspended chat',
    params: idParam,
    data: summaryData,
  }),
  pin: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/:pinAction',
    summary: 'Pin or unpin the chat in the caller’s list',
    params: pinParams,
    data: summaryData,
  }),
  tag: defineRoute({
    method: 'PUT',
    path: '/api/conversations/:id/update_tag',
    summary: 'Tag the chat with a note',
    params: idParam,
    body: tagBody,
    data: summaryData,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/close',
    summary: 'Close the chat with feedback',
    params: idParam,
    body: closeBody,
    data: summaryData,
  }),
  leave: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/leave',
    summary: 'Leave a chat the caller was invited into',
    params: idParam,
    data: summaryData,
  }),
  agents: defineRoute({
    method: 'GET',
    path: '/api/conversations/agents',
    summary: 'Agents who handle chats, with status, capacity and open chats (transfer, invite, assign)',
    data: z.object({ agents: z.array(chatAgent), departments: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
  }),
  myStatus: defineRoute({
    method: 'GET',
    path: '/api/conversations/agent-status',
    summary: 'The caller’s availability, capacity, departments and the realtime topics their console watches',
    data: agentSelf,
  }),
  setMyStatus: defineRoute({
    method: 'PUT',
    path: '/api/conversations/agent-status',
    summary: 'Set the caller’s availability (update_agent_status)',
    body: agentStatusBody,
    data: agentSelf,
  }),
  quickReplies: defineRoute({
    method: 'GET',
    path: '/api/conversations/quick-replies',
    summary: 'The quick replies the admin keeps',
    data: z.object({ quickReplies: z.array(quickReply) }),
  }),
} as const;

export const chatConfigRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/chat-config',
    summary: 'The chat configuration of every channel that receives messages',
    data: z.object({ configs: z.array(chatConfig) }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/chat-config/:id',
    summary: 'Configure how one channel’s chats are answered (id: the channel)',
    params: idParam,
    body: chatConfigBody,
    data: chatConfig,
  }),
  agents: defineRoute({
    method: 'GET',
    path: '/api/chat-config/agents',
    summary: 'Agents who handle chats, with their capacity',
    data: z.object({ agents: z.array(chatAgent) }),
  }),
  setCapacity: defineRoute({
    method: 'PUT',
    path: '/api/chat-config/agents/:id/capacity',
    summary: 'How many open chats an agent takes at once (id: the user)',
    params: idParam,
    body: agentCapacityBody,
    data: chatAgent,
  }),
  createQuickReply: defineRoute({
    method: 'POST',
    path: '/api/chat-config/quick-replies',
    summary: 'Add a quick reply',
    body: quickReplyBody,
    data: quickReply,
  }),
  updateQuickReply: defineRoute({
    method: 'PUT',
    path: '/api/chat-config/quick-replies/:id',
    summary: 'Edit a quick reply',
    params: idParam,
    body: quickReplyBody,
    data: quickReply,
  }),
  webhook: defineRoute({
    method: 'GET',
    path: '/api/chat-config/webhook',
    summary: 'The outgoing webhook that tells a CRM of conversation events',
    data: chatWebhook,
  }),
  saveWebhook: defineRoute({
    method: 'PUT',
    path: '/api/chat-config/webhook',
    summary: 'Set the outgoing webhook (signed with HMAC-SHA256, retried with backoff)',
    body: chatWebhookBody,
    data: chatWebhook,
  }),
  testWebhook: defineRoute({
    method: 'POST',
    path: '/api/chat-config/webhook/test',
    summary: 'Send a signed test event to the webhook now and answer what it replied',
    data: z.object({ status: z.number().int().nullable(), error: z.string().nullable() }),
  }),
  removeQuickReply: defineRoute({
    method: 'DELETE',
    path: '/api/chat-config/quick-replies/:id',
    summary: 'Delete a quick reply',
    params: idParam,
    data: emptyData,
  }),
} as const;

/**
 * Realtime events of conversations. `conversation.updated` and `conversation.message` reach the
 * consoles subscribed to the conversation's department (or to it); the spec's agent events (§4.2)
 * reach the one user they concern.
 */
export const conversationEvents = {
  updated: 'conversation.updated',
  message: 'conversation.message',
  counts: 'conversation.counts',
} as const;
/** The spec's chat events (platform §4.2), sent to the user they concern. */
export const agentChatEvents = [
  'agentPickupChat',
  'agentPickupChatFailed',
  'youAcceptedInvite',
  'youAcceptedTransfer',
  'youAcceptedAssign',
  'inviteAgentFailed',
  'transferToAgentFailed',
  'youTransferredToAgent',
  'youLeft',
  'agentEndChat',
  'noChatPicked',
  'chatInvited',
  'chatTransferred',
  'chatAssigned',
  'systemMessage',
] as const;
export type AgentChatEvent = (typeof agentChatEvents)[number];

/** A realtime topic a console subscribes to: a department's queue or one conversation. */
export const conversationTopics = {
  department: (departmentId: string | null) => `chat:dept:${departmentId ?? 'none'}`,
  conversation: (conversationId: string) => `chat:conv:${conversationId}`,
};
