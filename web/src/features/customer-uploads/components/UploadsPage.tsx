/** Placeholder: replaced by the customer-master web work in progress. */
export function UploadsPage() {
  return null;
}
