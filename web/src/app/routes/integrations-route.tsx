import { IntegrationsPage } from '../../features/integrations/components/IntegrationsPage';

export default function IntegrationsRoute() {
  return <IntegrationsPage />;
}
