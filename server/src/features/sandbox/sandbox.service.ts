import crypto from 'node:crypto';
import type { SandboxChannel, SandboxConversation, SandboxMessage } from '@parley/contracts/channels';
import { fillVariables, type TemplateComponent, type TemplateValues } from '@parley/contracts/templates';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { ChannelMessaging, MessagingChannel } from '../../platform/messaging/channel-messaging';
import { sandboxTemplateId } from '../../platform/messaging/sandbox-adapter';
import type { SandboxPhonePort } from '../../platform/messaging/sandbox-port';
import { VendorError, type AdapterChannel } from '../../platform/messaging/vendor-adapter';
import {
  INBOUND_JOB,
  REVIEW_JOB,
  scheduleStatus,
  type InboundJobData,
  type ReviewJobData,
  type StatusStep,
} from './sandbox.jobs';
import type { SandboxInsert, SandboxRepository, SandboxRow } from './sandbox.repository';
import { createGroupCommit } from '../../platform/group-commit';

/** The most messages one delivery batch stores. */
const DELIVERY_BATCH = 500;

/**
 * Failures the Sandbox plays with the channel's failure rate: real WhatsApp Cloud API error codes
 * and titles. 131049 and 131050 concern marketing templates only.
 */
export const sandboxFailures = {
  undeliverable: {
    code: '131026',
    title: 'Message undeliverable',
  },
  ecosystem: {
    code: '131049',
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
  },
  stoppedMarketing: {
    code: '131050',
    title:
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
  },
  generic: {
    code: '131000',
    title: 'Something went wrong',
  },
} as const;

const WINDOW_MS = 24 * 60 * 60 * 1000;

/** E.164 with the plus, or null when it is not a phone number. */
export function sandboxPhone(value: string): string | null {
  const digits = value.replace(/[\s()+-]/g, '');
  return /^\d{6,16}$/.test(digits) ? `+${digits}` : null;
}

/** A line of text for the conversation list: the body as filled in, the text, or the media's caption. */
export function previewText(content: Record<string, unknown>): string {
  const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);
  switch (content.type) {
    case 'template': {
      const template = (content.template ?? {}) as { name?: string; components?: TemplateComponent[] };
      const values = (content.values ?? {}) as TemplateValues;
      const body = template.components?.find((part) => part.type === 'BODY');
      if (body && body.type === 'BODY') return clip(fillVariables(body.text, values.body));
      return `Template ${template.name ?? ''}`.trim();
    }
    case 'text':
    case 'button':
    case 'button_reply':
    case 'buttons':
      return clip(String(content.text ?? ''));
    case 'media': {
      const caption = String(content.caption ?? '');
      return clip(caption || `${String(content.mediaType ?? 'file')}: ${String(content.fileName ?? '')}`.trim());
    }
    default:
      return '';
  }
}

export function toSandboxMessage(row: SandboxRow): SandboxMessage {
  return {
    id: row.id,
    direction: row.direction as SandboxMessage['direction'],
    phone: row.phone,
    vendorMessageId: row.vendorMessageId,
    content: row.content,
    status: row.status,
    errorCode: row.errorCode,
    errorText: row.errorText,
    createdAt: row.createdAt.toISOString(),
    statusAt: row.statusAt.toISOString(),
  };
}

export interface SandboxServiceDeps {
  repository: SandboxRepository;
  jobs: Jobs;
  messaging: () => ChannelMessaging;
  /** Seconds between two steps of a message and before a template's verdict. */
  delaySeconds: number;
  /** Announces a change of a phone (sandbox.updated). */
  publish: (row: SandboxRow) => Promise<void>;
  /** Announces the changes of many rows at once (one sandbox.updated per channel). */
  publishMany?: (rows: SandboxRow[]) => Promise<void>;
  /** [0, 1); tests make the failure roll predictable. */
  random?: () => number;
}

/** A WhatsApp-style message id: wamid.SBX followed by 32 random upper-case hex digits. */
const newMessageId = () => `wamid.SBX${crypto.randomBytes(16).toString('hex').toUpperCase()}`;

export function createSandboxService(deps: SandboxServiceDeps) {
  const { repository, jobs } = deps;
  const random = deps.random ?? Math.random;

  /** The failure this message meets, rolled once with the channel's failure rate (percent). */
  function rollFailure(channel: AdapterChannel, content: Record<string, unknown>): StatusStep['error'] {
    const rate = Math.min(100, Math.max(0, Number(channel.credentials.failureRate ?? 0) || 0));
    if (rate <= 0 || random() * 100 >= rate) return undefined;
    const category = String((content.template as { category?: string } | undefined)?.category ?? '').toUpperCase();
    const choices =
      category === 'MARKETING'
        ? [sandboxFailures.undeliverable, sandboxFailures.ecosystem, sandboxFailures.stoppedMarketing]
        : [sandboxFailures.undeliverable, sandboxFailures.generic];
    const failure = choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))]!;
    return { code: failure.code, title: failure.title };
  }

  async function sandboxChannel(enterpriseId: string, channelId: string): Promise<MessagingChannel> {
    const channel = await deps.messaging().channel(enterpriseId, channelId);
    if (!channel) throw new AppError('NOT_FOUND');
    if (channel.adapter.vendor !== 0) throw new AppError('CHANNEL_NOT_SANDBOX');
    return channel;
  }

  function phoneOf(value: string): string {
    const phone = sandboxPhone(value);
    if (!phone) throw new AppError('VALIDATION', { fieldErrors: { phone: 'Not a phone number' } });
    return phone;
  }

  /**
   * Messages handed to the phone, stored together: while one batch is written, the sends that
   * arrive meanwhile (a broadcast's) gather for the next. Each batch's rows and the first step of
   * their clock (one job per channel) commit in one transaction, and one sandbox.updated tells of them.
   */
  const deliveries = createGroupCommit(
    async (items: { values: SandboxInsert; step: StatusStep }[]) => {
      const rows = await repository.insertManyWith(
        items.map((item) => item.values),
        async (tx) => {
          const byChannel = new Map<string, StatusStep[]>();
          for (const item of items) {
            const steps = byChannel.get(item.values.channelId);
            if (steps) steps.push(item.step);
            else byChannel.set(item.values.channelId, [item.step]);
          }
          for (const [channelId, steps] of byChannel)
            await scheduleStatus(jobs, steps.length === 1 ? { channelId, ...steps[0]! } : { channelId, steps }, {
              tx,
              afterSeconds: deps.delaySeconds,
            });
        },
      );
      if (deps.publishMany) await deps.publishMany(rows);
      else for (const row of rows) await deps.publish(row);
      const byId = new Map(rows.map((row) => [row.vendorMessageId, row]));
      return items.map((item) => byId.get(item.values.vendorMessageId)!);
    },
    { maxBatch: DELIVERY_BATCH },
  );

  const phone: SandboxPhonePort = {
    async deliver(channel, message) {
      const to = sandboxPhone(message.to);
      if (!to)
        throw new VendorError(
          'permanent',
          '131009',
          `Parameter value is not valid: ${message.to} is not a phone number`,
        );
      // WhatsApp takes free-form messages only inside the customer's 24-hour window, as Meta does (131047).
      if (channel.type === 4 && message.content.type !== 'template') {
        const since = new Date(Date.now() - WINDOW_MS);
        if (!(await repository.lastReplySince(channel.id, to, since)))
          throw new VendorError(
            'outside_window',
            '131047',
            'Re-engagement message: more than 24 hours have passed since the customer last replied to this number',
          );
      }
      const error = rollFailure(channel, message.content);
      const vendorMessageId = newMessageId();
      await deliveries.add({
        values: {
          enterpriseId: channel.enterpriseId,
          channelId: channel.id,
          phone: to,
          direction: 'to_phone',
          vendorMessageId,
          content: message.content,
          status: 'accepted',
        },
        step: { vendorMessageId, status: error ? 'failed' : 'sent', ...(error ? { error } : {}) },
      });
      return { vendorMessageId };
    },

    async reviewTemplate(channel, template) {
      const doneAt = new Date(Date.now() + deps.delaySeconds * 1000);
      const vendorTemplateId = sandboxTemplateId(doneAt, crypto.randomBytes(6).toString('hex'));
      await jobs.send<ReviewJobData>(
        REVIEW_JOB,
        { channelId: channel.id, vendorTemplateId, name: template.name, language: template.language },
        { singletonKey: vendorTemplateId, ...(deps.delaySeconds ? { startAfterSeconds: deps.delaySeconds } : {}) },
      );
      return { vendorTemplateId };
    },
  };

  return {
    phone,

    async channels(enterpriseId: string): Promise<{ channels: SandboxChannel[] }> {
      const rows = await repository.sandboxChannels(enterpriseId);
      return {
        channels: rows.map((row) => ({
          id: row.id,
          name: row.name,
          type: row.type,
          contactId: row.contactId,
          failureRate: Math.min(100, Math.max(0, Number(row.settings.failureRate ?? 0) || 0)),
        })),
      };
    },

    async conversations(enterpriseId: string, channelId: string): Promise<{ conversations: SandboxConversation[] }> {
      await sandboxChannel(enterpriseId, channelId);
      const rows = await repository.conversations(enterpriseId, channelId);
      return {
        conversations: rows.map((row) => ({
          phone: row.phone,
          customerName: null,
          lastMessageAt: row.lastMessageAt.toISOString(),
          lastText: previewText(row.content),
          count: row.count,
        })),
      };
    },

    async thread(enterpriseId: string, channelId: string, number: string): Promise<{ messages: SandboxMessage[] }> {
      await sandboxChannel(enterpriseId, channelId);
      const rows = await repository.thread(enterpriseId, channelId, phoneOf(number));
      return { messages: rows.map(toSandboxMessage) };
    },

    /**
     * The customer writes (or presses a quick-reply button): the message is stored on the phone and
     * reaches Parley as an inbound webhook. Like a real phone, replying reads what it had received.
     */
    async reply(
      enterpriseId: string,
      channelId: string,
      number: string,
      input: { text: string; buttonPayload?: string | undefined; buttonReplyId?: string | undefined },
    ): Promise<SandboxMessage> {
      const channel = await sandboxChannel(enterpriseId, channelId);
      const to = phoneOf(number);
      const unread = await repository.unread(channel.adapter.id, to);
      const vendorMessageId = newMessageId();
      const content =
        input.buttonReplyId !== undefined
          ? { type: 'button_reply', text: input.text, id: input.buttonReplyId }
          : input.buttonPayload !== undefined
            ? { type: 'button', text: input.text, payload: input.buttonPayload }
            : { type: 'text', text: input.text };
      const row = await repository.insertWith(
        {
          enterpriseId,
          channelId: channel.adapter.id,
          phone: to,
          direction: 'from_phone',
          vendorMessageId,
          content,
          status: 'sent',
        },
        async (tx) => {
          await jobs.send<InboundJobData>(
            INBOUND_JOB,
            { channelId: channel.adapter.id, vendorMessageId },
            { tx, singletonKey: vendorMessageId },
          );
          for (const message of unread)
            await scheduleStatus(
              jobs,
              { channelId: channel.adapter.id, vendorMessageId: message.vendorMessageId, status: 'read', clock: false },
              { tx, key: `${message.vendorMessageId}:read:reply` },
            );
        },
      );
      await deps.publish(row);
      return toSandboxMessage(row);
    },
  };
}

export type SandboxService = ReturnType<typeof createSandboxService>;
