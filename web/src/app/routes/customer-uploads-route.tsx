import { Route, Routes, useParams } from 'react-router';
import { UploadsPage } from '../../features/customer-uploads/components/UploadsPage';
import { realtime } from '../shell/realtime-connection';
import { useSessionUser } from '../shell/session-user';

function UploadsScreen() {
  const { id } = useParams();
  const user = useSessionUser();
  return <UploadsPage segmentId={id} canUpload={user.permissions.includes('CUSTOMER.EDIT')} realtime={realtime} />;
}

/** /customer-master/uploads and /uploads/:id (id is a segment id). */
export default function CustomerUploadsRoute() {
  return (
    <Routes>
      <Route index element={<UploadsScreen />} />
      <Route path=":id" element={<UploadsScreen />} />
    </Routes>
  );
}
