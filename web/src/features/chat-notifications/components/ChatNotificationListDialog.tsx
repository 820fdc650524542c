import { useState } from 'react';
import { Button, Group, Modal, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ConversationSummary } from '@parley/contracts/conversations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { useNotificationChats } from '../api/get-notification-chats';
import { kindInfo, type NotificationKind } from '../api/notification-kinds';
import { useTakeChat } from '../api/take-chat';

interface ChatNotificationListDialogProps {
  /** The menu row whose chats are listed; null: closed. */
  kind: NotificationKind | null;
  onClose: () => void;
  /** After a successful pickup: open the chat. */
  onPickedUp: (conversationId: string) => void;
}

/** The customer's name, or null when the channel knows them only by their number. */
function knownName(customer: ConversationSummary['customer']): string | null {
  const name = customer.name.trim();
  const digits = (value: string) => value.replace(/\D/g, '');
  return name && digits(name) !== digits(customer.number) ? name : null;
}

/** 'Chat Notification': the chats of one menu row, each with Pickup (engagement §2.16). */
export function ChatNotificationListDialog({ kind, onClose, onPickedUp }: ChatNotificationListDialogProps) {
  const chats = useNotificationChats(kind);
  const takeChat = useTakeChat();
  const [confirming, setConfirming] = useState<ConversationSummary | null>(null);
  const info = kind ? kindInfo[kind] : null;

  const columns: DataTableColumn[] = [
    { key: 'name', header: 'Customer Name' },
    { key: 'number', header: 'Customer Number' },
    ...(info?.byHeader ? [{ key: 'by', header: info.byHeader }] : []),
    { key: 'message', header: 'Last Message' },
    { key: 'type', header: 'Type' },
    { key: 'action', header: 'Action' },
  ];

  const handleClose = () => {
    setConfirming(null);
    onClose();
  };

  const handlePickup = () => {
    if (!confirming || !kind) return;
    takeChat.mutate(
      { conversationId: confirming.id, kind },
      {
        onSuccess: ({ conversation }) => {
          handleClose();
          onPickedUp(conversation.id);
        },
        // The toast says why (e.g. another agent was faster); the list has been read again.
        onError: () => setConfirming(null),
      },
    );
  };

  return (
    <>
      {/* The list steps aside while the confirmation asks (one dialog at a time) and comes back on Ignore. */}
      <Modal
        opened={kind !== null && confirming === null}
        onClose={handleClose}
        title="Chat Notification"
        size="xl"
        centered
      >
        <DataTable
          label={info ? `${info.type} chats` : 'Chats'}
          columns={columns}
          rows={chats.data}
          loading={chats.isPending}
          empty="No Record"
          error={
            chats.isError
              ? {
                  title: 'The chats could not be loaded',
                  message: chats.error.message,
                  onRetry: () => void chats.refetch(),
                }
              : null
          }
          maxHeight="60vh"
          renderRow={(chat) => (
            <Table.Tr key={chat.id}>
              <Table.Td>
                {knownName(chat.customer) ?? (
                  <Text span c="dimmed">
                    <span aria-hidden="true">—</span>
                    <VisuallyHidden>No name</VisuallyHidden>
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{chat.customer.number}</Table.Td>
              {info?.byHeader ? <Table.Td>{chat.waitingBy ?? ''}</Table.Td> : null}
              <Table.Td>{chat.lastMessage?.text ?? ''}</Table.Td>
              <Table.Td>{info?.type}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  onClick={() => setConfirming(chat)}
                  aria-label={`Pickup chat of ${knownName(chat.customer) ?? chat.customer.number}`}
                >
                  Pickup
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={handleClose}>
            Close
          </Button>
        </Group>
      </Modal>
      <ConfirmDialog
        opened={confirming !== null}
        title={`${info?.type ?? ''} chat`}
        message="Do you want pickup this chat ?"
        cancelLabel="Ignore"
        confirmLabel="Pickup"
        loading={takeChat.isPending}
        onConfirm={handlePickup}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
