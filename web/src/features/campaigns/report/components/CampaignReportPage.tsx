import { useState } from 'react';
import { Anchor, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  exclusionLabels,
  type CampaignFunnel,
  type CampaignStats,
  type ExclusionReason,
} from '@parley/contracts/campaigns';
import { dateFormats, formatDatePattern } from '../../../../lib/format-date';
import { abbreviateNumber, formatMoney, formatPercent } from '../../../../lib/format-number';
import { ComparisonChart, ShareChart, TrendChart } from '../../../../components/charts/Charts';
import { DataTable } from '../../../../components/data-table/DataTable';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { useCampaignStats } from '../api/get-campaign-stats';
import { FunnelCards } from './FunnelCards';
import { RecipientsTable } from './RecipientsTable';

const ALL_RUNS = '';

/** A run's state as words: RUNNING → Running. */
const runStateLabel = (state: string) => state.charAt(0) + state.slice(1).toLowerCase();
const NOTHING = 'Nothing yet';

/** Delivered, read, replied and clicked as percentages of sent: how variants compare. */
const rateStages = [
  { key: 'delivered', label: 'Delivered' },
  { key: 'read', label: 'Read' },
  { key: 'replied', label: 'Replied' },
  { key: 'clicked', label: 'Clicked' },
] as const;
const rate = (funnel: CampaignFunnel, key: (typeof rateStages)[number]['key']) =>
  funnel.sent > 0 ? Math.round((funnel[key] / funnel.sent) * 1000) / 10 : 0;
const variantColors = ['blue.6', 'orange.6', 'teal.6', 'grape.6'];

/** The outcome split of the donut: every targeted recipient once. */
function outcomeSplit(funnel: CampaignFunnel) {
  return [
    { name: 'Read', value: funnel.read, color: 'cyan.6' },
    { name: 'Delivered, not read', value: Math.max(0, funnel.delivered - funnel.read), color: 'teal.6' },
    { name: 'Failed', value: funnel.failed, color: 'red.6' },
    { name: 'Excluded', value: funnel.excluded, color: 'orange.6' },
    { name: 'Pending', value: funnel.pending, color: 'gray.5' },
  ];
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </div>
  );
}

function Breakdowns({ stats }: { stats: CampaignStats }) {
  const { funnel } = stats;
  const exclusions = Object.entries(stats.excludedBy).filter(([, count]) => count > 0);
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="md" mb="sm">
          Cost and fallback
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          <Figure label="Cost" value={formatMoney(funnel.cost, funnel.currencySymbol)} />
          <Figure
            label="Failed"
            value={abbreviateNumber(funnel.failed)}
            hint={`${formatPercent(funnel.failed, funnel.sent)} of sent`}
          />
          <Figure label="Fallback sent" value={abbreviateNumber(funnel.fallbackSent)} />
          <Figure
            label="Fallback delivered"
            value={abbreviateNumber(funnel.fallbackDelivered)}
            hint={`${formatPercent(funnel.fallbackDelivered, funnel.fallbackSent)} of fallback sent`}
          />
          <Figure
            label="Pending"
            value={abbreviateNumber(funnel.pending)}
            hint={
              funnel.waitingQuietHours > 0
                ? `${abbreviateNumber(funnel.waitingQuietHours)} waiting for quiet hours to end on the customer's clock`
                : undefined
            }
          />
        </SimpleGrid>
      </Paper>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Failed by error
        </Title>
        <DataTable
          label="Failed by error"
          columns={[
            { key: 'error', header: 'Error' },
            { key: 'count', header: 'Recipients', ta: 'right', w: 100 },
          ]}
          rows={stats.failedBy}
          loading={false}
          empty="No failures"
          renderRow={(row) => (
            <Table.Tr key={row.code}>
              <Table.Td>
                <Text size="sm">
                  {row.code ? `${row.code}: ` : ''}
                  {row.text}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{abbreviateNumber(row.count)}</Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Excluded by reason
        </Title>
        <DataTable
          label="Excluded by reason"
          columns={[
            { key: 'reason', header: 'Reason' },
            { key: 'count', header: 'Recipients', ta: 'right', w: 100 },
          ]}
          rows={exclusions}
          loading={false}
          empty="Nobody was excluded"
          renderRow={([reason, count]) => (
            <Table.Tr key={reason}>
              <Table.Td>
                <Text size="sm">{exclusionLabels[reason as ExclusionReason] ?? reason}</Text>
              </Table.Td>
              <Table.Td ta="right">{abbreviateNumber(count)}</Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
    </SimpleGrid>
  );
}

function Charts({ stats }: { stats: CampaignStats }) {
  const ab = stats.variants.length > 1;
  const comparison = rateStages.map((stage) => ({
    stage: stage.label,
    ...Object.fromEntries(stats.variants.map((variant) => [variant.label, rate(variant.funnel, stage.key)])),
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <TrendChart
        title="Daily activity"
        description="Sent, delivered, read and replied per day"
        empty="Nothing sent yet"
        data={stats.daily}
        dataKey="date"
        series={[
          { name: 'sent', label: 'Sent', color: 'blue.6' },
          { name: 'delivered', label: 'Delivered', color: 'teal.6' },
          { name: 'read', label: 'Read', color: 'cyan.6' },
          { name: 'replied', label: 'Replied', color: 'grape.6' },
        ]}
      />
      <ShareChart
        title="Outcomes"
        description="Every targeted recipient, by where their message ended"
        data={outcomeSplit(stats.funnel)}
        centre={abbreviateNumber(stats.funnel.targeted)}
      />
      {ab ? (
        <ComparisonChart
          title="A/B comparison"
          description="Rates as a percentage of sent, variant by variant"
          data={comparison}
          dataKey="stage"
          series={stats.variants.map((variant, index) => ({
            name: variant.label,
            label: `${variant.label} (${variant.templateName})`,
            color: variantColors[index % variantColors.length]!,
          }))}
          valueFormatter={(value) => `${value}%`}
        />
      ) : null}
      {ab ? (
        <Stack gap="xs">
          <Title order={3} fz="md">
            Variants
          </Title>
          <DataTable
            label="Variants"
            columns={[
              { key: 'variant', header: 'Variant' },
              { key: 'sent', header: 'Sent', ta: 'right' },
              ...rateStages.map((stage) => ({ key: stage.key, header: stage.label, ta: 'right' as const })),
            ]}
            rows={stats.variants}
            loading={false}
            empty={NOTHING}
            renderRow={(variant) => (
              <Table.Tr key={variant.label}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {variant.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {variant.templateName}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{abbreviateNumber(variant.funnel.sent)}</Table.Td>
                {rateStages.map((stage) => (
                  <Table.Td key={stage.key} ta="right">
                    {`${rate(variant.funnel, stage.key)}%`}
                  </Table.Td>
                ))}
              </Table.Tr>
            )}
          />
        </Stack>
      ) : null}
    </SimpleGrid>
  );
}

function ClicksByUrl({ stats }: { stats: CampaignStats }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        Clicks by link
      </Title>
      <DataTable
        label="Clicks by link"
        columns={[
          { key: 'url', header: 'Link' },
          { key: 'clicks', header: 'Clicks', ta: 'right', w: 100 },
          { key: 'unique', header: 'Recipients who clicked', ta: 'right', w: 190 },
        ]}
        rows={stats.clicksByUrl}
        loading={false}
        empty="No clicks yet"
        renderRow={(row) => (
          <Table.Tr key={row.url}>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {row.url}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{abbreviateNumber(row.clicks)}</Table.Td>
            <Table.Td ta="right">{abbreviateNumber(row.uniqueClicks)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}

/** /campaigns/report/:id: one campaign's funnel, charts, breakdowns and recipients, for all runs or one. */
export function CampaignReportPage({ campaignId }: { campaignId: string }) {
  const [runId, setRunId] = useState(ALL_RUNS);
  const stats = useCampaignStats(campaignId, runId || undefined);
  // The run list comes with every answer; keep offering it while one run's numbers load.
  const runs = stats.data?.runs ?? [];

  return (
    <Stack gap="lg" maw={1400}>
      <Anchor component={Link} to="/campaigns/report" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          All campaigns
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            {stats.data ? stats.data.name : 'Campaign Report'}
          </Title>
          <Text c="dimmed" size="sm">
            Targeted → excluded → sent → delivered → read → replied → clicked.
          </Text>
        </div>
        <Select
          label="Run"
          data={[
            { value: ALL_RUNS, label: 'All runs' },
            ...runs.map((run) => ({
              value: run.id,
              label: `${formatDatePattern(run.occurrence, dateFormats.default)} · ${runStateLabel(run.state)}`,
            })),
          ]}
          value={runId}
          allowDeselect={false}
          onChange={(value) => setRunId(value ?? ALL_RUNS)}
          w={300}
          disabled={runs.length === 0}
        />
      </Group>
      {stats.isError ? (
        <QueryErrorAlert
          title="The campaign report could not be loaded"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
        />
      ) : stats.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the report">
          <Skeleton h={110} radius="md" />
          <Skeleton h={280} radius="md" />
        </Stack>
      ) : (
        <Stack gap="lg" style={{ opacity: stats.isPlaceholderData ? 0.6 : 1 }}>
          <FunnelCards funnel={stats.data.funnel} />
          <Charts stats={stats.data} />
          <Breakdowns stats={stats.data} />
          <ClicksByUrl stats={stats.data} />
        </Stack>
      )}
      <RecipientsTable
        campaignId={campaignId}
        runId={runId || undefined}
        withVariants={(stats.data?.variants.length ?? 0) > 1}
      />
    </Stack>
  );
}
