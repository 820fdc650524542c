import { useParams } from 'react-router';
import { AgentDetailsLayout } from '../../features/agents/components/AgentDetailsLayout';

export default function AgentDetailsRoute() {
  const { id = '' } = useParams();
  return <AgentDetailsLayout key={id} id={id} />;
}
