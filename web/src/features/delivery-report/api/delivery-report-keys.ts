/** Query keys of the delivery report. */
export const deliveryReportKeys = {
  all: ['delivery-report'] as const,
  page: (query: DeliveryReportQuery) => ['delivery-report', 'messages', query] as const,
  channels: () => ['delivery-report', 'channels'] as const,
};

/** The filters of the report (platform §7.1), as the API takes them. */
export interface DeliveryReportFilters {
  channelId?: string;
  customerNumber?: string;
  fromDate?: string;
  toDate?: string;
  source?: string;
  messageId?: string;
  status?: string;
}

export interface DeliveryReportQuery extends DeliveryReportFilters {
  from: number;
  perPage: number;
}
