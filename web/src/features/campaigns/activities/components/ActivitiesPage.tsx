import { useState } from 'react';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  activityActions,
  activityStateLabels,
  campaignMessages,
  type Activity,
  type ActivityAction,
  type ActivityState,
} from '@parley/contracts/campaigns';
import { dateFormats, formatDatePattern } from '../../../../lib/format-date';
import { abbreviateNumber } from '../../../../lib/format-number';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/DataTable';
import { loadError } from '../../../../components/data-table/load-error';
import { ACTIVITIES_PAGE_SIZE, useActivities } from '../api/get-activities';
import { ActivityActionDialog, actionTexts } from './ActivityActionDialog';
import { usePagingFrom } from '../../../../lib/use-paging';

const SEARCH_DEBOUNCE_MS = 300;

/** The three lists of platform §2.2: what waits for a checker, what may be started, what was rejected. */
export type ActivitiesView = 'pending' | 'approved' | 'rejected';

const views: Record<
  ActivitiesView,
  { title: string; description: string; states: readonly ActivityState[]; empty: string }
> = {
  pending: {
    title: 'Activities',
    description: 'Campaigns submitted for approval. Another checker than the maker approves or rejects them.',
    states: ['PENDING'],
    empty: campaignMessages.noRecord,
  },
  approved: {
    title: 'Approved',
    description: 'Approved campaigns to start, and the ones scheduled or running, to pause, resume or stop.',
    states: ['APPROVED', 'SCHEDULED', 'RUNNING', 'PAUSED', 'STOPPED', 'COMPLETED'],
    empty: campaignMessages.noRecord,
  },
  rejected: {
    title: 'Rejected',
    description: 'Campaigns a checker rejected, with the reason. The maker changes and submits them again.',
    states: ['REJECTED'],
    empty: campaignMessages.noRecord,
  },
};

export const stateColors: Record<ActivityState, string> = {
  PENDING: 'yellow',
  APPROVED: 'teal',
  REJECTED: 'red',
  SCHEDULED: 'blue',
  RUNNING: 'green',
  PAUSED: 'orange',
  STOPPED: 'gray',
  COMPLETED: 'cyan',
  SUPERSEDED: 'gray',
};

const checkerActions: readonly ActivityAction[] = ['approve', 'reject'];
const starterActions: readonly ActivityAction[] = ['start', 'pause', 'resume', 'stop'];

/** The actions a user may take on an activity in its state (contracts' activityActions). */
export function actionsFor(
  state: ActivityState,
  { canApprove, canStart }: { canApprove: boolean; canStart: boolean },
): ActivityAction[] {
  const offered = [...(canApprove ? checkerActions : []), ...(canStart ? starterActions : [])];
  return offered.filter((action) => (activityActions[action] as readonly ActivityState[]).includes(state));
}

interface ActivitiesPageProps {
  view: ActivitiesView;
  canApprove: boolean;
  canStart: boolean;
  canViewReport: boolean;
  /** The campaign-estimate feature flag: the start dialog shows the cost estimate. */
  showEstimate: boolean;
}

/** /campaigns/activity-list, /campaigns/approved and /campaigns/reject (platform §2.2, §4.3; engagement §2.13). */
export function ActivitiesPage({ view, canApprove, canStart, canViewReport, showEstimate }: ActivitiesPageProps) {
  const config = views[view];
  const [state, setState] = useState<ActivityState>(config.states[0]!);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filterKey = `${view}|${state}|${debounced}`;
  const [from, setFrom] = usePagingFrom(filterKey);
  const [open, setOpen] = useState<{ activity: Activity; action: ActivityAction } | null>(null);
  const shownState = config.states.includes(state) ? state : config.states[0]!;

  const list = useActivities({
    from,
    perPage: ACTIVITIES_PAGE_SIZE,
    state: shownState,
    ...(debounced ? { search: debounced } : {}),
  });
  const activities = list.data?.activities ?? [];
  const rejected = view === 'rejected';

  const columns: DataTableColumn[] = [
    { key: 'name', header: 'Name' },
    { key: 'department', header: 'Department' },
    { key: 'submitted', header: 'Submitted', w: 190 },
    { key: 'targeted', header: 'Audience', ta: 'right', w: 100 },
    { key: 'state', header: 'State', w: 130 },
    ...(rejected
      ? [
          { key: 'reason', header: 'Reason' },
          { key: 'rejectedBy', header: 'Rejected by' },
        ]
      : []),
    { key: 'actions', header: 'Actions' },
  ];

  return (
    <Stack gap="lg" maw={1400}>
      <div>
        <Title order={1} fz={24}>
          {config.title}
        </Title>
        <Text c="dimmed" size="sm">
          {config.description}
        </Text>
      </div>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Campaign name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        {config.states.length > 1 ? (
          <Select
            label="State"
            data={config.states.map((value) => ({ value, label: activityStateLabels[value] }))}
            value={shownState}
            allowDeselect={false}
            onChange={(value) => value && setState(value as ActivityState)}
            w={200}
          />
        ) : null}
      </Group>
      <DataTable
        label={`${config.title} campaigns`}
        minWidth={rejected ? 1040 : 820}
        stickyLastColumn
        columns={columns}
        rows={list.data ? activities : undefined}
        loading={list.isPending}
        stale={list.isPlaceholderData}
        empty={config.empty}
        error={loadError(list, 'The activities could not be loaded')}
        pager={{
          from,
          pageSize: ACTIVITIES_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(activity) => (
          <Table.Tr key={activity.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {activity.name}
              </Text>
              <Text size="xs" c="dimmed">
                {activity.channelName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={activity.departmentName ? undefined : 'dimmed'}>
                {activity.departmentName ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{activity.submittedBy.name}</Text>
              <Text size="xs" c="dimmed">
                {formatDatePattern(activity.submittedOn, dateFormats.default)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text
                size="sm"
                title={activity.targeted.toLocaleString('en')}
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {abbreviateNumber(activity.targeted)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" radius="sm" tt="none" color={stateColors[activity.state]}>
                {activityStateLabels[activity.state]}
              </Badge>
            </Table.Td>
            {rejected ? (
              <>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {activity.rejectReason ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{activity.decidedBy?.name ?? '—'}</Text>
                </Table.Td>
              </>
            ) : null}
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                {actionsFor(activity.state, { canApprove, canStart }).map((action) => (
                  <Button
                    key={action}
                    size="compact-sm"
                    variant={action === 'approve' || action === 'start' ? 'filled' : 'light'}
                    color={actionTexts[action].danger ? 'red' : undefined}
                    aria-label={`${actionTexts[action].label} ${activity.name}`}
                    onClick={() => setOpen({ activity, action })}
                  >
                    {actionTexts[action].label}
                  </Button>
                ))}
                <Anchor
                  component={Link}
                  to={`/campaigns/campaigns-list/${activity.campaignId}`}
                  size="sm"
                  aria-label={`View campaign ${activity.name}`}
                >
                  View
                </Anchor>
                {canViewReport ? (
                  <Anchor
                    component={Link}
                    to={`/campaigns/report/${activity.campaignId}`}
                    size="sm"
                    aria-label={`Report of ${activity.name}`}
                  >
                    Report
                  </Anchor>
                ) : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {open ? (
        <ActivityActionDialog
          key={`${open.activity.id}-${open.action}`}
          activity={open.activity}
          action={open.action}
          showEstimate={showEstimate}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Stack>
  );
}
