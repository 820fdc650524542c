import { OutboxMailPage } from '../../features/outbox/components/OutboxMailPage';

export default function OutboxMailRoute() {
  return <OutboxMailPage />;
}
