import { BlacklistPage } from '../../features/blacklist/components/BlacklistPage';

/** /campaigns/blacklist (feature flag BLACKLIST and the BLACKLIST permission). */
export default function BlacklistRoute() {
  return <BlacklistPage />;
}
