import { Alert, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { MessageStatusHistory } from '@parley/contracts/broadcasts';
import { formatDatePattern } from '../../../lib/format-date';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { useMessageStatus } from '../api/get-message-status';
import { DeliveryStatus } from './DeliveryStatus';
import { HISTORY_DATE_PATTERN } from './broadcast-format';

const HISTORY_COLUMNS: DataTableColumn[] = [
  { key: 'status', header: 'Status', w: 150 },
  { key: 'time', header: 'Date & Time', w: 210 },
  { key: 'description', header: 'Description' },
];

type MessageStatusEntry = MessageStatusHistory['messageStatuses'][number];

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
            <DataTable<MessageStatusEntry>
              label="Status history"
              columns={HISTORY_COLUMNS}
              rows={status.data?.messageStatuses}
              loading={status.isPending}
              skeletonRows={1}
              empty="No Record"
              tableProps={{ verticalSpacing: 'xs', highlightOnHover: false }}
              renderRow={(entry, { index }) => (
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
              )}
            />
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
