import { Alert, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDatePattern } from '../../../lib/format-date';
import { TableEmptyRow } from '../../../components/TableEmptyRow';
import { useMessageStatus } from '../api/get-message-status';
import { DeliveryStatus } from './DeliveryStatus';
import { HISTORY_DATE_PATTERN } from './broadcast-format';

interface MessageStatusDialogProps {
  broadcastId: string;
  messageId: string;
  /** The number the message went to, for the title. */
  to: string;
  onClose: () => void;
}

/** The Message Status dialog (engagement.md §2.18): current status, channel message id, history. */
export function MessageStatusDialog({ broadcastId, messageId, to, onClose }: MessageStatusDialogProps) {
  const status = useMessageStatus(broadcastId, messageId);
  const history = status.data?.messageStatuses ?? [];
  return (
    <Modal opened onClose={onClose} title="Message Status" size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          To {to}
        </Text>
        {status.isError ? (
          <Alert color="red" variant="light" role="alert" title="The message status could not be loaded">
            <Group gap="sm">
              <Text size="sm">{status.error.message}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void status.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Paper withBorder radius="md" p="sm">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} id="current-status-label">
                  Current Status
                </Text>
                <div aria-labelledby="current-status-label" role="group">
                  {status.data ? (
                    <DeliveryStatus status={status.data.currentDeliveryStatus} size="md" />
                  ) : (
                    <Skeleton h={20} mt={4} />
                  )}
                </div>
              </Paper>
              <Paper withBorder radius="md" p="sm">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Channel message Id
                </Text>
                {status.data ? (
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} mt={2}>
                    {status.data.transId ?? '—'}
                  </Text>
                ) : (
                  <Skeleton h={20} mt={4} />
                )}
              </Paper>
            </SimpleGrid>
            <Table withTableBorder verticalSpacing="xs" aria-label="Status history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={150}>Status</Table.Th>
                  <Table.Th w={210}>Date &amp; Time</Table.Th>
                  <Table.Th>Description</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {status.isPending ? (
                  <Table.Tr>
                    <Table.Td colSpan={3}>
                      <Skeleton h={14} />
                    </Table.Td>
                  </Table.Tr>
                ) : history.length === 0 ? (
                  <TableEmptyRow columns={3} message="No Record" />
                ) : (
                  history.map((entry, index) => (
                    <Table.Tr key={`${entry.status}-${entry.messageStatusTime}-${index}`}>
                      <Table.Td>
                        <DeliveryStatus status={entry.status} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatDatePattern(entry.messageStatusTime, HISTORY_DATE_PATTERN)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ wordBreak: 'break-word' }}>
                          {entry.msg || '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
