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
import type { ChannelMessaging, MessagingChannel, StatusUpdate } from '../../platform/messaging/channel-messaging';
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

/** WhatsApp's customer-service window: a session message needs an inbound message this recent. */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface MessagingLogger {
  error(details: object, message: string): void;
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
  const inboundHandlers: ((channel: MessagingChannel, message: InboundMessage) => Promise<void>)[] = [];
  const templateHandlers: ((channel: MessagingChannel, event: TemplateStatusEvent) => Promise<void>)[] = [];

  async function publish(row: Pick<ChannelMessageRow, 'id' | 'enterpriseId' | 'channelId' | 'status' | 'direction'>) {
    try {
      await bus.publish({
        enterpriseId: row.enterpriseId,
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
    input: { message: SessionMessage; source: 'session' | 'chat'; sourceId?: string },
    extraContent: Record<string, unknown> = {},
  ) {
    const target = await sendable(enterpriseId, channelId);
    const to = recipient(input.message.to);
    // WhatsApp accepts free-form messages only inside the customer's 24-hour window (131047).
    if (target.row.type === 4) {
      const open = await repository.hasInboundSince(target.row.id, to, new Date(Date.now() - SESSION_WINDOW_MS));
      if (!open) throw new AppError('CHANNEL_OUTSIDE_WINDOW');
    }
    const message = { ...input.message, to };
    const content =
      message.kind === 'text'
        ? { type: 'text', text: message.text }
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
      const kind =
        message.type === 'text'
          ? 'text'
          : message.type === 'button'
            ? 'interactive'
            : message.type === 'other'
              ? 'other'
              : 'media';
      const content: Record<string, unknown> = { type: message.type, text: message.text };
      if (message.buttonPayload !== undefined) content.buttonPayload = message.buttonPayload;
      if (message.media) content.media = message.media;
      if (message.name) content.name = message.name;
      const stored = await repository.insertInbound({
        enterpriseId: row.enterpriseId,
        channelId: row.id,
        direction: 'in',
        customerNumber: message.from,
        vendorMessageId: message.vendorMessageId,
        kind,
        content,
        status: 'received',
        statusAt: message.at,
        source: 'inbound',
      });
      if (!stored) continue; // a repeat
      await publish(stored);
      await runHandlers(inboundHandlers, channel, message, 'inbound');
    }
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
      await storeStatuses(row, parsed.statuses);
      await storeInbound(channel, row, parsed.inbound);
      for (const event of parsed.templates) await runHandlers(templateHandlers, channel, event, 'template status');
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
