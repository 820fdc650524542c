/** Placeholder: replaced by the customer-master web work in progress. */
export function UploadFilePage() {
  return null;
}
