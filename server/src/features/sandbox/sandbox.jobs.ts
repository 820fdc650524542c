import type { ChannelMessaging, MessagingChannel } from '../../platform/messaging/channel-messaging';
import type { Jobs } from '../../platform/jobs';
import type { EventBus } from '../../platform/realtime/bus';
import { SANDBOX_SIGNATURE_HEADER, sandboxTemplateVerdict } from '../../platform/messaging/sandbox-adapter';
import type { DeliveryStatus, WebhookVerdict } from '../../platform/messaging/vendor-adapter';
import { signBody, templateStatusCallback, whatsAppCallback } from '../../platform/messaging/whatsapp-webhooks';
import type { DbOrTx } from '../../db/client';
import { phoneStatusOrder, type SandboxRepository, type SandboxRow } from './sandbox.repository';

/**
 * The Sandbox's clock: each step of a message (sent, delivered, read or failed), each customer
 * reply and each template review is one job. A step updates the phone, then reports itself to
 * Parley as a signed callback through the channels' webhook pipeline, exactly as a vendor's
 * webhook would arrive. Handlers are idempotent: a step run twice reports the same status twice
 * (Parley keeps one event per message and status), a step the message has moved past does nothing.
 * Job data carries ids only; the channel (with its webhook secret) is loaded when the job runs.
 */

export const STATUS_JOB = 'sandbox.status';
export const INBOUND_JOB = 'sandbox.inbound';
export const REVIEW_JOB = 'sandbox.templateReview';
export const SANDBOX_UPDATED_EVENT = 'sandbox.updated';

/** One step of one message: the status it moves to (a failure with its WhatsApp error). */
export interface StatusStep {
  vendorMessageId: string;
  status: DeliveryStatus;
  error?: { code: string; title: string };
}

/**
 * A job of the status clock: one step of one message (a send, a reply's read), or `steps`, the next
 * step of a whole batch of messages that moved together.
 */
export type StatusJobData = {
  channelId: string;
  /** False for a read caused by a reply: it does not start the next step of the clock. */ clock?: boolean;
} & (StatusStep | { steps: StatusStep[] });

const stepsOf = (data: StatusJobData): StatusStep[] =>
  'steps' in data
    ? data.steps
    : [{ vendorMessageId: data.vendorMessageId, status: data.status, ...(data.error ? { error: data.error } : {}) }];

/** Status jobs one fetch of the queue takes, statuses one callback carries, next steps one job holds. */
export const STATUS_JOBS_PER_FETCH = 1000;
const CALLBACK_STATUSES = 500;
const STEPS_PER_JOB = 1000;
export interface InboundJobData {
  channelId: string;
  vendorMessageId: string;
}
export interface ReviewJobData {
  channelId: string;
  vendorTemplateId: string;
  name: string;
  language: string;
}

export interface SandboxJobsDeps {
  repository: SandboxRepository;
  jobs: Jobs;
  bus: EventBus;
  messaging: () => ChannelMessaging;
  delaySeconds: number;
  log?: { error(object: unknown, message: string): void; warn(object: unknown, message: string): void };
}

const nextStep: Partial<Record<DeliveryStatus, DeliveryStatus>> = { sent: 'delivered', delivered: 'read' };

/** Meta's wa_id: the number's digits without the plus. */
export const waId = (phone: string) => phone.replace(/\D/g, '');
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Enqueues a step of the clock (in the caller's transaction when given). */
export function scheduleStatus(
  jobs: Jobs,
  data: StatusJobData,
  options: { tx?: DbOrTx; afterSeconds?: number; key?: string } = {},
) {
  const first = stepsOf(data)[0];
  return jobs.send<StatusJobData>(STATUS_JOB, data, {
    ...(options.tx ? { tx: options.tx } : {}),
    singletonKey: options.key ?? `${first?.vendorMessageId}:${first?.status}`,
    ...(options.afterSeconds ? { startAfterSeconds: options.afterSeconds } : {}),
  });
}

export function createSandboxJobs(deps: SandboxJobsDeps) {
  const { repository, jobs, bus } = deps;

  /** Signs the exact bytes of a callback and hands it to the channel's webhook pipeline. */
  async function deliverCallback(channel: MessagingChannel, body: unknown): Promise<WebhookVerdict> {
    const rawBody = Buffer.from(JSON.stringify(body), 'utf8');
    return deps.messaging().ingest(channel.adapter.webhook.key, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signBody(channel.adapter.webhook.secret, rawBody),
      },
      query: {},
      rawBody,
    });
  }

  async function publish(row: SandboxRow) {
    await bus
      .publish({
        enterpriseId: row.enterpriseId,
        name: SANDBOX_UPDATED_EVENT,
        payload: { channelId: row.channelId, phone: row.phone },
      })
      .catch((error: unknown) => deps.log?.error({ err: error }, 'sandbox.updated event'));
  }

  function refused(verdict: WebhookVerdict, what: string, context: Record<string, unknown>) {
    if (verdict.kind === 'reject') deps.log?.warn({ ...context, reason: verdict.reason }, `${what} refused by Parley`);
  }

  /**
   * Moves the messages of many status jobs at once (one fetch of the queue): one UPDATE per
   * status, one signed callback per channel and few hundred statuses (Parley stores them in one
   * batch), one job for the next step of all the messages that moved, one sandbox.updated per
   * channel. A broadcast's thousands of messages thus move as fast as they were sent.
   */
  async function statusBatch(batch: StatusJobData[]) {
    const byChannel = new Map<string, { steps: Map<string, StatusStep>; clock: boolean }[]>();
    for (const data of batch) {
      const groups = byChannel.get(data.channelId) ?? [];
      byChannel.set(data.channelId, groups);
      const clock = data.clock !== false;
      let group = groups.find((candidate) => candidate.clock === clock);
      if (!group) groups.push((group = { steps: new Map(), clock }));
      for (const step of stepsOf(data)) group.steps.set(`${step.vendorMessageId} ${step.status}`, step);
    }
    for (const [channelId, groups] of byChannel)
      for (const group of groups) await channelSteps(channelId, [...group.steps.values()], group.clock);
  }

  async function channelSteps(channelId: string, steps: StatusStep[], clock: boolean) {
    if (steps.length === 0) return;
    const channel = await deps.messaging().channelById(channelId);
    if (!channel) return; // the channel was deleted: its messages went with it
    const before = new Map(
      (await repository.byVendorIds(steps.map((step) => step.vendorMessageId)))
        .filter((row) => row.direction === 'to_phone')
        .map((row) => [row.vendorMessageId, row]),
    );
    const mine = steps.filter((step) => before.has(step.vendorMessageId));
    // One UPDATE per status and error: a step the message has moved past moves nothing.
    const groups = new Map<string, StatusStep[]>();
    for (const step of mine) {
      const key = `${step.status} ${step.error?.code ?? ''} ${step.error?.title ?? ''}`;
      const group = groups.get(key);
      if (group) group.push(step);
      else groups.set(key, [step]);
    }
    const moved = new Map<string, SandboxRow>();
    for (const group of groups.values()) {
      const { status, error } = group[0]!;
      for (const row of await repository.advanceMany(
        group.map((step) => step.vendorMessageId),
        status,
        error,
      ))
        moved.set(row.vendorMessageId, row);
    }
    // Steps that moved nothing: a step that ran before (a retry after a crash) is reported again.
    const unmoved = mine.filter((step) => !moved.has(step.vendorMessageId));
    const current = new Map(
      (unmoved.length > 0 ? await repository.byVendorIds(unmoved.map((step) => step.vendorMessageId)) : []).map(
        (row) => [row.vendorMessageId, row],
      ),
    );
    const at = unixSeconds(new Date());
    const statuses: NonNullable<Parameters<typeof whatsAppCallback>[1]['statuses']> = [];
    const advanced: StatusStep[] = [];
    for (const step of mine) {
      const was = before.get(step.vendorMessageId)!;
      let reported: DeliveryStatus[];
      if (moved.has(step.vendorMessageId)) {
        // A read that comes before delivered (a reply) reports the steps it skipped, as a phone would.
        const from = phoneStatusOrder.indexOf(was.status as (typeof phoneStatusOrder)[number]);
        const to = phoneStatusOrder.indexOf(step.status);
        reported =
          step.status === 'failed'
            ? ['failed']
            : (phoneStatusOrder.slice(Math.max(from + 1, 1), to + 1) as DeliveryStatus[]);
      } else if (current.get(step.vendorMessageId)?.status === step.status) reported = [step.status];
      else continue;
      advanced.push(step);
      for (const value of reported)
        statuses.push({
          id: step.vendorMessageId,
          status: value,
          timestamp: at,
          recipient_id: waId(was.phone),
          ...(value === 'failed' && step.error
            ? { errors: [{ code: Number(step.error.code), title: step.error.title, message: step.error.title }] }
            : {}),
        });
    }
    for (let start = 0; start < statuses.length; start += CALLBACK_STATUSES) {
      const body = whatsAppCallback(
        channel.adapter.contactId,
        { statuses: statuses.slice(start, start + CALLBACK_STATUSES) },
        channel.adapter.contactId,
      );
      refused(await deliverCallback(channel, body), 'A Sandbox status callback', {
        channelId,
        statuses: Math.min(CALLBACK_STATUSES, statuses.length - start),
      });
    }
    if (moved.size > 0) await publishMany([...moved.values()]);
    if (!clock) return;
    // The next step of every message this batch moved, as one job after the delay.
    const next: StatusStep[] = [];
    for (const step of advanced) {
      const status = nextStep[step.status];
      if (status) next.push({ vendorMessageId: step.vendorMessageId, status });
    }
    for (let start = 0; start < next.length; start += STEPS_PER_JOB) {
      const chunk = next.slice(start, start + STEPS_PER_JOB);
      await scheduleStatus(
        jobs,
        { channelId, steps: chunk },
        { afterSeconds: deps.delaySeconds, key: `${chunk[0]!.vendorMessageId}:${chunk[0]!.status}:batch` },
      );
    }
  }

  /** One status job (the tests run them one by one). */
  const status = (data: StatusJobData) => statusBatch([data]);

  async function inbound(data: InboundJobData) {
    const row = await repository.byVendorId(data.vendorMessageId);
    if (!row || row.direction !== 'from_phone' || row.status !== 'sent') return;
    const channel = await deps.messaging().channelById(data.channelId);
    if (!channel) return;
    // A phone sends in the order it was typed: replies still waiting from before this one go first
    // (the jobs of two quick replies may run in either order).
    const pending = await repository.pendingReplies(row.channelId, row.phone, row.createdAt);
    for (const reply of pending.some((item) => item.id === row.id) ? pending : [...pending, row])
      await deliverReply(channel, reply);
  }

  async function deliverReply(channel: MessagingChannel, row: SandboxRow) {
    const content = row.content as { type?: string; text?: string; payload?: string; id?: string };
    // As WhatsApp sends them: a template's quick reply is a 'button'; an interactive message's reply
    // button comes back as 'interactive' with a button_reply carrying the button's id and title.
    const kind =
      content.type === 'button'
        ? { type: 'button', button: { payload: content.payload ?? '', text: content.text ?? '' } }
        : content.type === 'button_reply'
          ? {
              type: 'interactive',
              interactive: { type: 'button_reply', button_reply: { id: content.id ?? '', title: content.text ?? '' } },
            }
          : { type: 'text', text: { body: content.text ?? '' } };
    const message: Record<string, unknown> = {
      from: waId(row.phone),
      id: row.vendorMessageId,
      timestamp: String(unixSeconds(row.createdAt)),
      ...kind,
    };
    const body = whatsAppCallback(channel.adapter.contactId, { messages: [message] }, channel.adapter.contactId);
    const verdict = await deliverCallback(channel, body);
    refused(verdict, 'A Sandbox reply', { vendorMessageId: row.vendorMessageId });
    const settled = await repository.settleReply(
      row.vendorMessageId,
      verdict.kind === 'reject' ? 'failed' : 'delivered',
      verdict.kind === 'reject' ? verdict.reason : undefined,
    );
    if (settled) await publish(settled);
  }

  async function review(data: ReviewJobData) {
    const channel = await deps.messaging().channelById(data.channelId);
    if (!channel) return;
    const verdict = sandboxTemplateVerdict(data.name);
    const body = templateStatusCallback(channel.adapter.credentials.wabaId || channel.adapter.contactId, {
      event: verdict.status,
      message_template_id: data.vendorTemplateId,
      message_template_name: data.name,
      message_template_language: data.language,
      ...(verdict.reason ? { reason: verdict.reason } : {}),
    });
    refused(await deliverCallback(channel, body), 'A Sandbox template review', { name: data.name });
  }

  /** One sandbox.updated per channel for many changed rows: the number when they share one. */
  async function publishMany(rows: SandboxRow[]) {
    const byChannel = new Map<string, SandboxRow[]>();
    for (const row of rows) {
      const group = byChannel.get(row.channelId);
      if (group) group.push(row);
      else byChannel.set(row.channelId, [row]);
    }
    for (const group of byChannel.values()) {
      const phones = new Set(group.map((row) => row.phone));
      if (phones.size === 1) await publish(group[0]!);
      else
        await bus
          .publish({
            enterpriseId: group[0]!.enterpriseId,
            name: SANDBOX_UPDATED_EVENT,
            payload: { channelId: group[0]!.channelId },
          })
          .catch((error: unknown) => deps.log?.error({ err: error }, 'sandbox.updated event'));
    }
  }

  return { status, statusBatch, inbound, review, publish, publishMany };
}
