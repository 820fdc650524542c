import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { campaignMessages } from '@parley/contracts/campaigns';
import { dateFormats, formatDatePattern } from '../../../../lib/format-date';
import { showToast } from '../../../../lib/toast';
import { DeliveryStatusBadge } from '../../../../components/DeliveryStatusBadge';
import { DataTable } from '../../../../components/data-table/DataTable';
import { loadError } from '../../../../components/data-table/load-error';
import { useExportCampaignRecipients } from '../api/export-campaign-recipients';
import { RECIPIENTS_PAGE_SIZE, useCampaignRecipients } from '../api/get-campaign-recipients';
import { usePagingFrom } from '../../../../lib/use-paging';

const SEARCH_DEBOUNCE_MS = 300;
const ANY = '';

/** The server's recipient filter (the funnel's stages; GET /api/campaigns/:id/recipients?status=). */
export const recipientStatusOptions = [
  { value: ANY, label: 'Any Status' },
  { value: 'pending', label: 'Pending' },
  { value: 'sent', label: 'Sent' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'read', label: 'Read' },
  { value: 'replied', label: 'Replied' },
  { value: 'clicked', label: 'Clicked' },
  { value: 'failed', label: 'Failed' },
  { value: 'excluded', label: 'Excluded' },
];

/** A row's status: pending, sent, delivered, read, failed, excluded, or cancelled (a stopped campaign). */
const statusLabel = (status: string) => {
  const lower = status.toLowerCase();
  return lower ? lower[0]!.toUpperCase() + lower.slice(1) : status;
};

/** One row per recipient (page 20), by status and number or name, with the CSV export of the same filters. */
export function RecipientsTable({
  campaignId,
  runId,
  withVariants,
}: {
  campaignId: string;
  runId?: string;
  withVariants: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState(ANY);
  const filterKey = `${runId ?? ''}|${status}|${debounced}`;
  const [from, setFrom] = usePagingFrom(filterKey);
  const filters = {
    ...(runId ? { runId } : {}),
    ...(status ? { status } : {}),
    ...(debounced ? { search: debounced } : {}),
  };
  const recipients = useCampaignRecipients(campaignId, { from, perPage: RECIPIENTS_PAGE_SIZE, ...filters });
  const exporter = useExportCampaignRecipients();
  const rows = recipients.data?.recipients ?? [];

  const handleExport = () =>
    exporter.mutate(
      { campaignId, ...filters },
      { onSuccess: (name) => showToast(`${name} downloaded`, { tone: 'success' }) },
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="lg">
          Recipients
        </Title>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={exporter.isPending}
          onClick={handleExport}
        >
          Export CSV
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search recipients"
          placeholder="Number or name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={260}
        />
        <Select
          label="Recipient status"
          data={recipientStatusOptions}
          value={status}
          allowDeselect={false}
          onChange={(value) => setStatus(value ?? ANY)}
          w={200}
        />
      </Group>
      {exporter.isError ? (
        <Alert color="red" variant="light" role="alert" title="The export failed">
          {exporter.error.message}
        </Alert>
      ) : null}
      <DataTable
        label="Recipients"
        minWidth={1000}
        columns={[
          { key: 'phone', header: 'Number', w: 150 },
          { key: 'name', header: 'Name' },
          ...(withVariants ? [{ key: 'variant', header: 'Variant', w: 80 }] : []),
          { key: 'status', header: 'Status', w: 110 },
          { key: 'statusTime', header: 'Status time', w: 170 },
          { key: 'error', header: 'Error' },
          { key: 'replied', header: 'Replied', w: 80 },
          { key: 'clicked', header: 'Clicked', w: 80 },
          { key: 'fallback', header: 'Fallback', w: 110 },
        ]}
        rows={recipients.data ? rows : undefined}
        loading={recipients.isPending}
        stale={recipients.isPlaceholderData}
        empty={campaignMessages.noRecord}
        error={loadError(recipients, 'The recipients could not be loaded')}
        pager={{
          from,
          pageSize: RECIPIENTS_PAGE_SIZE,
          more: recipients.data?.more ?? false,
          busy: recipients.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(row, { index }) => (
          <Table.Tr key={`${row.phone}-${index}`}>
            <Table.Td>
              <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.phone}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={row.name ? undefined : 'dimmed'}>
                {row.name ?? '—'}
              </Text>
            </Table.Td>
            {withVariants ? (
              <Table.Td>
                <Text size="sm">{row.variant ?? '—'}</Text>
              </Table.Td>
            ) : null}
            <Table.Td>
              <DeliveryStatusBadge status={row.status} label={statusLabel(row.status)} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" c={row.statusTime ? undefined : 'dimmed'}>
                {row.statusTime ? formatDatePattern(row.statusTime, dateFormats.default) : '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text
                size="xs"
                c={row.error && row.status !== 'pending' ? 'red.8' : 'dimmed'}
                style={{ wordBreak: 'break-word' }}
              >
                {row.error ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{row.replied ? 'Yes' : 'No'}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{row.clicked ? 'Yes' : 'No'}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={row.fallback ? undefined : 'dimmed'}>
                {row.fallback ? statusLabel(row.fallback) : '—'}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
