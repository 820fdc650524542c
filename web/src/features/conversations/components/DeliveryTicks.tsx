import { Tooltip } from '@mantine/core';
import { IconCheck, IconChecks, IconClock, IconAlertCircle } from '@tabler/icons-react';
import type { ChatMessage } from '@parley/contracts/conversations';

/**
 * The delivery mark of a message that went out: a clock while it waits, ✓ sent, ✓✓ delivered,
 * blue ✓✓ read, and red with the vendor's reason when it failed.
 */
export function DeliveryTicks({ message }: { message: ChatMessage }) {
  switch (message.status) {
    case 'queued':
    case 'sending':
    case 'accepted':
      return <IconClock size={14} role="img" aria-label="Sending" />;
    case 'sent':
      return <IconCheck size={14} role="img" aria-label="Sent" />;
    case 'delivered':
      return <IconChecks size={14} role="img" aria-label="Delivered" />;
    case 'read':
      return <IconChecks size={14} role="img" aria-label="Read" color="var(--mantine-color-blue-7)" />;
    case 'failed': {
      const reason = message.error ? `${message.error.text} (${message.error.code})` : 'Not delivered';
      return (
        <Tooltip label={reason} withArrow multiline maw={280}>
          <span tabIndex={0} style={{ display: 'inline-flex' }} aria-label={`Failed: ${reason}`} role="img">
            <IconAlertCircle size={14} color="var(--mantine-color-red-7)" aria-hidden />
          </span>
        </Tooltip>
      );
    }
    default:
      return null;
  }
}
