import type { z } from 'zod';
import {
  broadcastLimits,
  deliveryStatusName,
  type messageReportQuery,
  type ReportMessage,
} from '@parley/contracts/broadcasts';
import { AppError } from '../../platform/errors';
import { csvCell } from '../../platform/csv-cells';
import {
  outboundStatuses,
  type DeliveryReportRepository,
  type ReportFilter,
  type ReportRow,
} from './delivery-report.repository';

type Query = z.output<typeof messageReportQuery>;

export const reportTexts = {
  dateOrder: 'The start date must be before the end date',
  status: 'Choose a status: READ, DELIVERED, SUCCESS, FAILED, PENDING, BLOCKED or RECEIVED',
} as const;

/** Rows per query while exporting (keyset pages: memory stays one page whatever the report's size). */
export const EXPORT_PAGE_SIZE = 500;

export const csvHeader = [
  'Created On',
  'Channel',
  'Direction',
  'Customer Number',
  'Message Id',
  'Source',
  'Template',
  'Status',
  'Status Time',
  'Error Code',
  'Error Text',
] as const;

const statusNames = new Set([...Object.keys(outboundStatuses), 'PENDING', 'RECEIVED']);
const DAY = 24 * 60 * 60 * 1000;

/** What a customer number filter matches: its digits, without an international 00 or a trunk 0. */
export function customerDigits(input: string): string {
  return input.replace(/\D/g, '').replace(/^0+/, '');
}

function toMessage(row: ReportRow): ReportMessage {
  return {
    id: row.id,
    channelName: row.channelName,
    direction: row.direction,
    customerNumber: row.customerNumber,
    messageId: row.vendorMessageId,
    source: row.source,
    templateName: row.templateName,
    status: row.direction === 'in' ? 'RECEIVED' : deliveryStatusName(row.status),
    statusTime: row.statusAt.toISOString(),
    errorCode: row.errorCode,
    errorText: row.errorText,
    createdOn: row.createdAt.toISOString(),
  };
}

function csvLine(message: ReportMessage): string {
  return `${[
    message.createdOn,
    message.channelName,
    message.direction,
    message.customerNumber,
    message.messageId,
    message.source,
    message.templateName,
    message.status,
    message.statusTime,
    message.errorCode,
    message.errorText,
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}

export function createDeliveryReportService(deps: { repository: DeliveryReportRepository; now?: () => Date }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** The query as a filter: dates default to the last 7 days up to now; the status name is checked. */
  function filterOf(enterpriseId: string, query: Query): ReportFilter {
    const to = query.toDate ? new Date(query.toDate) : now();
    const from = query.fromDate
      ? new Date(query.fromDate)
      : new Date(to.getTime() - broadcastLimits.defaultRangeDays * DAY);
    const fieldErrors: Record<string, string> = {};
    if (from > to) fieldErrors.fromDate = reportTexts.dateOrder;
    const status = query.status?.toUpperCase() || undefined;
    if (status && !statusNames.has(status)) fieldErrors.status = reportTexts.status;
    if (Object.keys(fieldErrors).length > 0)
      throw new AppError('VALIDATION', { message: Object.values(fieldErrors)[0], fieldErrors });
    const digits = query.customerNumber ? customerDigits(query.customerNumber) : '';
    return {
      enterpriseId,
      from,
      to,
      channelId: query.channelId,
      // A number filter without any digit matches no number.
      customerDigits: query.customerNumber ? digits || query.customerNumber : undefined,
      source: query.source?.toLowerCase() || undefined,
      vendorMessageId: query.messageId || undefined,
      status,
    };
  }

  return {
    async messages(enterpriseId: string, query: Query): Promise<{ messages: ReportMessage[]; more: boolean }> {
      const rows = await repository.page(filterOf(enterpriseId, query), query.from, query.perPage);
      return { messages: rows.slice(0, query.perPage).map(toMessage), more: rows.length > query.perPage };
    },

    /**
     * The same messages as CSV, every matching row (paging aside), read a page at a time as the
     * response is written. The query is checked before the first byte, so a bad one is a 400.
     */
    exportCsv(enterpriseId: string, query: Query): { fileName: string; lines: () => AsyncGenerator<string> } {
      const filter = filterOf(enterpriseId, query);
      const fileName = `delivery-report-${now().toISOString().slice(0, 10)}.csv`;
      async function* lines() {
        yield `${csvHeader.join(',')}\r\n`;
        let after: { cursor: string; id: string } | null = null;
        for (;;) {
          const rows = await repository.after(filter, after, EXPORT_PAGE_SIZE);
          if (rows.length > 0) yield rows.map((row) => csvLine(toMessage(row))).join('');
          if (rows.length < EXPORT_PAGE_SIZE) return;
          const last = rows.at(-1)!;
          after = { cursor: last.cursor, id: last.id };
        }
      }
      return { fileName, lines };
    },
  };
}

export type DeliveryReportService = ReturnType<typeof createDeliveryReportService>;
