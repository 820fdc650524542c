import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { dateFormats, formatDatePattern } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { DeliveryStatusBadge } from '../../../components/DeliveryStatusBadge';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import type { DeliveryReportFilters } from '../api/delivery-report-keys';
import { useExportDeliveryReport } from '../api/export-delivery-report';
import { REPORT_PAGE_SIZE, useDeliveryReport } from '../api/get-delivery-report';
import { useReportChannels } from '../api/get-report-channels';

const DATE_PATTERN = dateFormats.default;
const DEFAULT_RANGE_DAYS = 7;
const ANY = '';

export const statusOptions = [
  { value: ANY, label: 'Any Status' },
  { value: 'READ', label: 'Read' },
  { value: 'DELIVERED', label: 'Delivered' },
  { value: 'SUCCESS', label: 'Sent (Success)' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'RECEIVED', label: 'Received' },
];

export const sourceOptions = [
  { value: ANY, label: 'Any Source' },
  { value: 'broadcast', label: 'Broadcast' },
  { value: 'test', label: 'Template Test' },
  { value: 'session', label: 'Session Message' },
  { value: 'chat', label: 'Chat' },
  { value: 'inbound', label: 'Inbound' },
];

interface FilterForm {
  channelId: string;
  customerNumber: string;
  startDay: string;
  endDay: string;
  status: string;
  source: string;
  messageId: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The default filters: every message of the last 7 days up to today. */
export function defaultForm(now: Date = new Date()): FilterForm {
  const start = new Date(now);
  start.setDate(start.getDate() - DEFAULT_RANGE_DAYS);
  return {
    channelId: ANY,
    customerNumber: '',
    startDay: dayOf(start),
    endDay: dayOf(now),
    status: ANY,
    source: ANY,
    messageId: '',
  };
}

/** Days picked in the browser's time zone become the instants the server filters by. */
export function toFilters(form: FilterForm): DeliveryReportFilters {
  const filters: DeliveryReportFilters = {};
  if (form.channelId) filters.channelId = form.channelId;
  if (form.customerNumber.trim()) filters.customerNumber = form.customerNumber.trim();
  if (form.startDay) filters.fromDate = new Date(`${form.startDay}T00:00:00`).toISOString();
  if (form.endDay) filters.toDate = new Date(`${form.endDay}T23:59:59.999`).toISOString();
  if (form.status) filters.status = form.status;
  if (form.source) filters.source = form.source;
  if (form.messageId.trim()) filters.messageId = form.messageId.trim();
  return filters;
}

const directionLabel = (direction: string) =>
  direction.toLowerCase().startsWith('in')
    ? 'Inbound'
    : direction.toLowerCase().startsWith('out')
      ? 'Outbound'
      : direction;

/** /admin/report: every message by channel, number, dates, status, source and id, with CSV export (platform §7.1). */
export function DeliveryReportPage({ canListChannels }: { canListChannels: boolean }) {
  const [form, setForm] = useState<FilterForm>(defaultForm);
  const [filters, setFilters] = useState<DeliveryReportFilters>(() => toFilters(defaultForm()));
  const [from, setFrom] = useState(0);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const channels = useReportChannels(canListChannels);
  const report = useDeliveryReport({ ...filters, from, perPage: REPORT_PAGE_SIZE });
  const exporter = useExportDeliveryReport();
  const messages = report.data?.messages ?? [];

  const set = (change: Partial<FilterForm>) => setForm((previous) => ({ ...previous, ...change }));
  const handleApply = (event: React.FormEvent) => {
    event.preventDefault();
    if (form.startDay && form.endDay && form.startDay > form.endDay) {
      setRangeError('Start Date must be on or before End Date');
      return;
    }
    setRangeError(null);
    setFilters(toFilters(form));
    setFrom(0);
  };
  const handleReset = () => {
    const fresh = defaultForm();
    setRangeError(null);
    setForm(fresh);
    setFilters(toFilters(fresh));
    setFrom(0);
  };
  const handleExport = () =>
    exporter.mutate(filters, { onSuccess: (name) => showToast(`${name} downloaded`, { tone: 'success' }) });

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Delivery Report
          </Title>
          <Text c="dimmed" size="sm">
            Every message sent or received on your channels, with its latest status.
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={exporter.isPending}
          onClick={handleExport}
        >
          Export CSV
        </Button>
      </Group>

      <Paper withBorder radius="md" p="md" component="form" onSubmit={handleApply} noValidate aria-label="Filters">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
          {canListChannels ? (
            <Select
              label="Channel"
              data={[{ value: ANY, label: 'Any Channel' }, ...(channels.data ?? [])]}
              value={form.channelId}
              onChange={(value) => set({ channelId: value ?? ANY })}
              allowDeselect={false}
              searchable
              nothingFoundMessage="No channel matches"
              error={channels.isError ? channels.error.message : undefined}
            />
          ) : null}
          <TextInput
            label="Customer Number"
            placeholder="e.g. +919876543210"
            value={form.customerNumber}
            onChange={(event) => set({ customerNumber: event.currentTarget.value })}
          />
          <TextInput
            label="Start Date"
            type="date"
            value={form.startDay}
            max={form.endDay || undefined}
            error={rangeError}
            onChange={(event) => set({ startDay: event.currentTarget.value })}
          />
          <TextInput
            label="End Date"
            type="date"
            value={form.endDay}
            min={form.startDay || undefined}
            onChange={(event) => set({ endDay: event.currentTarget.value })}
          />
          <Select
            label="Status"
            data={statusOptions}
            value={form.status}
            allowDeselect={false}
            onChange={(value) => set({ status: value ?? ANY })}
          />
          <Select
            label="Source"
            data={sourceOptions}
            value={form.source}
            allowDeselect={false}
            onChange={(value) => set({ source: value ?? ANY })}
          />
          <TextInput
            label="Message Id"
            placeholder="The channel's message id"
            value={form.messageId}
            onChange={(event) => set({ messageId: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button variant="subtle" onClick={handleReset}>
            Reset
          </Button>
          <Button type="submit">Apply</Button>
        </Group>
      </Paper>
      {exporter.isError ? (
        <Alert color="red" variant="light" role="alert" title="The export failed">
          {exporter.error.message}
        </Alert>
      ) : null}

      <DataTable
        label="Messages"
        minWidth={960}
        tableProps={{ horizontalSpacing: 'sm' }}
        columns={[
          { key: 'createdOn', header: 'Created On', w: 165 },
          { key: 'channel', header: 'Channel' },
          { key: 'direction', header: 'Direction', w: 95 },
          { key: 'number', header: 'Number', w: 140 },
          { key: 'template', header: 'Template' },
          { key: 'messageId', header: 'Message Id', w: 150 },
          { key: 'status', header: 'Status', w: 110 },
          { key: 'error', header: 'Error' },
        ]}
        rows={report.data ? messages : undefined}
        loading={report.isPending}
        stale={report.isPlaceholderData}
        empty="No Record"
        error={loadError(report, 'The report could not be loaded')}
        pager={{
          from,
          pageSize: REPORT_PAGE_SIZE,
          more: report.data?.more ?? false,
          busy: report.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(message) => (
          <Table.Tr key={message.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatDatePattern(message.createdOn, DATE_PATTERN)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{message.channelName}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{directionLabel(message.direction)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {message.customerNumber}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={message.templateName ? undefined : 'dimmed'}>
                {message.templateName ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text
                size="xs"
                ff="monospace"
                truncate="end"
                maw={150}
                title={message.messageId ?? undefined}
                c={message.messageId ? undefined : 'dimmed'}
              >
                {message.messageId ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <DeliveryStatusBadge status={message.status} />
            </Table.Td>
            <Table.Td>
              {message.errorCode || message.errorText ? (
                <Text size="xs" c="red.8" style={{ wordBreak: 'break-word' }}>
                  {message.errorCode ? `${message.errorCode}: ` : ''}
                  {message.errorText}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
