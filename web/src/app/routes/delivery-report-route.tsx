import { DeliveryReportPage } from '../../features/delivery-report/components/DeliveryReportPage';
import { useSessionUser } from '../shell/session-user';

/** /admin/report: the delivery report (platform §7.1). */
export default function DeliveryReportRoute() {
  const user = useSessionUser();
  const canListChannels = ['CHANNELS.VIEW', 'CHANNELS.MANAGE', 'MSG_TEMPLATES'].some((permission) =>
    user.permissions.includes(permission as (typeof user.permissions)[number]),
  );
  return <DeliveryReportPage canListChannels={canListChannels} />;
}
