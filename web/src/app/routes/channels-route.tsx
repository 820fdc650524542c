import { hasAny } from '@parley/contracts/permissions';
import { ChannelsPage } from '../../features/channels/components/ChannelsPage';
import { useSessionUser } from '../shell/session-user';

/** /admin/channels (platform §2.2 CONFIGURATION). */
export default function ChannelsRoute() {
  const user = useSessionUser();
  // The web hides what the server would refuse: CHANNELS.VIEW alone sees the list read-only.
  const canManage = hasAny(user.permissions, ['CHANNELS.MANAGE']);
  const canPickDepartment = hasAny(user.permissions, ['DEPARTMENTS.MANAGE']);
  return <ChannelsPage canManage={canManage} canPickDepartment={canPickDepartment} />;
}
