import { Route, Routes } from 'react-router';
import { BroadcastsPage } from '../../features/broadcasts/components/BroadcastsPage';
import { BroadcastViewPage } from '../../features/broadcasts/components/BroadcastViewPage';
import { BroadcastSendPage } from '../../features/broadcast-send/components/BroadcastSendPage';

/** /campaigns/broadcast (list), /create (send screen) and /:id (read-only view): engagement.md §2.9, §2.10. */
export default function BroadcastRoute() {
  return (
    <Routes>
      <Route index element={<BroadcastsPage />} />
      <Route path="create" element={<BroadcastSendPage />} />
      <Route path=":id" element={<BroadcastViewPage />} />
    </Routes>
  );
}
