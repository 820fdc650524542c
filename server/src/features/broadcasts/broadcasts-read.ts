import {
  broadcastLimits,
  broadcastMedia,
  deliveryStatusName,
  variableMapping,
  type broadcastListQuery,
  type BroadcastDetail,
  type BroadcastListItem,
  type BroadcastMessageRow,
  type MessageStatusHistory,
} from '@parley/contracts/broadcasts';
import type { pageQuery } from '@parley/contracts/envelope';
import type { TemplateComponent } from '@parley/contracts/templates';
import type { z } from 'zod';
import { rawFor, type Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { progressOf, publicProgress } from './broadcast-progress';

type ListQuery = z.output<typeof broadcastListQuery>;
type MessagesQuery = z.output<typeof pageQuery> & { status?: string };

const DAY_MS = 24 * 60 * 60 * 1000;

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/**
 * A recipient's status as the spec names it (§2.18): the channel log's status once the vendor took
 * the message (webhooks move it on), else the outbox state. The SQL twin of deliveryStatusName,
 * for filtering the message table by status.
 */
const STATUS_SQL = `CASE
  WHEN r.state = 'accepted' THEN CASE m.status
    WHEN 'read' THEN 'READ' WHEN 'delivered' THEN 'DELIVERED' WHEN 'failed' THEN 'FAILED' ELSE 'SUCCESS' END
  WHEN r.state = 'failed' THEN 'FAILED'
  WHEN r.state = 'blocked' THEN 'BLOCKED'
  ELSE 'PENDING' END`;

function rawStatus(state: string, messageStatus: unknown): string {
  if (state === 'accepted') return typeof messageStatus === 'string' ? messageStatus : 'accepted';
  if (state === 'failed' || state === 'blocked') return state;
  return 'pending';
}

const eventTexts: Record<string, string> = {
  accepted: 'Accepted by the vendor',
  sent: 'Sent to WhatsApp',
  delivered: 'Delivered to the phone',
  read: 'Read by the customer',
  failed: 'Could not be delivered',
};

/** The broadcast list, detail, message table and Message Status dialog (engagement.md §3, §2.18). */
export function createBroadcastReader(deps: { db: Db }) {
  const raw = rawFor(deps.db);

  async function owned(enterpriseId: string, id: string) {
    const { rows } = await raw(
      `SELECT b.*, c.name AS channel_name, c.contact_id, u.name AS user_name
       FROM broadcasts b
       JOIN channels c ON c.id = b.channel_id
       LEFT JOIN users u ON u.id = b.created_by
       WHERE b.id = $1 AND b.enterprise_id = $2`,
      [id, enterpriseId],
    );
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  function listItem(row: Record<string, unknown>, progress: BroadcastListItem['progress']): BroadcastListItem {
    return {
      id: String(row.id),
      name: String(row.template_name),
      user: { name: row.user_name ? String(row.user_name) : '' },
      channelName: String(row.channel_name),
      createdOn: iso(row.created_at)!,
      status: String(row.status),
      progress,
    };
  }

  return {
    /** By template name (contains) and creation date (default the last 7 days), newest first. */
    async list(enterpriseId: string, query: ListQuery): Promise<{ broadcastList: BroadcastListItem[]; more: boolean }> {
      const to = query.toDate ? new Date(query.toDate) : null;
      const from = query.fromDate
        ? new Date(query.fromDate)
        : new Date((to ?? new Date()).getTime() - broadcastLimits.defaultRangeDays * DAY_MS);
      const name = query.name?.trim() ?? '';
      const { rows } = await raw(
        `SELECT b.id, b.template_name, b.created_at, b.status, b.total, c.name AS channel_name, u.name AS user_name
         FROM broadcasts b
         JOIN channels c ON c.id = b.channel_id
         LEFT JOIN users u ON u.id = b.created_by
         WHERE b.enterprise_id = $1 AND b.created_at >= $2 AND ($3::timestamptz IS NULL OR b.created_at <= $3::timestamptz)
           AND ($4 = '' OR strpos(lower(b.template_name), lower($4)) > 0)
         ORDER BY b.created_at DESC, b.id DESC
         LIMIT $5 OFFSET $6`,
        [enterpriseId, from.toISOString(), to ? to.toISOString() : null, name, query.perPage + 1, query.from],
      );
      const page = rows.slice(0, query.perPage);
      const progress = await progressOf(
        raw,
        page.map((row) => ({ id: String(row.id), total: Number(row.total) })),
      );
      return {
        broadcastList: page.map((row) => listItem(row, publicProgress(progress.get(String(row.id))!))),
        more: rows.length > query.perPage,
      };
    },

    /** One broadcast with its request, template as sent, and progress; NOT_FOUND for another enterprise's. */
    async get(enterpriseId: string, id: string): Promise<BroadcastDetail> {
      const row = await owned(enterpriseId, id);
      const counts = (await progressOf(raw, [{ id, total: Number(row.total) }])).get(id)!;
      const phones = await raw(`SELECT phone FROM broadcast_recipients WHERE broadcast_id = $1 ORDER BY phone`, [id]);
      const snapshot = (row.template_snapshot ?? {}) as Record<string, unknown>;
      const media = (row.media ?? {}) as Record<string, unknown>;
      const headerMedia = broadcastMedia.safeParse(media.media);
      const cards = Array.isArray(media.cards)
        ? (media.cards as Record<string, unknown>[]).map((card) => {
            const parsed = broadcastMedia.safeParse(card?.media);
            return parsed.success ? { media: parsed.data } : {};
          })
        : undefined;
      const mapping = Array.isArray(row.column_mapping) ? (row.column_mapping as unknown[]) : [];
      return {
        ...listItem(row, publicProgress(counts)),
        channelId: String(row.channel_id),
        phoneNumbers: phones.rows.map((phone) => String(phone.phone)),
        message: {
          template: {
            templateId: String(row.template_name),
            templateUId: row.template_id ? String(row.template_id) : null,
            components: (Array.isArray(snapshot.components) ? snapshot.components : []) as TemplateComponent[],
            parameterFormat: typeof snapshot.parameterFormat === 'string' ? snapshot.parameterFormat : 'POSITIONAL',
            ...(headerMedia.success ? { media: headerMedia.data } : {}),
            ...(cards ? { cards } : {}),
          },
        },
        columnMapping: mapping.flatMap((item) => {
          const parsed = variableMapping.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        }),
        messagesPerSecond: Number(row.messages_per_second),
        startedAt: iso(row.started_at),
        completedAt: iso(row.completed_at),
        retryable: counts.retryable,
      };
    },

    /** The message table: From (the channel's number), To, Sent Date, Status; filterable by status. */
    async messages(
      enterpriseId: string,
      id: string,
      query: MessagesQuery,
    ): Promise<{ message: BroadcastMessageRow[]; more: boolean }> {
      const broadcast = await owned(enterpriseId, id);
      const status = query.status?.trim().toUpperCase() ?? '';
      const { rows } = await raw(
        `SELECT r.id, r.phone, r.state, r.sent_at, r.error_code, r.error_text,
                m.status AS message_status, m.status_at, m.error_code AS message_error_code,
                m.error_text AS message_error_text
         FROM broadcast_recipients r
         LEFT JOIN channel_messages m ON m.id = r.message_id
         WHERE r.broadcast_id = $1 AND ($2 = '' OR ${STATUS_SQL} = $2)
         ORDER BY r.sent_at DESC NULLS LAST, r.phone, r.id
         LIMIT $3 OFFSET $4`,
        [id, status, query.perPage + 1, query.from],
      );
      const from = String(broadcast.contact_id);
      return {
        message: rows.slice(0, query.perPage).map((row) => {
          const state = String(row.state);
          const current = rawStatus(state, row.message_status);
          const deliveryFailed = state === 'accepted' && row.message_status === 'failed';
          return {
            id: String(row.id),
            from,
            to: String(row.phone),
            currentDeliveryStatus: deliveryStatusName(current),
            currentDeliveryStatusTime: state === 'accepted' ? iso(row.status_at) : iso(row.sent_at),
            errorCode: deliveryFailed
              ? ((row.message_error_code as string | null) ?? null)
              : ((row.error_code as string | null) ?? null),
            errorText: deliveryFailed
              ? ((row.message_error_text as string | null) ?? null)
              : ((row.error_text as string | null) ?? null),
          };
        }),
        more: rows.length > query.perPage,
      };
    },

    /** The Message Status dialog: current status, the vendor's message id, and every status with its time. */
    async messageStatus(enterpriseId: string, id: string, messageId: string): Promise<MessageStatusHistory> {
      await owned(enterpriseId, id);
      const { rows } = await raw(
        `SELECT r.state, r.sent_at, r.error_code, r.error_text, r.next_attempt_at, r.attempts,
                r.vendor_message_id, r.resent_after_crash, m.status AS message_status, m.channel_id
         FROM broadcast_recipients r
         LEFT JOIN channel_messages m ON m.id = r.message_id
         WHERE r.id = $1 AND r.broadcast_id = $2 AND r.enterprise_id = $3`,
        [messageId, id, enterpriseId],
      );
      const row = rows[0];
      if (!row) throw new AppError('NOT_FOUND');
      const state = String(row.state);
      const error = row.error_code ? `${String(row.error_code)}: ${String(row.error_text ?? '')}` : '';
      const messageStatuses: MessageStatusHistory['messageStatuses'] = [];
      if (state === 'accepted') {
        messageStatuses.push({
          status: deliveryStatusName('accepted'),
          messageStatusTime: iso(row.sent_at) ?? '',
          msg: row.resent_after_crash
            ? `${eventTexts.accepted!} (sent again after a restart: may have arrived twice)`
            : eventTexts.accepted!,
        });
        if (row.vendor_message_id && row.channel_id) {
          const events = await raw(
            `SELECT status, occurred_at, error_code, error_text FROM channel_message_events
             WHERE channel_id = $1 AND vendor_message_id = $2
             ORDER BY occurred_at, received_at`,
            [row.channel_id, row.vendor_message_id],
          );
          for (const event of events.rows) {
            const status = String(event.status);
            messageStatuses.push({
              status: deliveryStatusName(status),
              messageStatusTime: iso(event.occurred_at)!,
              msg: event.error_code
                ? `${String(event.error_code)}: ${String(event.error_text ?? '')}`
                : (eventTexts[status] ?? status),
            });
          }
          messageStatuses.sort((left, right) => left.messageStatusTime.localeCompare(right.messageStatusTime));
        }
      } else if (state === 'failed') {
        messageStatuses.push({ status: 'FAILED', messageStatusTime: iso(row.sent_at) ?? '', msg: error });
      } else if (state === 'blocked') {
        messageStatuses.push({
          status: 'BLOCKED',
          messageStatusTime: iso(row.sent_at) ?? '',
          msg: String(row.error_text ?? ''),
        });
      } else if (error) {
        // Waiting for its next try after a refusal the vendor said was temporary.
        messageStatuses.push({
          status: 'PENDING',
          messageStatusTime: iso(row.sent_at) ?? '',
          msg: `${error} (attempt ${Number(row.attempts)}; trying again at ${iso(row.next_attempt_at)!})`,
        });
      }
      return {
        currentDeliveryStatus: deliveryStatusName(rawStatus(state, row.message_status)),
        transId: row.vendor_message_id ? String(row.vendor_message_id) : null,
        messageStatuses,
      };
    },
  };
}
export type BroadcastReader = ReturnType<typeof createBroadcastReader>;
