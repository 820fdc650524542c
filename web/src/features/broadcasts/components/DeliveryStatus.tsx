import { Group, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { MessageTick, type PreviewStatus } from '../../../components/template-preview/TemplateMessageBubble';

/** READ, DELIVERED, SUCCESS and FAILED each have their own tick (engagement.md §2.18); PENDING a clock. */
const ticks: Record<string, PreviewStatus> = {
  READ: 'read',
  DELIVERED: 'delivered',
  SUCCESS: 'sent',
  FAILED: 'failed',
  PENDING: 'accepted',
};

/** A delivery status as the spec names it, with its tick. BLOCKED (blacklist or opt-out) is a ban sign. */
export function DeliveryStatus({ status, size = 'sm' }: { status: string; size?: 'xs' | 'sm' | 'md' }) {
  const tick = ticks[status];
  return (
    <Group gap={6} wrap="nowrap" c={status === 'FAILED' || status === 'BLOCKED' ? 'red.8' : undefined}>
      {tick ? (
        <MessageTick status={tick} />
      ) : status === 'BLOCKED' ? (
        <span role="img" aria-label="Blocked" title="Blocked" style={{ display: 'inline-flex' }}>
          <IconBan size={14} aria-hidden />
        </span>
      ) : null}
      <Text size={size} fw={500} inherit={false} c="inherit">
        {status}
      </Text>
    </Group>
  );
}
