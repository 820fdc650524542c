import { UsersPage } from '../../features/users/components/UsersPage';
import { useSessionUser } from '../shell/session-user';

export default function UsersRoute() {
  return <UsersPage currentUserId={useSessionUser().uId} />;
}
