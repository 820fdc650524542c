import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { broadcastMessages, type BroadcastDetail, type BroadcastMessageRow } from '@parley/contracts/broadcasts';
import { ApiError } from '../../../lib/api-client';
import { formatDatePattern } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { TemplatePreview } from '../../../components/template-preview/TemplatePreview';
import { isRunning, useBroadcast } from '../api/get-broadcast';
import { MESSAGES_PAGE_SIZE, useBroadcastMessages } from '../api/get-broadcast-messages';
import { useRetryFailed } from '../api/retry-failed';
import { useBroadcastEvents, type BroadcastsRealtime } from '../realtime/use-broadcast-events';
import { BroadcastProgress, count } from './BroadcastProgress';
import { BroadcastStatusBadge } from './BroadcastStatusBadge';
import { DeliveryStatus } from './DeliveryStatus';
import { MessageStatusDialog } from './MessageStatusDialog';
import { DATE_PATTERN, broadcastsPath, mappingTypeLabels, previewValues } from './broadcast-format';

const MESSAGE_COLUMNS: DataTableColumn[] = [
  { key: 'from', header: 'From' },
  { key: 'to', header: 'To' },
  { key: 'sent', header: 'Sent Date', w: 210 },
  { key: 'status', header: 'Status', w: 260 },
];
/** How many of the numbers the request shows before '… and N more'. */
const NUMBERS_SHOWN = 50;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" mt={2}>
        {children}
      </Text>
    </div>
  );
}

function Stat({ label, value, color, hint }: { label: string; value: number; color?: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" px="sm" py={8} role="group" aria-label={label}>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        {hint ? (
          <Tooltip label={hint} multiline w={260} withArrow>
            <IconInfoCircle size={13} aria-label={hint} color="var(--mantine-color-dimmed)" />
          </Tooltip>
        ) : null}
      </Group>
      <Text fz={20} fw={600} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {count(value)}
      </Text>
    </Paper>
  );
}

function RequestPanel({ detail }: { detail: BroadcastDetail }) {
  const numbers = detail.phoneNumbers;
  const shown = numbers.slice(0, NUMBERS_SHOWN).join(', ');
  const rest = numbers.length - NUMBERS_SHOWN;
  const media = detail.message.template.media;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Request" component="section">
      <Stack gap="sm">
        <Title order={2} fz={16}>
          Request
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label="Channel">{detail.channelName}</Field>
          <Field label="Template">{detail.message.template.templateId}</Field>
          <Field label="Initiated By">{detail.user.name}</Field>
          <Field label="Created On">{formatDatePattern(detail.createdOn, DATE_PATTERN)}</Field>
          <Field label="Pace">{count(detail.messagesPerSecond)} messages a second</Field>
          {media ? (
            <Field label="Attachment">
              {media.type === 'DOCUMENT' ? 'DOC' : media.type}: {media.fileName || 'file'}
            </Field>
          ) : null}
        </SimpleGrid>
        <Textarea
          label={`Mobile Numbers (${count(numbers.length)})`}
          value={rest > 0 ? `${shown} … and ${count(rest)} more` : shown}
          readOnly
          disabled
          rows={numbers.length > 6 ? 3 : 1}
          resize="vertical"
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Variable Mapping
          </Text>
          {detail.columnMapping.length === 0 ? (
            <Text size="sm" c="dimmed">
              This template has no variables.
            </Text>
          ) : (
            <Table withTableBorder verticalSpacing={4} aria-label="Variable Mapping">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Variable</Table.Th>
                  <Table.Th>Filled With</Table.Th>
                  <Table.Th>Value</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.columnMapping.map((mapping) => (
                  <Table.Tr key={mapping.variable}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {mapping.variable}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{mappingTypeLabels[mapping.type]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-word' }}>
                        {mapping.value}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

function ProgressPanel({ detail }: { detail: BroadcastDetail }) {
  const retry = useRetryFailed(detail.id);
  const { progress } = detail;
  const handleRetry = () =>
    retry.mutate(undefined, {
      onSuccess: (answer) => showToast(broadcastMessages.retryQueued(answer.queued), { tone: 'success' }),
    });
  return (
    <Paper withBorder radius="md" p="md" aria-label="Progress" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={16}>
            Progress
          </Title>
          {detail.retryable > 0 ? (
            <Button
              size="xs"
              variant="light"
              color="orange"
              leftSection={<IconRefresh size={14} />}
              loading={retry.isPending}
              onClick={handleRetry}
            >
              Retry Failed ({count(detail.retryable)})
            </Button>
          ) : null}
        </Group>
        <BroadcastProgress name={detail.name} progress={progress} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Stat label="Total" value={progress.total} />
          <Stat label="Sent" value={progress.sent} />
          <Stat label="Delivered" value={progress.delivered} color="teal" />
          <Stat label="Read" value={progress.read} color="cyan.8" />
          <Stat label="Failed" value={progress.failed} color={progress.failed > 0 ? 'red.8' : undefined} />
          <Stat
            label="Blocked"
            value={progress.blocked}
            hint="On the blacklist or opted out (replied STOP) when their turn came: not sent."
          />
          <Stat label="Pending" value={progress.pending} />
          <Stat
            label="Possible Duplicates"
            value={progress.possibleDuplicates}
            color={progress.possibleDuplicates > 0 ? 'yellow' : undefined}
            hint="Messages sent again after a server crash because the vendor's answer to the first attempt was not recorded."
          />
        </SimpleGrid>
        <Group gap="lg">
          <Text size="xs" c="dimmed">
            Started: {detail.startedAt ? formatDatePattern(detail.startedAt, DATE_PATTERN) : '—'}
          </Text>
          <Text size="xs" c="dimmed">
            Completed: {detail.completedAt ? formatDatePattern(detail.completedAt, DATE_PATTERN) : '—'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One message of the broadcast; a click or Enter opens its status history. */
function MessageRow({ row, onOpen }: { row: BroadcastMessageRow; onOpen: () => void }) {
  return (
    <Table.Tr
      tabIndex={0}
      aria-label={`Message to ${row.to}: ${row.currentDeliveryStatus}`}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen();
        }
      }}
      style={{ cursor: 'pointer' }}
    >
      <Table.Td>
        <Text size="sm">{row.from}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.to}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" c={row.currentDeliveryStatusTime ? undefined : 'dimmed'}>
          {row.currentDeliveryStatusTime ? formatDatePattern(row.currentDeliveryStatusTime, DATE_PATTERN) : '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <DeliveryStatus status={row.currentDeliveryStatus} />
        {row.errorText || row.errorCode ? (
          <Text size="xs" c="red.8" lineClamp={2} title={row.errorText ?? undefined}>
            {row.errorCode ? `${row.errorCode}: ` : ''}
            {row.errorText}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

function MessagesTable({ detail, poll }: { detail: BroadcastDetail; poll: boolean }) {
  const [from, setFrom] = useState(0);
  const [opened, setOpened] = useState<BroadcastMessageRow | null>(null);
  const list = useBroadcastMessages(detail.id, { from, perPage: MESSAGES_PAGE_SIZE }, poll);
  const rows = list.data?.message ?? [];
  return (
    <Stack gap="sm" component="section" aria-label="Messages">
      <Title order={2} fz={16}>
        Messages
      </Title>
      <DataTable<BroadcastMessageRow>
        label="Messages"
        columns={MESSAGE_COLUMNS}
        rows={list.data?.message}
        loading={list.isPending}
        skeletonRows={3}
        empty={broadcastMessages.noRecord}
        stale={list.isPlaceholderData}
        error={loadError(list, 'The messages could not be loaded')}
        minWidth={700}
        tableProps={{ horizontalSpacing: 'md' }}
        pager={{
          from,
          pageSize: MESSAGES_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: setFrom,
          summary: rows.length > 0 ? 'Select a message to see its status history.' : '',
        }}
        renderRow={(row) => <MessageRow key={row.id} row={row} onOpen={() => setOpened(row)} />}
      />
      {opened ? (
        <MessageStatusDialog
          broadcastId={detail.id}
          messageId={opened.id}
          to={opened.to}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </Stack>
  );
}

interface BroadcastViewPageProps {
  realtime: BroadcastsRealtime;
}

/** The read-only view of a sent broadcast (engagement.md §2.10, §2.18): request, preview, progress, messages. */
export function BroadcastViewPage({ realtime }: BroadcastViewPageProps) {
  const { id = '' } = useParams();
  const { live } = useBroadcastEvents(realtime);
  const broadcast = useBroadcast(id, !live);
  const detail = broadcast.data;
  const notFound = broadcast.error instanceof ApiError && broadcast.error.httpStatus === 404;

  return (
    <Stack gap="lg" maw={1280}>
      <Anchor component={Link} to={broadcastsPath} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Back to Broadcasts
        </Group>
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1} fz={24}>
          {broadcastMessages.heading}
        </Title>
        {detail ? <BroadcastStatusBadge status={detail.status} /> : null}
        {detail && isRunning(detail.status) ? (
          <Badge variant="dot" color={live ? 'teal' : 'gray'} tt="none">
            {live ? 'Live' : 'Refreshing every few seconds'}
          </Badge>
        ) : null}
      </Group>

      {notFound ? (
        <Alert color="yellow" variant="light" role="alert" title="Broadcast not found">
          This broadcast does not exist or belongs to another enterprise.
        </Alert>
      ) : broadcast.isError ? (
        <QueryErrorAlert
          title="The broadcast could not be loaded"
          message={broadcast.error.message}
          onRetry={() => void broadcast.refetch()}
        />
      ) : !detail ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton h={320} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={320} radius="md" />
          </Grid.Col>
        </Grid>
      ) : (
        <>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                <ProgressPanel detail={detail} />
                <RequestPanel detail={detail} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="xs" align="center" pos="sticky" top={16}>
                <TemplatePreview
                  businessName={detail.channelName}
                  components={detail.message.template.components}
                  parameterFormat={detail.message.template.parameterFormat === 'NAMED' ? 'NAMED' : 'POSITIONAL'}
                  values={previewValues(detail)}
                  sentAt={new Date(detail.startedAt ?? detail.createdOn)}
                  status={
                    detail.progress.read > 0
                      ? 'read'
                      : detail.progress.delivered > 0
                        ? 'delivered'
                        : detail.progress.sent > 0
                          ? 'sent'
                          : 'accepted'
                  }
                />
                <Text size="xs" c="dimmed" ta="center" maw={320}>
                  Constants as sent; a [column] is filled from each customer&apos;s record.
                </Text>
              </Stack>
            </Grid.Col>
          </Grid>
          <MessagesTable detail={detail} poll={!live && isRunning(detail.status)} />
        </>
      )}
    </Stack>
  );
}
