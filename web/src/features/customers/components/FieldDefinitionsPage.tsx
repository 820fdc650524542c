/** Placeholder: replaced by the customer-master web work in progress. */
export function FieldDefinitionsPage() {
  return null;
}
