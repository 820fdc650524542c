import { ProfilePage } from '../../features/account/components/ProfilePage';
import { useSessionUser } from '../shell/session-user';

export default function ProfileRoute() {
  return <ProfilePage user={useSessionUser()} />;
}
