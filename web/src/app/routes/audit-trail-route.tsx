import { AuditTrailPage } from '../../features/audit-trail/components/AuditTrailPage';
import { useSessionUser } from '../shell/session-user';

export default function AuditTrailRoute() {
  const user = useSessionUser();
  // The user filter lists the enterprise's users, which only user managers may read.
  return <AuditTrailPage canListUsers={user.permissions.includes('USERS.MANAGE')} />;
}
