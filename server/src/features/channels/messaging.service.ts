import crypto from 'node:crypto';
import {
  canSend,
  channelMessages as texts,
  vendorIds,
  vendorSpec,
  type ChannelMessage,
} from '@parley/contracts/channels';
import type { TemplateComponent, TemplateMedia } from '@parley/contracts/templates';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { createGroupCommit } from '../../platform/group-commit';
import type { VendorAdapters } from '../../platform/messaging/adapters';
import {
  SESSION_WINDOW_MS,
  type ChannelMessaging,
  type MessagingChannel,
  type StatusUpdate,
} from '../../platform/messaging/channel-messaging';
import {
  VendorError,
  type InboundMessage,
  type SessionMessage,
  type StatusEvent,
  type TemplateMessage,
  type TemplateStatusEvent,
  type WebhookRequest,
  type WebhookVerdict,
} from '../../platform/messaging/vendor-adapter';
import { normalizePhone } from '../../platform/phone';
import type { EventBus } from '../../platform/realtime/bus';
import type { SecretBox } from '../../platform/secrets';
import { toAdapterChannel, toMessagingChannel } from './channel-credentials';
import {
  createChannelsRepository,
  type ChannelMessageInsert,
  type ChannelMessageRow,
  type ChannelRow,
  type StatusEventInsert,
} from './channels.repository';
import type { MediaLinks } from './media-links';

/** How long bulk sends reuse a channel's credentials, and how many log rows one INSERT takes. */
const BULK_CHANNEL_TTL_MS = 5000;
const BULK_LOG_BATCH = 500;
/** How long callbacks reuse a channel read by its webhook key, and how many status events one statement stores. */
const WEBHOOK_CHANNEL_TTL_MS = 5000;
const STATUS_BATCH = 1000;

export { SESSION_WINDOW_MS };

export interface MessagingLogger {
  error(details: object, message: string): void;
  warn?(details: object, message: string): void;
}

/**
 * What Parley keeps of an inbound message in channel_messages.content, one typed shape whatever
 * the vendor (decision 017): `type` and a readable `text` always; the type's own part (media,
 * location, contacts, reaction, reply, flow, order, system, errors) beside them; who wrote
 * (`sender`: phone, WhatsApp user id, username) and the message it answers (`context`).
 */
export function inboundContent(message: InboundMessage): Record<string, unknown> {
  const content: Record<string, unknown> = { type: message.type, text: message.text };
  if (message.buttonPayload !== undefined) content.buttonPayload = message.buttonPayload;
  const parts = [
    'reply',
    'media',
    'location',
    'contacts',
    'reaction',
    'flow',
    'order',
    'system',
    'errors',
    'context',
  ] as const;
  for (const part of parts) if (message[part] !== undefined) content[part] = message[part];
  if (message.name) content.name = message.name;
  if (message.userId || message.username)
    content.sender = {
      ...(message.from.startsWith('+') ? { phone: message.from } : {}),
      ...(message.userId ? { userId: message.userId } : {}),
      ...(message.username ? { username: message.username } : {}),
    };
  return content;
}

/** channel_messages.kind of an inbound message: text, media, interactive, or the type itself. */
function inboundKind(type: InboundMessage['type']): string {
  if (type === 'text') return 'text';
  if (type === 'button' || type === 'flow') return 'interactive';
  if (type === 'image' || type === 'video' || type === 'document' || type === 'audio' || type === 'sticker')
    return 'media';
  return type;
}

export function toChannelMessage(row: ChannelMessageRow): ChannelMessage {
  return {
    id: row.id,
    channelId: row.channelId,
    direction: row.direction as 'out' | 'in',
    customerNumber: row.customerNumber,
    vendorMessageId: row.vendorMessageId,
    kind: row.kind,
    content: row.content,
    status: row.status,
    statusAt: row.statusAt.toISOString(),
    errorCode: row.errorCode,
    errorText: row.errorText,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user-facing error of a vendor's refusal (the vendor's own code and text where it gave them). */
export function vendorFailure(error: VendorError, vendorName: string): AppError {
  switch (error.kind) {
    case 'auth':
      return new AppError('CHANNEL_VENDOR_AUTH', {
        message: `${vendorName} refused the channel credentials (${error.code}: ${error.message}). Check them on the channel.`,
      });
    case 'outside_window':
      return new AppError('CHANNEL_OUTSIDE_WINDOW');
    case 'retryable':
      // No HTTP answer at all: a timeout or a network failure.
      if (error.httpStatus === undefined && ['timeout', 'network', 'dns', 'too_large'].includes(error.code))
        return new AppError('CHANNEL_VENDOR_UNREACHABLE', { message: `${error.message}. Try again.` });
      return new AppError('CHANNEL_VENDOR_REJECTED', {
        message: `${vendorName} could not take the message now (${error.code}: ${error.message}). Try again later.`,
      });
    default:
      return new AppError('CHANNEL_VENDOR_REJECTED', {
        message: `${vendorName} refused the message (${error.code}: ${error.message})`,
      });
  }
}

type SendSource = 'test' | 'broadcast' | 'chat' | 'campaign' | 'session';

/**
 * The messaging service (issue 7): sends through the channel's adapter with every attempt logged
 * in channel_messages, and the webhook pipeline that stores statuses and inbound messages once,
 * however often and in whatever order vendors deliver them.
 */
export function createMessagingService(deps: {
  db: Db;
  secrets: SecretBox;
  adapters: VendorAdapters;
  bus: EventBus;
  config: Pick<Config, 'publicUrl' | 'defaultPhoneRegion'>;
  log: MessagingLogger;
  /** Signs Parley file URLs so that a vendor can fetch a message's media without a session. */
  media?: MediaLinks;
}) {
  const repository = createChannelsRepository(deps.db);
  const { secrets: box, adapters, bus, config, log } = deps;
  const statusHandlers: ((updates: StatusUpdate[]) => Promise<void>)[] = [];
  const inboundHandlers: ((
    channel: MessagingChannel,
    message: InboundMessage,
    stored: { id: string; channelId: string; customerNumber: string },
  ) => Promise<void>)[] = [];
  const templateHandlers: ((channel: MessagingChannel, event: TemplateStatusEvent) => Promise<void>)[] = [];

  async function publish(row: Pick<ChannelMessageRow, 'id' | 'enterpriseId' | 'channelId' | 'status' | 'direction'>) {
    try {
      await bus.publish({
        enterpriseId: row.enterpriseId,
        // A topic of its own: no console shows the raw channel log, and without one every open
        // console got a second frame for each customer message (measured by the realtime bench).
        topic: `channel:${row.channelId}`,
        name: 'channelMessage.updated',
        payload: { channelId: row.channelId, messageId: row.id, status: row.status, direction: row.direction },
      });
    } catch (error) {
      log.error({ err: error }, 'could not publish channelMessage.updated');
    }
  }

  async function runHandlers<T>(
    handlers: ((channel: MessagingChannel, item: T) => Promise<void>)[],
    channel: MessagingChannel,
    item: T,
    what: string,
  ) {
    for (const handler of handlers) {
      try {
        await handler(channel, item);
      } catch (error) {
        log.error({ err: error, channelId: channel.adapter.id }, `a ${what} handler failed`);
      }
    }
  }

  async function sendable(enterpriseId: string, channelId: string) {
    const row = await repository.get(enterpriseId, channelId);
    if (!row) throw new AppError('NOT_FOUND');
    const vendorName = vendorSpec(row.vendor)?.name ?? `Vendor ${row.vendor}`;
    const adapter = adapters.get(row.vendor);
    if (!adapter || !canSend(row.vendor, row.type))
      throw new AppError('CHANNEL_SENDING_UNAVAILABLE', { message: texts.sendingUnavailable(vendorName) });
    return { row, adapter, vendorName, channel: toAdapterChannel(box, config.publicUrl, row) };
  }

  function recipient(to: string) {
    const normalized = normalizePhone(to, config.defaultPhoneRegion);
    if (!normalized)
      throw new AppError('VALIDATION', { message: texts.invalidNumber, fieldErrors: { to: texts.invalidNumber } });
    return normalized;
  }

  /** Statuses that arrived before the send was logged (a fast vendor): applied now. */
  async function applyEarlyStatuses(row: ChannelMessageRow): Promise<ChannelMessageRow> {
    if (!row.vendorMessageId) return row;
    const events = await repository.eventsOf(row.channelId, row.vendorMessageId);
    let current = row;
    for (const event of events) {
      const moved = await repository.advanceStatus(
        row.channelId,
        { id: row.id },
        { status: event.status, at: event.occurredAt, errorCode: event.errorCode, errorText: event.errorText },
      );
      if (moved) current = moved;
    }
    return current;
  }

  /**
   * The channel a callback URL belongs to, with its decrypted credentials: read at most every few
   * seconds per key, since a busy channel brings thousands of callbacks a second. A signature that
   * fails against a cached copy is checked again against a fresh read before it is refused.
   */
  const webhookTargets = new Map<string, { at: number; target: Promise<WebhookTarget | undefined> }>();
  type WebhookTarget = {
    row: ChannelRow;
    adapter: ReturnType<VendorAdapters['get']>;
    channel: MessagingChannel;
    cached: boolean;
  };
  async function webhookTarget(key: string, options: { fresh?: boolean } = {}): Promise<WebhookTarget | undefined> {
    const hit = webhookTargets.get(key);
    if (hit && !options.fresh && Date.now() - hit.at < WEBHOOK_CHANNEL_TTL_MS) {
      const target = await hit.target;
      return target && { ...target, cached: true };
    }
    const target = repository.getByWebhookKey(key).then((row) =>
      row
        ? {
            row,
            adapter: adapters.get(row.vendor),
            channel: toMessagingChannel(box, config.publicUrl, row),
            cached: false,
          }
        : undefined,
    );
    webhookTargets.set(key, { at: Date.now(), target });
    const found = await target.catch((error: unknown) => {
      webhookTargets.delete(key);
      throw error;
    });
    if (!found) webhookTargets.delete(key);
    if (webhookTargets.size > 10_000) webhookTargets.clear();
    return found;
  }

  /** Bulk sends read the channel (and decrypt its credentials) at most every few seconds. */
  const bulkTargets = new Map<string, { at: number; target: ReturnType<typeof sendable> }>();
  function bulkSendable(enterpriseId: string, channelId: string) {
    const key = `${enterpriseId}:${channelId}`;
    const hit = bulkTargets.get(key);
    if (hit && Date.now() - hit.at < BULK_CHANNEL_TTL_MS) return hit.target;
    const target = sendable(enterpriseId, channelId);
    bulkTargets.set(key, { at: Date.now(), target });
    target.catch(() => bulkTargets.delete(key));
    return target;
  }

  /**
   * The log rows of bulk sends, written together: while one INSERT runs, the rows of the sends that
   * finish meanwhile gather for the next, so a thousand sends a second cost a few dozen commits
   * instead of a thousand. Each send resolves once its own row is stored; statuses that came
   * before the log (a fast vendor) are applied as for a single send.
   */
  const bulkLog = createGroupCommit(
    async (batch: ChannelMessageInsert[]) => {
      const rows = await repository.insertMessages(batch);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const early = new Set<string>();
      try {
        const byChannel = new Map<string, string[]>();
        for (const row of rows)
          if (row.vendorMessageId)
            byChannel.set(row.channelId, [...(byChannel.get(row.channelId) ?? []), row.vendorMessageId]);
        for (const [channelId, ids] of byChannel)
          for (const id of await repository.vendorIdsWithEvents(channelId, ids)) early.add(`${channelId}:${id}`);
      } catch (error) {
        log.error({ err: error }, 'could not look for early statuses of bulk sends');
      }
      const stored: ChannelMessageRow[] = [];
      for (const values of batch) {
        let row = byId.get(values.id!)!;
        if (row.vendorMessageId && early.has(`${row.channelId}:${row.vendorMessageId}`))
          row = await applyEarlyStatuses(row).catch((error: unknown) => {
            log.error({ err: error }, 'could not apply early statuses');
            return row;
          });
        stored.push(row);
      }
      return stored;
    },
    { maxBatch: BULK_LOG_BATCH },
  );
  /** The log rows of bulk sends, written together (see createGroupCommit); statuses that came first are applied. */
  const logBulk = (values: ChannelMessageInsert) => bulkLog.add({ ...values, id: values.id ?? crypto.randomUUID() });

  /** Calls the vendor and logs the attempt: accepted with the vendor's id, or failed with its code. */
  async function send(
    target: Awaited<ReturnType<typeof sendable>>,
    to: string,
    call: () => Promise<{ vendorMessageId: string }>,
    entry: {
      kind: string;
      content: Record<string, unknown>;
      templateId?: string;
      source: SendSource;
      sourceId?: string;
      bulk?: boolean;
    },
  ): Promise<ChannelMessage> {
    const base = {
      enterpriseId: target.row.enterpriseId,
      channelId: target.row.id,
      direction: 'out',
      customerNumber: to,
      kind: entry.kind,
      content: entry.content,
      templateId: entry.templateId ?? null,
      source: entry.source,
      sourceId: entry.sourceId ?? null,
    };
    let vendorMessageId: string;
    try {
      ({ vendorMessageId } = await call());
    } catch (error) {
      if (!(error instanceof VendorError)) throw error;
      const failedRow = {
        ...base,
        status: 'failed',
        errorCode: error.code.slice(0, 100),
        errorText: error.message.slice(0, 1000),
      };
      const failed = entry.bulk ? await logBulk(failedRow) : await repository.insertMessage(failedRow);
      if (!entry.bulk) await publish(failed);
      const failure = vendorFailure(error, target.vendorName);
      // The vendor's own kind and code, for callers that retry (the broadcast pipeline).
      failure.cause = error;
      throw failure;
    }
    if (entry.bulk) return toChannelMessage(await logBulk({ ...base, vendorMessageId, status: 'accepted' }));
    const logged = await repository.insertMessage({ ...base, vendorMessageId, status: 'accepted' });
    const current = await applyEarlyStatuses(logged);
    await publish(current);
    return toChannelMessage(current);
  }

  async function sendSession(
    enterpriseId: string,
    channelId: string,
    input: {
      message: SessionMessage;
      source: 'session' | 'chat';
      sourceId?: string;
      lastInbound?: Date | null;
    },
    extraContent: Record<string, unknown> = {},
  ) {
    const target = await sendable(enterpriseId, channelId);
    const to = recipient(input.message.to);
    // WhatsApp accepts free-form messages only inside the customer's 24-hour window (131047).
    if (target.row.type === 4) {
      const since = new Date(Date.now() - SESSION_WINDOW_MS);
      const open =
        (input.lastInbound != null && input.lastInbound > since) ||
        (await repository.hasInboundSince(target.row.id, to, since));
      if (!open) throw new AppError('CHANNEL_OUTSIDE_WINDOW');
    }
    let message: SessionMessage = { ...input.message, to };
    // A vendor fetches the file itself: a Parley file URL goes out as a signed, expiring link.
    // (The Sandbox phone too: it shows the file in an <img> that carries no session.)
    if (message.kind === 'media' && deps.media) {
      const match = FILE_URL.exec(message.url);
      if (match && (!message.url.startsWith('http') || message.url.startsWith(config.publicUrl)))
        message = { ...message, url: (await deps.media.link(enterpriseId, match[1]!)).url };
    }
    const content =
      message.kind === 'text'
        ? { type: 'text', text: message.text }
        : message.kind === 'buttons'
          ? { type: 'buttons', text: message.text, buttons: message.buttons }
          : {
              type: 'media',
              mediaType: message.mediaType,
              url: message.url,
              fileName: message.fileName,
              caption: message.caption,
              ...extraContent,
            };
    return send(target, to, () => target.adapter.sendSession(target.channel, message), {
      kind: message.kind,
      content,
      source: input.source,
      sourceId: input.sourceId,
    });
  }

  /**
   * Status events, stored by group commit: the events of every callback that arrives while one
   * statement runs go into the next (see storeStatusEvents), and each callback is answered once its
   * own events are stored. Subscribers then hear of the batch's new events at once.
   */
  const statusLog = createGroupCommit(
    async (batch: StatusEventInsert[][]) => {
      const { stored, moved } = await repository.storeStatusEvents(batch.flat());
      void announceStatuses(batch.flat(), stored, moved);
      return batch.map(() => undefined);
    },
    { maxBatch: STATUS_BATCH },
  );

  async function announceStatuses(
    events: StatusEventInsert[],
    stored: { channelId: string; vendorMessageId: string; status: string }[],
    moved: Awaited<ReturnType<typeof repository.storeStatusEvents>>['moved'],
  ) {
    const key = (channelId: string, vendorMessageId: string) => `${channelId} ${vendorMessageId}`;
    const movedBy = new Map(moved.map((row) => [key(row.channelId, row.vendorMessageId), row]));
    const eventBy = new Map(
      events.map((event) => [`${key(event.channelId, event.vendorMessageId)} ${event.status}`, event]),
    );
    const updates: StatusUpdate[] = [];
    for (const entry of stored) {
      const event = eventBy.get(`${key(entry.channelId, entry.vendorMessageId)} ${entry.status}`);
      if (!event) continue;
      const message = movedBy.get(key(entry.channelId, entry.vendorMessageId));
      updates.push({
        channelId: event.channelId,
        enterpriseId: event.enterpriseId,
        vendorMessageId: event.vendorMessageId,
        status: event.status as StatusUpdate['status'],
        at: event.occurredAt,
        ...(event.errorCode ? { error: { code: event.errorCode, title: event.errorText ?? '' } } : {}),
        ...(message ? { message: { id: message.id, source: message.source, sourceId: message.sourceId } } : {}),
      });
    }
    // A broadcast's messages are followed through its own throttled progress event.
    for (const row of moved) if (row.source !== 'broadcast') await publish(row);
    if (updates.length === 0) return;
    for (const handler of statusHandlers) {
      try {
        await handler(updates);
      } catch (error) {
        log.error({ err: error }, 'a status handler failed');
      }
    }
  }

  async function storeStatuses(row: ChannelRow, statuses: StatusEvent[]) {
    if (statuses.length === 0) return;
    // One callback rarely repeats an event; when it does, the first stands.
    const seen = new Set<string>();
    const events: StatusEventInsert[] = [];
    for (const event of statuses) {
      const key = `${event.vendorMessageId} ${event.status}`;
      if (seen.has(key)) continue;
      seen.add(key);
      events.push({
        enterpriseId: row.enterpriseId,
        channelId: row.id,
        vendorMessageId: event.vendorMessageId,
        status: event.status,
        occurredAt: event.at,
        errorCode: event.error?.code ?? null,
        errorText: event.error?.title ?? null,
      });
    }
    await statusLog.add(events);
  }

  async function storeInbound(channel: MessagingChannel, row: ChannelRow, messages: InboundMessage[]) {
    for (const message of messages) {
      const stored = await repository.insertInbound({
        enterpriseId: row.enterpriseId,
        channelId: row.id,
        direction: 'in',
        customerNumber: message.from,
        vendorMessageId: message.vendorMessageId,
        kind: inboundKind(message.type),
        content: inboundContent(message),
        status: 'received',
        statusAt: message.at,
        source: 'inbound',
      });
      if (!stored) continue; // a repeat
      await publish(stored);
      for (const handler of inboundHandlers) {
        try {
          await handler(channel, message, {
            id: stored.id,
            channelId: stored.channelId,
            customerNumber: stored.customerNumber,
          });
        } catch (error) {
          log.error({ err: error, channelId: channel.adapter.id }, 'an inbound handler failed');
        }
      }
    }
  }

  /**
   * The enterprise's channel with this WhatsApp phone number id (Meta's metadata.phone_number_id),
   * read at most every few seconds per number: two numbers of one Meta app share a webhook
   * subscription, so either number's URL may receive the other's callbacks.
   */
  const numberTargets = new Map<string, { at: number; target: Promise<ChannelRow | undefined> }>();
  async function channelOfNumber(enterpriseId: string, phoneNumberId: string): Promise<ChannelRow | undefined> {
    const key = `${enterpriseId}:${phoneNumberId}`;
    const hit = numberTargets.get(key);
    if (hit && Date.now() - hit.at < WEBHOOK_CHANNEL_TTL_MS) return hit.target;
    const target = repository.getByPhoneNumberId(enterpriseId, phoneNumberId);
    numberTargets.set(key, { at: Date.now(), target });
    if (numberTargets.size > 10_000) numberTargets.clear();
    return target.catch((error: unknown) => {
      numberTargets.delete(key);
      throw error;
    });
  }

  /**
   * Splits a callback's statuses and messages by the business number they name: the channel's own
   * (or unnamed) stay with it, another number's go to the enterprise's channel of that number, and
   * the numbers no channel of the enterprise has are answered separately (never stored here).
   */
  async function routeByNumber(row: ChannelRow, parsed: { statuses: StatusEvent[]; inbound: InboundMessage[] }) {
    const own = row.settings.phoneNumberId?.trim();
    const groups = new Map<string, { row: ChannelRow; statuses: StatusEvent[]; inbound: InboundMessage[] }>();
    const unknown = new Set<string>();
    const groupOf = async (phoneNumberId: string | undefined) => {
      const target =
        !own || !phoneNumberId || phoneNumberId === own ? row : await channelOfNumber(row.enterpriseId, phoneNumberId);
      if (!target) {
        unknown.add(phoneNumberId!);
        return undefined;
      }
      let group = groups.get(target.id);
      if (!group) groups.set(target.id, (group = { row: target, statuses: [], inbound: [] }));
      return group;
    };
    for (const event of parsed.statuses) (await groupOf(event.phoneNumberId))?.statuses.push(event);
    for (const message of parsed.inbound) (await groupOf(message.phoneNumberId))?.inbound.push(message);
    return { groups: [...groups.values()], unknown: [...unknown] };
  }

  /**
   * The channels a template event concerns: templates belong to a WhatsApp Business Account, and
   * every channel of the enterprise on that account may hold the template (each matches its own by
   * id or name). Without an account on the event or the channel, the URL's channel alone.
   */
  async function templateTargets(row: ChannelRow, channel: MessagingChannel, wabaId: string | undefined) {
    if (!wabaId || !row.settings.wabaId) return [channel];
    const rows = await repository.listByWabaId(row.enterpriseId, wabaId);
    if (rows.length === 0) return [channel];
    return rows.map((target) => (target.id === row.id ? channel : toMessagingChannel(box, config.publicUrl, target)));
  }

  const messaging: ChannelMessaging & {
    sendSessionWith: typeof sendSession;
  } = {
    async channel(enterpriseId, channelId) {
      const row = await repository.get(enterpriseId, channelId);
      return row ? toMessagingChannel(box, config.publicUrl, row) : null;
    },

    async channelById(channelId) {
      const row = await repository.getById(channelId);
      return row ? toMessagingChannel(box, config.publicUrl, row) : null;
    },

    async sendTemplate(enterpriseId, channelId, input) {
      const target = input.bulk ? await bulkSendable(enterpriseId, channelId) : await sendable(enterpriseId, channelId);
      const to = recipient(input.message.to);
      const message: TemplateMessage = { ...input.message, to };
      const { name, language, category, parameterFormat, components } = message.template;
      // A vendor fetches header and card media itself: Parley file URLs need a session, so they go
      // out as signed, expiring links. The Sandbox phone is inside Parley and shows them as they are.
      const outgoing =
        target.row.vendor === vendorIds.sandbox || !deps.media
          ? message
          : await signTemplateMedia(message, (fileId) => deps.media!.link(enterpriseId, fileId), config.publicUrl);
      return send(target, to, () => target.adapter.sendTemplate(target.channel, outgoing), {
        kind: 'template',
        content: {
          type: 'template',
          template: { name, language, category, parameterFormat, components },
          values: message.values,
        },
        templateId: input.templateId,
        source: input.source,
        sourceId: input.sourceId,
        bulk: input.bulk,
      });
    },

    sendSession: (enterpriseId, channelId, input) => sendSession(enterpriseId, channelId, input),
    sendSessionWith: sendSession,

    async ingest(webhookKey: string, request: WebhookRequest): Promise<WebhookVerdict> {
      let target = await webhookTarget(webhookKey);
      if (!target) throw new AppError('NOT_FOUND');
      if (!target.adapter) {
        const vendorName = vendorSpec(target.row.vendor)?.name ?? `Vendor ${target.row.vendor}`;
        return { kind: 'reject', status: 403, reason: `Parley does not take callbacks from ${vendorName} yet` };
      }
      let verdict = target.adapter.verifyWebhook(target.channel.adapter, request);
      if (verdict.kind === 'reject' && target.cached) {
        // The credentials may have changed since the channel was read: read it again before refusing.
        target = await webhookTarget(webhookKey, { fresh: true });
        if (!target?.adapter) return verdict;
        verdict = target.adapter.verifyWebhook(target.channel.adapter, request);
      }
      if (verdict.kind !== 'accept' || request.method !== 'POST') return verdict;
      const { row, adapter, channel } = target;
      let parsed;
      try {
        parsed = adapter.parseWebhook(channel.adapter, request);
      } catch (error) {
        if (error instanceof VendorError) return { kind: 'reject', status: 400, reason: error.message };
        throw error;
      }
      const { groups, unknown } = await routeByNumber(row, parsed);
      for (const group of groups) {
        const groupChannel = group.row.id === row.id ? channel : toMessagingChannel(box, config.publicUrl, group.row);
        await storeStatuses(group.row, group.statuses);
        await storeInbound(groupChannel, group.row, group.inbound);
      }
      // One lookup per account a callback names, however many template changes it carries.
      const targetsByWaba = new Map<string | undefined, Promise<MessagingChannel[]>>();
      for (const event of parsed.templates) {
        let targets = targetsByWaba.get(event.wabaId);
        if (!targets) targetsByWaba.set(event.wabaId, (targets = templateTargets(row, channel, event.wabaId)));
        for (const target of await targets) await runHandlers(templateHandlers, target, event, 'template status');
      }
      if (unknown.length > 0) {
        // Refused, so that the vendor tries again (Meta: up to 7 days) once the number's channel exists.
        const reason = `No channel of this enterprise has the WhatsApp phone number id ${unknown.join(', ')}: its statuses and messages were not stored`;
        (log.warn ?? log.error).call(log, { channelId: row.id, phoneNumberIds: unknown }, reason);
        return { kind: 'reject', status: 403, reason };
      }
      return { kind: 'accept' };
    },

    onTemplateStatus(handler) {
      templateHandlers.push(handler);
    },
    onInbound(handler) {
      inboundHandlers.push(handler);
    },
    onStatus(handler) {
      statusHandlers.push(handler);
    },
  };
  return messaging;
}
export type MessagingService = ReturnType<typeof createMessagingService>;

const FILE_URL = /^(?:https?:\/\/[^/]+)?\/api\/files\/([0-9a-f-]{36})(?:[?#].*)?$/i;

/**
 * The message with every Parley file URL (`/api/files/<id>`, relative or under the public address)
 * in its header, card headers and given media replaced by a signed link. Other URLs stay as they are.
 */
export async function signTemplateMedia(
  message: TemplateMessage,
  link: (fileId: string) => Promise<{ url: string }>,
  publicUrl: string,
): Promise<TemplateMessage> {
  const signed = new Map<string, string>();
  const sign = async <T extends TemplateMedia | undefined>(media: T): Promise<T> => {
    if (!media?.url) return media;
    const match = FILE_URL.exec(media.url);
    if (!match) return media;
    if (media.url.startsWith('http') && !media.url.startsWith(publicUrl)) return media;
    const fileId = match[1]!;
    if (!signed.has(fileId)) signed.set(fileId, (await link(fileId)).url);
    return { ...media, url: signed.get(fileId)! };
  };
  const components: TemplateComponent[] = [];
  for (const component of message.template.components) {
    if (component.type === 'HEADER') components.push({ ...component, media: await sign(component.media) });
    else if (component.type === 'CAROUSEL') {
      const cards = [];
      for (const card of component.cards) {
        const parts = [];
        for (const part of card.components)
          parts.push(part.type === 'HEADER' ? { ...part, media: await sign(part.media) } : part);
        cards.push({ ...card, components: parts });
      }
      components.push({ ...component, cards });
    } else components.push(component);
  }
  const values = { ...message.values };
  if (values.headerMedia) values.headerMedia = await sign(values.headerMedia);
  if (values.cards) {
    const cards = [];
    for (const card of values.cards) cards.push(card.media ? { ...card, media: await sign(card.media) } : card);
    values.cards = cards;
  }
  return { ...message, template: { ...message.template, components }, values };
}
