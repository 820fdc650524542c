import { Modal } from '@mantine/core';
import { broadcastMessages } from '@parley/contracts/broadcasts';
import { BroadcastSendForm, type EmbeddedBroadcast } from './BroadcastSendPage';

/**
 * The broadcast form in a dialog, for a campaign test or a chat (engagement.md §2.10): the same
 * form and checks as the page, tagged with where it came from; it closes (CLOSE) when done.
 */
export function BroadcastSendDialog({ opened, ...embedded }: EmbeddedBroadcast & { opened: boolean }) {
  return (
    <Modal
      opened={opened}
      onClose={embedded.onClose}
      title={broadcastMessages.heading}
      size="80rem"
      centered
      closeOnClickOutside={false}
    >
      {opened ? <BroadcastSendForm embedded={embedded} /> : null}
    </Modal>
  );
}
