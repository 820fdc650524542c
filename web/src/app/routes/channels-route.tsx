import { ChannelsPage } from '../../features/channels/components/ChannelsPage';

/** /admin/channels (platform §2.2 CONFIGURATION). */
export default function ChannelsRoute() {
  return <ChannelsPage />;
}
