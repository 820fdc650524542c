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

export interface StatusJobData {
  channelId: string;
  vendorMessageId: string;
  status: DeliveryStatus;
  error?: { code: string; title: string };
  /** False for a read caused by a reply: it does not start the next step of the clock. */
  clock?: boolean;
}
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

/** Enqueues one step of a message's clock (in the caller's transaction when given). */
export function scheduleStatus(
  jobs: Jobs,
  data: StatusJobData,
  options: { tx?: DbOrTx; afterSeconds?: number; key?: string } = {},
) {
  return jobs.send<StatusJobData>(STATUS_JOB, data, {
    ...(options.tx ? { tx: options.tx } : {}),
    singletonKey: options.key ?? `${data.vendorMessageId}:${data.status}`,
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

  async function status(data: StatusJobData) {
    const before = await repository.byVendorId(data.vendorMessageId);
    if (!before || before.direction !== 'to_phone') return;
    const channel = await deps.messaging().channelById(data.channelId);
    if (!channel) return; // the channel was deleted: its messages went with it
    const moved = await repository.advance(data.vendorMessageId, data.status, data.error);
    let reported: DeliveryStatus[];
    if (moved) {
      // A read that comes before delivered (a reply) reports the steps it skipped, as a phone would.
      const from = phoneStatusOrder.indexOf(before.status as (typeof phoneStatusOrder)[number]);
      const to = phoneStatusOrder.indexOf(data.status);
      reported =
        data.status === 'failed'
          ? ['failed']
          : (phoneStatusOrder.slice(Math.max(from + 1, 1), to + 1) as DeliveryStatus[]);
      await publish(moved);
    } else {
      // Either this step ran before (a retry after a crash: report it again) or the message moved past it.
      const current = await repository.byVendorId(data.vendorMessageId);
      if (!current || current.status !== data.status) return;
      reported = [data.status];
    }
    const at = unixSeconds(new Date());
    const body = whatsAppCallback(
      channel.adapter.contactId,
      {
        statuses: reported.map((step) => ({
          id: data.vendorMessageId,
          status: step,
          timestamp: at,
          recipient_id: waId(before.phone),
          ...(step === 'failed' && data.error
            ? { errors: [{ code: Number(data.error.code), title: data.error.title, message: data.error.title }] }
            : {}),
        })),
      },
      channel.adapter.contactId,
    );
    refused(await deliverCallback(channel, body), 'A Sandbox status callback', {
      vendorMessageId: data.vendorMessageId,
    });
    const next = nextStep[data.status];
    if (next && data.clock !== false)
      await scheduleStatus(
        jobs,
        { channelId: data.channelId, vendorMessageId: data.vendorMessageId, status: next },
        { afterSeconds: deps.delaySeconds },
      );
  }

  async function inbound(data: InboundJobData) {
    const row = await repository.byVendorId(data.vendorMessageId);
    if (!row || row.direction !== 'from_phone' || row.status !== 'sent') return;
    const channel = await deps.messaging().channelById(data.channelId);
    if (!channel) return;
    const content = row.content as { type?: string; text?: string; payload?: string };
    const message: Record<string, unknown> = {
      from: waId(row.phone),
      id: row.vendorMessageId,
      timestamp: String(unixSeconds(row.createdAt)),
      ...(content.type === 'button'
        ? { type: 'button', button: { payload: content.payload ?? '', text: content.text ?? '' } }
        : { type: 'text', text: { body: content.text ?? '' } }),
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

  return { status, inbound, review, publish };
}
