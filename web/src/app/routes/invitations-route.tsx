import { InvitationsPage } from '../../features/invitations/components/InvitationsPage';

export default function InvitationsRoute() {
  return <InvitationsPage />;
}
