import { useParams } from 'react-router';
import { UploadErrorsPage } from '../../features/customer-uploads/components/UploadErrorsPage';
import { realtime } from '../shell/realtime-connection';

/** /customer-master/error/:id (id is an upload id). */
export default function CustomerUploadErrorsRoute() {
  const { id = '' } = useParams();
  return <UploadErrorsPage key={id} uploadId={id} realtime={realtime} />;
}
