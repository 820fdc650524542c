import { useState } from 'react';
import { Anchor, Badge, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  campaignLimits,
  campaignMessages,
  campaignStatusLabels,
  type CampaignFunnel,
} from '@parley/contracts/campaigns';
import { dateFormats, formatDatePattern } from '../../../../lib/format-date';
import { abbreviateNumber, formatPercent } from '../../../../lib/format-number';
import { DataTable } from '../../../../components/data-table/DataTable';
import { loadError } from '../../../../components/data-table/load-error';
import { useCampaignReport } from '../api/get-campaign-report';
import { usePagingFrom } from '../../../../lib/use-paging';

const PAGE_SIZE = campaignLimits.listPageSize;
const SEARCH_DEBOUNCE_MS = 300;

/** The funnel's numbers in a table row: targeted, sent, delivered, read, replied, clicked, failed. */
export const funnelColumns: { key: keyof CampaignFunnel; header: string }[] = [
  { key: 'targeted', header: 'Targeted' },
  { key: 'sent', header: 'Sent' },
  { key: 'delivered', header: 'Delivered' },
  { key: 'read', header: 'Read' },
  { key: 'replied', header: 'Replied' },
  { key: 'clicked', header: 'Clicked' },
  { key: 'failed', header: 'Failed' },
];

export function FunnelCells({ funnel }: { funnel: CampaignFunnel }) {
  return funnelColumns.map(({ key }) => (
    <Table.Td key={key} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
      <Text size="sm" title={funnel[key].toLocaleString('en')}>
        {abbreviateNumber(funnel[key] as number)}
      </Text>
      {key !== 'targeted' && key !== 'sent' && key !== 'failed' ? (
        <Text size="xs" c="dimmed">
          {formatPercent(funnel[key] as number, funnel.sent)}
        </Text>
      ) : null}
    </Table.Td>
  ));
}

/** /campaigns/report: every campaign with its funnel; a campaign opens its own report. */
export function CampaignReportListPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [from, setFrom] = usePagingFrom(debounced);
  const report = useCampaignReport({ from, perPage: PAGE_SIZE, ...(debounced ? { search: debounced } : {}) });
  const campaigns = report.data?.campaigns ?? [];

  return (
    <Stack gap="lg" maw={1400}>
      <div>
        <Title order={1} fz={24}>
          Campaign Report
        </Title>
        <Text c="dimmed" size="sm">
          What each campaign reached and earned: sent, delivered, read, replied and clicked (percentages of sent).
        </Text>
      </div>
      <TextInput
        label="Search"
        placeholder="Campaign name"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={280}
      />
      <DataTable
        label="Campaigns"
        minWidth={1100}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'status', header: 'Status', w: 150 },
          { key: 'lastRunAt', header: 'Last run', w: 170 },
          ...funnelColumns.map((column) => ({ ...column, ta: 'right' as const, w: 95 })),
        ]}
        rows={report.data ? campaigns : undefined}
        loading={report.isPending}
        stale={report.isPlaceholderData}
        empty={campaignMessages.noRecord}
        error={loadError(report, 'The campaign report could not be loaded')}
        pager={{
          from,
          pageSize: PAGE_SIZE,
          more: report.data?.more ?? false,
          busy: report.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(item) => (
          <Table.Tr key={item.campaignId}>
            <Table.Td>
              <Anchor component={Link} to={`/campaigns/report/${item.campaignId}`} size="sm" fw={500}>
                {item.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" radius="sm" tt="none">
                {campaignStatusLabels[item.status]}
              </Badge>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" c={item.lastRunAt ? undefined : 'dimmed'}>
                {item.lastRunAt ? formatDatePattern(item.lastRunAt, dateFormats.default) : '—'}
              </Text>
            </Table.Td>
            <FunnelCells funnel={item.funnel} />
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
