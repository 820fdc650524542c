import { Route, Routes } from 'react-router';
import { UploadsPage } from '../../features/customer-uploads/components/UploadsPage';

/** /customer-master/uploads and /uploads/:id (id is a segment id). */
export default function CustomerUploadsRoute() {
  return (
    <Routes>
      <Route index element={<UploadsPage />} />
      <Route path=":id" element={<UploadsPage />} />
    </Routes>
  );
}
