import { Route, Routes } from 'react-router';
import { BroadcastsPage } from '../../features/broadcasts/components/BroadcastsPage';
import { BroadcastViewPage } from '../../features/broadcasts/components/BroadcastViewPage';
import { BroadcastSendPage } from '../../features/broadcast-send/components/BroadcastSendPage';
import { realtime } from '../shell/realtime-connection';
import { useSessionUser } from '../shell/session-user';

function BroadcastsScreen() {
  const user = useSessionUser();
  return <BroadcastsPage realtime={realtime} canEditRates={user.permissions.includes('ENTERPRISE.MANAGE_BILLING')} />;
}

/** /campaigns/broadcast (list), /create (send screen) and /:id (read-only view): engagement.md §2.9, §2.10. */
export default function BroadcastRoute() {
  return (
    <Routes>
      <Route index element={<BroadcastsScreen />} />
      <Route path="create" element={<BroadcastSendPage />} />
      <Route path=":id" element={<BroadcastViewPage realtime={realtime} />} />
    </Routes>
  );
}
