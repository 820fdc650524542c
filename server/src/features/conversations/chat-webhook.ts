import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  CHAT_WEBHOOK_SIGNATURE_HEADER,
  type ChatWebhook,
  type ChatWebhookEvent,
  type chatWebhookBody,
} from '@parley/contracts/conversations';
import { textArray } from '../../platform/customer-lookup';
import { rawFor, type Db } from '../../db/client';
import type { Jobs } from '../../platform/jobs';
import { OutboundError, type OutboundHttp } from '../../platform/outbound-http';
import type { SecretBox } from '../../platform/secrets';

export const CHAT_WEBHOOK_JOB = 'conversation-webhook';
/** Nine tries over about 2 hours (pg-boss doubles the delay from 15 s). */
const RETRY = { limit: 8, delaySeconds: 15, backoff: true };
const SETTINGS_TTL_MS = 5000;

export interface WebhookJob {
  enterpriseId: string;
  deliveryId: string;
  event: ChatWebhookEvent;
  /** The JSON body, signed as it is sent. */
  body: string;
}

/** The signature a receiver recomputes: HMAC-SHA256 of the raw body with the shared secret, hex. */
export function signWebhook(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The outgoing webhook for CRMs (issue 18 §8): conversation events POSTed as JSON, signed with the
 * enterprise's secret (header x-parley-signature), retried with growing delays through the job
 * queue when the receiver is down or answers other than 2xx, through the guarded outbound client
 * (no private addresses unless PARLEY_OUTBOUND_ALLOW names them).
 */
export function createChatWebhooks(deps: { db: Db; jobs: Jobs; outbound: OutboundHttp; secrets: SecretBox }) {
  const raw = rawFor(deps.db);
  const cache = new Map<string, { at: number; events: Set<string> | null }>();

  async function row(enterpriseId: string) {
    const { rows } = await raw(`select * from chat_webhooks where enterprise_id = $1`, [enterpriseId]);
    return rows[0];
  }

  function toWebhook(found: Record<string, unknown> | undefined, secret: string | null = null): ChatWebhook {
    if (!found)
      return {
        url: '',
        events: [],
        enabled: false,
        secret: null,
        secretHint: null,
        lastDelivery: null,
        updatedAt: null,
      };
    return {
      url: found.url as string,
      events: (found.events as ChatWebhookEvent[]) ?? [],
      enabled: Boolean(found.enabled),
      secret,
      secretHint: found.secret_hint as string,
      lastDelivery: found.last_at
        ? {
            at: new Date(found.last_at as string).toISOString(),
            status: found.last_status === null ? null : Number(found.last_status),
            error: (found.last_error as string | null) ?? null,
          }
        : null,
      updatedAt: new Date(found.updated_at as string).toISOString(),
    };
  }

  async function record(enterpriseId: string, status: number | null, error: string | null) {
    await raw(`update chat_webhooks set last_at = now(), last_status = $2, last_error = $3 where enterprise_id = $1`, [
      enterpriseId,
      status,
      error,
    ]);
  }

  /** POSTs one signed body; answers the receiver's status or the reason it could not be reached. */
  async function post(enterpriseId: string, deliveryId: string, event: string, body: string) {
    const found = await row(enterpriseId);
    if (!found || !found.url) return { status: null, error: 'No webhook address is set' };
    const secret = deps.secrets.open(found.secret_enc as string);
    try {
      const response = await deps.outbound.request({
        url: found.url as string,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Parley-Webhook/1',
          'x-parley-event': event,
          'x-parley-delivery': deliveryId,
          [CHAT_WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body),
        },
        body,
      });
      const ok = response.status >= 200 && response.status < 300;
      const error = ok ? null : `The receiver answered HTTP ${response.status}`;
      await record(enterpriseId, response.status, error);
      return { status: response.status, error };
    } catch (caught) {
      const error = caught instanceof OutboundError ? caught.message : 'The receiver could not be reached';
      await record(enterpriseId, null, error);
      return { status: null, error };
    }
  }

  return {
    async get(enterpriseId: string): Promise<ChatWebhook> {
      return toWebhook(await row(enterpriseId));
    },

    async save(enterpriseId: string, body: z.output<typeof chatWebhookBody>): Promise<ChatWebhook> {
      const existing = await row(enterpriseId);
      const newSecret = body.secret || (existing ? null : `whsec_${crypto.randomBytes(24).toString('base64url')}`);
      const sealed = newSecret ? deps.secrets.seal(newSecret) : (existing!.secret_enc as string);
      const hint = newSecret ? `${newSecret.slice(0, 8)}…` : (existing!.secret_hint as string);
      await raw(
        `insert into chat_webhooks (enterprise_id, url, secret_enc, secret_hint, events, enabled, updated_at)
         values ($1, $2, $3, $4, $5, $6, now())
         on conflict (enterprise_id) do update set url = excluded.url, secret_enc = excluded.secret_enc,
           secret_hint = excluded.secret_hint, events = excluded.events, enabled = excluded.enabled, updated_at = now()`,
        [enterpriseId, body.url, sealed, hint, textArray(body.events), body.enabled && Boolean(body.url)],
      );
      cache.delete(enterpriseId);
      return toWebhook(await row(enterpriseId), newSecret);
    },

    async test(enterpriseId: string) {
      const deliveryId = crypto.randomUUID();
      const body = JSON.stringify({
        id: deliveryId,
        event: 'webhook.test',
        occurredAt: new Date().toISOString(),
        enterpriseId,
      });
      return post(enterpriseId, deliveryId, 'webhook.test', body);
    },

    /** Queues the event for the enterprise's webhook when it is on and subscribed to it. */
    async enqueue(enterpriseId: string, event: ChatWebhookEvent, data: Record<string, unknown>) {
      let settings = cache.get(enterpriseId);
      if (!settings || Date.now() - settings.at > SETTINGS_TTL_MS) {
        const found = await row(enterpriseId);
        settings = {
          at: Date.now(),
          events: found && found.enabled && found.url ? new Set(found.events as string[]) : null,
        };
        cache.set(enterpriseId, settings);
        if (cache.size > 10_000) cache.clear();
      }
      if (!settings.events?.has(event)) return;
      const deliveryId = crypto.randomUUID();
      const body = JSON.stringify({
        id: deliveryId,
        event,
        occurredAt: new Date().toISOString(),
        enterpriseId,
        ...data,
      });
      await deps.jobs.send(CHAT_WEBHOOK_JOB, { enterpriseId, deliveryId, event, body } satisfies WebhookJob, {
        retry: RETRY,
      });
    },

    /** The job: one delivery; a failure throws so that the queue tries again later. */
    async deliver(job: WebhookJob) {
      const result = await post(job.enterpriseId, job.deliveryId, job.event, job.body);
      if (result.error && result.error !== 'No webhook address is set') throw new Error(result.error);
    },
  };
}
export type ChatWebhooks = ReturnType<typeof createChatWebhooks>;
