import { and, desc, eq, gte, ilike, inArray, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelMessages, channels, messageTemplates } from '../../db/schema/channels';

export interface ReportFilter {
  enterpriseId: string;
  from: Date;
  to: Date;
  channelId?: string;
  /** Digits the customer number contains. */
  customerDigits?: string;
  source?: string;
  vendorMessageId?: string;
  /** The spec's status name, upper case (checked by the service). */
  status?: string;
}

/** Channel-log statuses behind each of the spec's status names (outbound messages). */
export const outboundStatuses: Record<string, readonly string[]> = {
  READ: ['read'],
  DELIVERED: ['delivered'],
  SUCCESS: ['accepted', 'sent'],
  FAILED: ['failed'],
  BLOCKED: ['blocked'],
};
const named = Object.values(outboundStatuses).flat();

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

function statusCondition(status: string): SQL | undefined {
  if (status === 'RECEIVED') return eq(channelMessages.direction, 'in');
  if (status === 'PENDING')
    return and(eq(channelMessages.direction, 'out'), notInArray(channelMessages.status, [...named]));
  const statuses = outboundStatuses[status];
  return statuses
    ? and(eq(channelMessages.direction, 'out'), inArray(channelMessages.status, [...statuses]))
    : undefined;
}

/**
 * The delivery report's read of channel_messages: one enterprise, a date range, newest first. The
 * enterprise and date range ride channel_messages_enterprise_created_idx; the rest filters those rows.
 */
export function createDeliveryReportRepository(db: Db) {
  const where = (filter: ReportFilter) =>
    and(
      eq(channelMessages.enterpriseId, filter.enterpriseId),
      gte(channelMessages.createdAt, filter.from),
      lte(channelMessages.createdAt, filter.to),
      filter.channelId ? eq(channelMessages.channelId, filter.channelId) : undefined,
      filter.customerDigits
        ? ilike(channelMessages.customerNumber, `%${escapeLike(filter.customerDigits)}%`)
        : undefined,
      filter.source ? eq(channelMessages.source, filter.source) : undefined,
      filter.vendorMessageId ? eq(channelMessages.vendorMessageId, filter.vendorMessageId) : undefined,
      filter.status ? statusCondition(filter.status) : undefined,
    );

  const select = () =>
    db
      .select({
        id: channelMessages.id,
        channelName: channels.name,
        direction: channelMessages.direction,
        customerNumber: channelMessages.customerNumber,
        vendorMessageId: channelMessages.vendorMessageId,
        source: channelMessages.source,
        templateName: messageTemplates.name,
        status: channelMessages.status,
        statusAt: channelMessages.statusAt,
        errorCode: channelMessages.errorCode,
        errorText: channelMessages.errorText,
        createdAt: channelMessages.createdAt,
        /** The exact time as text: a Date keeps milliseconds, PostgreSQL keeps microseconds. */
        cursor: sql<string>`${channelMessages.createdAt}::text`,
      })
      .from(channelMessages)
      .innerJoin(channels, eq(channels.id, channelMessages.channelId))
      .leftJoin(messageTemplates, eq(messageTemplates.id, channelMessages.templateId));

  return {
    /** A page by offset (the screen's paging); one row more than asked says whether there are more. */
    async page(filter: ReportFilter, from: number, perPage: number) {
      return select()
        .where(where(filter))
        .orderBy(desc(channelMessages.createdAt), desc(channelMessages.id))
        .limit(perPage + 1)
        .offset(from);
    },

    /** The rows after `after` in the same order (the export's keyset paging: no offset to skip). */
    async after(filter: ReportFilter, after: { cursor: string; id: string } | null, limit: number) {
      const next = after
        ? or(
            sql`${channelMessages.createdAt} < ${after.cursor}::timestamptz`,
            and(sql`${channelMessages.createdAt} = ${after.cursor}::timestamptz`, lt(channelMessages.id, after.id)),
          )
        : undefined;
      return select()
        .where(and(where(filter), next))
        .orderBy(desc(channelMessages.createdAt), desc(channelMessages.id))
        .limit(limit);
    },
  };
}

export type DeliveryReportRepository = ReturnType<typeof createDeliveryReportRepository>;
export type ReportRow = Awaited<ReturnType<DeliveryReportRepository['page']>>[number];
