import { ExternalReportPage } from '../../features/campaigns/report/components/ExternalReportPage';

/** /campaigns/externalreport: when the enterprise records external campaigns (platform §2.2). */
export default function ExternalCampaignReportRoute() {
  return <ExternalReportPage />;
}
