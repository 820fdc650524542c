import { useState } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import { campaignLimits, campaignMessages } from '@parley/contracts/campaigns';
import { dateFormats, formatDatePattern } from '../../../../lib/format-date';
import { DataTable } from '../../../../components/data-table/DataTable';
import { loadError } from '../../../../components/data-table/load-error';
import { useExternalReport } from '../api/get-external-report';
import { FunnelCells, funnelColumns } from './CampaignReportListPage';

const PAGE_SIZE = campaignLimits.listPageSize;

/** /campaigns/externalreport: broadcasts other systems sent under a campaign id of theirs (platform §2.2). */
export function ExternalReportPage() {
  const [from, setFrom] = useState(0);
  const report = useExternalReport(from, PAGE_SIZE);
  const campaigns = report.data?.campaigns ?? [];
  return (
    <Stack gap="lg" maw={1400}>
      <div>
        <Title order={1} fz={24}>
          External Campaign Report
        </Title>
        <Text c="dimmed" size="sm">
          Broadcasts sent through the API under an external campaign id, with their funnel per id.
        </Text>
      </div>
      <DataTable
        label="External campaigns"
        minWidth={1000}
        columns={[
          { key: 'externalId', header: 'External Id' },
          { key: 'broadcasts', header: 'Broadcasts', ta: 'right', w: 110 },
          { key: 'lastSentAt', header: 'Last sent', w: 170 },
          ...funnelColumns.map((column) => ({ ...column, ta: 'right' as const, w: 95 })),
        ]}
        rows={report.data ? campaigns : undefined}
        loading={report.isPending}
        stale={report.isPlaceholderData}
        empty={campaignMessages.noRecord}
        error={loadError(report, 'The external campaign report could not be loaded')}
        pager={{
          from,
          pageSize: PAGE_SIZE,
          more: report.data?.more ?? false,
          busy: report.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(item) => (
          <Table.Tr key={item.externalId}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {item.externalId}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{item.broadcasts.toLocaleString('en')}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" c={item.lastSentAt ? undefined : 'dimmed'}>
                {item.lastSentAt ? formatDatePattern(item.lastSentAt, dateFormats.default) : '—'}
              </Text>
            </Table.Td>
            <FunnelCells funnel={item.funnel} />
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
