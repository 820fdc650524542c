import { UploadErrorsPage } from '../../features/customer-uploads/components/UploadErrorsPage';

/** /customer-master/error/:id (id is an upload id). */
export default function CustomerUploadErrorsRoute() {
  return <UploadErrorsPage />;
}
