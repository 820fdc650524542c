import { AgentsListPage } from '../../features/agents/components/AgentsListPage';

export default function AgentsRoute() {
  return <AgentsListPage />;
}
