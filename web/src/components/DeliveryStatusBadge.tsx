import { Badge } from '@mantine/core';

/** One colour per delivery status, whatever screen shows it (lower-case keys; look-ups ignore case). */
const deliveryStatusColors: Record<string, string> = {
  pending: 'gray',
  success: 'blue',
  sent: 'blue',
  delivered: 'teal',
  read: 'cyan',
  received: 'grape',
  failed: 'red',
  excluded: 'orange',
  cancelled: 'gray',
};

/** The colour of a delivery status (READ, delivered, …); gray for one it does not know. */
export const deliveryStatusColor = (status: string) => deliveryStatusColors[status.toLowerCase()] ?? 'gray';

/** A message's delivery status as a light badge, in the same colour on every screen. */
export function DeliveryStatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge variant="light" color={deliveryStatusColor(status)} radius="sm" tt="none">
      {label ?? status}
    </Badge>
  );
}
