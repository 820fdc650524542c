export interface CampaignReportQuery {
  from: number;
  perPage: number;
  search?: string;
}

export interface RecipientsQuery {
  from: number;
  perPage: number;
  runId?: string;
  status?: string;
  search?: string;
}

/** Query keys of the campaign reports. */
export const campaignReportKeys = {
  all: ['campaign-report'] as const,
  list: (query: CampaignReportQuery) => ['campaign-report', 'list', query] as const,
  stats: (campaignId: string, runId: string | undefined) =>
    ['campaign-report', 'stats', campaignId, runId ?? ''] as const,
  recipients: (campaignId: string, query: RecipientsQuery) =>
    ['campaign-report', 'recipients', campaignId, query] as const,
  external: (from: number, perPage: number) => ['campaign-report', 'external', from, perPage] as const,
};
