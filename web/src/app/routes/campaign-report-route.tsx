import { useParams } from 'react-router';
import { CampaignReportListPage } from '../../features/campaigns/report/components/CampaignReportListPage';
import { CampaignReportPage } from '../../features/campaigns/report/components/CampaignReportPage';

/** /campaigns/report (every campaign) and /campaigns/report/:id (one campaign's report). */
export default function CampaignReportRoute() {
  const { id } = useParams();
  return id ? <CampaignReportPage key={id} campaignId={id} /> : <CampaignReportListPage />;
}
