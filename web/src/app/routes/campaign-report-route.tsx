import { lazy } from 'react';
import { useParams } from 'react-router';
import { CampaignReportListPage } from '../../features/campaigns/report/components/CampaignReportListPage';

// One campaign's report brings the charts (recharts); the list of campaigns does without them.
const CampaignReportPage = lazy(async () => ({
  default: (await import('../../features/campaigns/report/components/CampaignReportPage')).CampaignReportPage,
}));

/** /campaigns/report (every campaign) and /campaigns/report/:id (one campaign's report). */
export default function CampaignReportRoute() {
  const { id } = useParams();
  return id ? <CampaignReportPage key={id} campaignId={id} /> : <CampaignReportListPage />;
}
