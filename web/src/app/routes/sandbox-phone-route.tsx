import { useParams } from 'react-router';
import { SandboxPhonePage } from '../../features/sandbox-phone/components/SandboxPhonePage';
import { realtime } from '../shell/realtime-connection';
import { useSessionUser } from '../shell/session-user';

/** /admin/sandbox-phone and /admin/sandbox-phone/:channelId: what the Sandbox numbers received. */
export default function SandboxPhoneRoute() {
  const { channelId } = useParams();
  const user = useSessionUser();
  const canOpenChannels = user.permissions.some(
    (permission) => permission === 'CHANNELS.VIEW' || permission === 'CHANNELS.MANAGE',
  );
  return (
    <SandboxPhonePage key={channelId} channelId={channelId} realtime={realtime} canOpenChannels={canOpenChannels} />
  );
}
