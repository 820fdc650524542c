import { ApiKeysPage } from '../../features/api-keys/components/ApiKeysPage';

export default function ApiKeysRoute() {
  return <ApiKeysPage />;
}
