import { DeliveryReportPage } from '../../features/delivery-report/components/DeliveryReportPage';

/** /admin/report: the delivery report (platform §7.1). */
export default function DeliveryReportRoute() {
  return <DeliveryReportPage />;
}
