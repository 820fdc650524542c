import { z } from 'zod';

/** Server → client event names, `entity.verb` (chat events keep the spec's names). */
export const realtimeEvents = [
  'session.revoked',
  'auth.changed',
  'mail.queued',
  'system.notice',
  'agent.trained',
  'customerUpload.progress',
  /** A channel message changed status or arrived: { channelId, messageId, status, direction }. */
  'channelMessage.updated',
  /** The Sandbox phone received or sent something: { channelId, phone }. */
  'sandbox.updated',
  /** A template's status changed: { templateId, status, reason }. */
  'template.status',
  /** A broadcast's counts changed (at most about once a second): { broadcastId, status, progress }. */
  'broadcast.progress',
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
  /** Without `since`: live events only (first connection); with it: what came after `since` first. */
  z.object({ type: z.literal('resume'), since: z.number().int().min(0).optional() }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

export const serverFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('ready'), lastEventId: z.number().int() }),
  realtimeEvent,
]);
export type ServerFrame = z.infer<typeof serverFrame>;
