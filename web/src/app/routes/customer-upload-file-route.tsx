import { UploadFilePage } from '../../features/customer-uploads/components/UploadFilePage';

/** /customer-master/uploadfile/:id (id is a segment id). */
export default function CustomerUploadFileRoute() {
  return <UploadFilePage />;
}
