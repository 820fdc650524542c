import { Badge, Stack, Text } from '@mantine/core';

const statusColors: Record<string, string> = {
  APPROVED: 'teal',
  PENDING: 'yellow',
  REJECTED: 'red',
  PAUSED: 'orange',
  DISABLED: 'gray',
};

/** Statuses whose reason the list shows beneath the badge. */
const WITH_REASON = new Set(['REJECTED', 'PAUSED', 'DISABLED']);

/** A template's status; REJECTED, PAUSED and DISABLED show the vendor's reason. */
export function TemplateStatusBadge({ status, reason }: { status: string; reason: string | null }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        color={statusColors[status] ?? 'gray'}
        variant="light"
        radius="sm"
        style={{ flexShrink: 0, overflow: 'visible' }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {status}
      </Badge>
      {WITH_REASON.has(status) && reason ? (
        <Text size="xs" c="dimmed" maw={220} lineClamp={2} title={reason}>
          {reason}
        </Text>
      ) : null}
    </Stack>
  );
}
