import { useParams } from 'react-router';
import { UploadFilePage } from '../../features/customer-uploads/components/UploadFilePage';

/** /customer-master/uploadfile/:id (id is a segment id). */
export default function CustomerUploadFileRoute() {
  const { id = '' } = useParams();
  return <UploadFilePage key={id} segmentId={id} />;
}
