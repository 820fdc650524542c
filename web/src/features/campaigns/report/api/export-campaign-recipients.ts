import { useMutation } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { fetchAndSaveCsv } from '../../../../lib/download-csv';

export interface RecipientsExport {
  campaignId: string;
  runId?: string;
  status?: string;
  search?: string;
}

/** The CSV download's address: GET /api/campaigns/:id/export.csv with the table's filters. */
export function recipientsExportUrl({ campaignId, ...filters }: RecipientsExport): string {
  const base = `${campaignRoutes.get.path.replace(':id', encodeURIComponent(campaignId))}/export.csv`;
  const search = new URLSearchParams(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  ).toString();
  return search ? `${base}?${search}` : base;
}

/**
 * Downloads the recipients as CSV (formula cells neutralised by the server). The session token
 * travels in a header, as for the delivery report, so this fetches and saves instead of linking.
 */
export function exportCampaignRecipients(filters: RecipientsExport): Promise<string> {
  return fetchAndSaveCsv(recipientsExportUrl(filters), `campaign-${filters.campaignId}.csv`);
}

export function useExportCampaignRecipients() {
  return useMutation({ mutationFn: exportCampaignRecipients });
}
