import { SandboxPhonePage } from '../../features/sandbox-phone/components/SandboxPhonePage';

/** /admin/sandbox-phone and /admin/sandbox-phone/:channelId: what the Sandbox numbers received. */
export default function SandboxPhoneRoute() {
  return <SandboxPhonePage />;
}
