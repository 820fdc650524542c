import { OutboxPage } from '../../features/outbox/components/OutboxPage';

export default function OutboxRoute() {
  return <OutboxPage />;
}
