import { z } from 'zod';
import { agentChatEvents, conversationEvents } from './conversations';

/**
 * The websocket's subprotocol. A client offers it first and its session token second
 * (`new WebSocket(url, [REALTIME_PROTOCOL, token])`); the server accepts `parley`, so the token
 * travels in the Sec-WebSocket-Protocol header, never in the URL that logs and proxies record.
 */
export const REALTIME_PROTOCOL = 'parley';

/** Server → client event names, `entity.verb` (chat events keep the spec's names). */
export const realtimeEvents = [
  'session.revoked',
  'auth.changed',
  'mail.queued',
  'system.notice',
  'agent.trained',
  /** A knowledge base's build moved on (about twice a second) or ended: KnowledgeProgress (knowledge.ts). */
  'agent.knowledge.progress',
  'customerUpload.progress',
  /** A channel message changed status or arrived: { channelId, messageId, status, direction }. */
  'channelMessage.updated',
  /** The Sandbox phone received or sent something: { channelId, phone }. */
  'sandbox.updated',
  /** A template's status changed: { templateId, status, reason }. */
  'template.status',
  /** A broadcast's counts changed (at most about once a second): { broadcastId, status, progress }. */
  'broadcast.progress',
  /** A campaign activity changed state (submitted, decided, started, paused, fired, finished): { id, campaignId, state }. */
  'campaign.activity',
  /** conversation.updated, .message, .counts (payloads in conversations.ts). */
  ...Object.values(conversationEvents),
  /** The spec's agent chat events (platform §4.2), to the user they concern: { conversationId, message? }. */
  ...agentChatEvents,
] as const;
export type RealtimeEventName = (typeof realtimeEvents)[number];

export const realtimeEvent = z.object({
  type: z.literal('event'),
  id: z.number().int(),
  name: z.string(),
  payload: z.unknown(),
  at: z.string(),
});
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

/** Client → server frames. */
export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  /**
   * Without `since`: live events only (first connection); with it: what came after `since` first.
   * `topics` (optional) replaces the socket's topics before the replay, so a reconnecting console
   * gets what it missed of the queues and conversations it watches.
   */
  z.object({
    type: z.literal('resume'),
    since: z.number().int().min(0).optional(),
    topics: z.array(z.string().max(100)).max(200).optional(),
  }),
  /** The topics this socket wants besides its user's and enterprise's events (replaces the last set). */
  z.object({ type: z.literal('subscribe'), topics: z.array(z.string().max(100)).max(200) }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

export const serverFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('ready'), lastEventId: z.number().int() }),
  realtimeEvent,
]);
export type ServerFrame = z.infer<typeof serverFrame>;
