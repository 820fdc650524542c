import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCoin, IconSearch, IconSend } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { broadcastLimits, broadcastMessages, type BroadcastListItem } from '@parley/contracts/broadcasts';
import { formatDatePattern } from '../../../lib/format-date';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { BROADCASTS_PAGE_SIZE, useBroadcasts } from '../api/get-broadcasts';
import { useBroadcastEvents, type BroadcastsRealtime } from '../realtime/use-broadcast-events';
import { BroadcastProgress } from './BroadcastProgress';
import { BroadcastStatusBadge } from './BroadcastStatusBadge';
import { DATE_PATTERN, broadcastCreatePath, broadcastPath } from './broadcast-format';
import { RateCardDialog } from './RateCardDialog';
import { usePagingFrom } from '../../../lib/use-paging';

/** Search debounce of the broadcast list (engagement.md §9). */
export const SEARCH_DEBOUNCE_MS = 300;

const pad = (value: number) => String(value).padStart(2, '0');
/** A day as the date input holds it (yyyy-MM-dd), in the browser's time zone. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default range: the last 7 days up to today (engagement.md §9). */
export function defaultRange(now: Date = new Date()) {
  const start = new Date(now);
  start.setDate(start.getDate() - broadcastLimits.defaultRangeDays);
  return { startDay: dayOf(start), endDay: dayOf(now) };
}

const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const endOf = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

interface BroadcastsPageProps {
  realtime: BroadcastsRealtime;
  /** ENTERPRISE.MANAGE_BILLING: shows the Rate card button. */
  canEditRates: boolean;
}

/** The broadcast list (engagement.md §2.9): search, date range, live progress, paging 20. */
export function BroadcastsPage({ realtime, canEditRates }: BroadcastsPageProps) {
  const navigate = useNavigate();
  const { live } = useBroadcastEvents(realtime);
  const [form, setForm] = useState(defaultRange);
  const [range, setRange] = useState(defaultRange);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [ratesOpen, setRatesOpen] = useState(false);
  // A new search or range starts at the first page.
  const filterKey = `${debouncedSearch}|${range.startDay}|${range.endDay}`;
  const [from, setFrom] = usePagingFrom(filterKey);
  const name = debouncedSearch;

  const list = useBroadcasts(
    {
      from,
      perPage: BROADCASTS_PAGE_SIZE,
      ...(name ? { name } : {}),
      ...(range.startDay ? { fromDate: startOf(range.startDay) } : {}),
      ...(range.endDay ? { toDate: endOf(range.endDay) } : {}),
    },
    !live,
  );
  const broadcasts = list.data?.broadcastList ?? [];

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (form.startDay && form.endDay && form.startDay > form.endDay) {
      setRangeError('Start Date must be on or before End Date');
      return;
    }
    setRangeError(null);
    setRange(form);
  };

  const open = (broadcast: BroadcastListItem) => void navigate(broadcastPath(broadcast.id));

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Just In Time
          </Title>
          <Text c="dimmed" size="sm">
            Broadcasts: templates sent to many numbers at once. Open one to follow every message.
          </Text>
        </div>
        <Group gap="sm">
          {canEditRates ? (
            <Button variant="default" leftSection={<IconCoin size={16} />} onClick={() => setRatesOpen(true)}>
              Rate Card
            </Button>
          ) : null}
          <Button component={Link} to={broadcastCreatePath} leftSection={<IconSend size={16} />}>
            {broadcastMessages.sendTemplate}
          </Button>
        </Group>
      </Group>

      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        onSubmit={handleSubmit}
        noValidate
        aria-label="Search broadcasts"
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Template Name"
            placeholder="Search by template name"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={260}
          />
          <TextInput
            label="Start Date"
            type="date"
            w={160}
            value={form.startDay}
            max={form.endDay || undefined}
            error={rangeError}
            onChange={(event) => {
              const startDay = event.currentTarget.value;
              setForm((previous) => ({ ...previous, startDay }));
            }}
          />
          <TextInput
            label="End Date"
            type="date"
            w={160}
            value={form.endDay}
            min={form.startDay || undefined}
            onChange={(event) => {
              const endDay = event.currentTarget.value;
              setForm((previous) => ({ ...previous, endDay }));
            }}
          />
          <Button type="submit" mt={25}>
            Submit
          </Button>
        </Group>
      </Paper>

      <DataTable
        label="Broadcasts"
        minWidth={900}
        tableProps={{ horizontalSpacing: 'md' }}
        columns={[
          { key: 'name', header: 'Template Name' },
          { key: 'initiatedBy', header: 'Initiated By', w: 170 },
          { key: 'channel', header: 'Channel', w: 170 },
          { key: 'createdOn', header: 'Created On', w: 190 },
          { key: 'status', header: 'Status', w: 280 },
        ]}
        rows={list.data ? broadcasts : undefined}
        loading={list.isPending}
        stale={list.isPlaceholderData}
        empty={broadcastMessages.noRecord}
        error={loadError(list, 'The broadcasts could not be loaded')}
        pager={{
          from,
          pageSize: BROADCASTS_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(broadcast) => (
          <Table.Tr key={broadcast.id} onClick={() => open(broadcast)} style={{ cursor: 'pointer' }}>
            <Table.Td>
              <Anchor
                component={Link}
                to={broadcastPath(broadcast.id)}
                size="sm"
                fw={500}
                onClick={(event) => event.stopPropagation()}
                style={{ wordBreak: 'break-all' }}
              >
                {broadcast.name}
              </Anchor>
              {broadcast.progress.possibleDuplicates > 0 ? (
                <Badge size="xs" color="yellow" variant="light" ml="xs">
                  {broadcast.progress.possibleDuplicates} possible duplicate
                  {broadcast.progress.possibleDuplicates === 1 ? '' : 's'}
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{broadcast.user.name}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{broadcast.channelName}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatDatePattern(broadcast.createdOn, DATE_PATTERN)}</Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={6}>
                <BroadcastStatusBadge status={broadcast.status} />
                <BroadcastProgress name={broadcast.name} progress={broadcast.progress} compact />
              </Stack>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {ratesOpen ? <RateCardDialog onClose={() => setRatesOpen(false)} /> : null}
    </Stack>
  );
}
