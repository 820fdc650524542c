// PLACEHOLDER: replaced by the helper building this screen (issue 7).
export function ChannelsPage() {
  return null;
}
