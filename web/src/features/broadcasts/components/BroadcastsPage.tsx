// PLACEHOLDER: replaced by the helper building this screen (issue 8).
export function BroadcastsPage() {
  return null;
}
