import { Badge } from '@mantine/core';
import { titleCase } from './broadcast-format';

const colors: Record<string, string> = {
  QUEUED: 'gray',
  SENDING: 'blue',
  COMPLETED: 'teal',
  FAILED: 'red',
  CANCELLED: 'orange',
};

/** A broadcast's status in title case (engagement.md §2.9): Queued, Sending, Completed, Failed. */
export function BroadcastStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={colors[status] ?? 'gray'} radius="sm" tt="none" w="fit-content">
      {titleCase(status)}
    </Badge>
  );
}
