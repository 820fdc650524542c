import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { broadcastMessages, type BlacklistEntry } from '@parley/contracts/broadcasts';
import { formatDatePattern } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PagerButtons } from '../../../components/PagerButtons';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { TableEmptyRow } from '../../../components/TableEmptyRow';
import { TableSkeletonRows } from '../../../components/TableSkeletonRows';
import { BLACKLIST_PAGE_SIZE, useBlacklist } from '../api/get-blacklist';
import { useRemoveBlacklistEntry } from '../api/remove-blacklist-entry';
import { AddNumbersDialog } from './AddNumbersDialog';
import { ImportNumbersDialog } from './ImportNumbersDialog';

const COLUMNS = 6;
const SEARCH_DEBOUNCE_MS = 300;
const DATE_PATTERN = 'd MMM yyyy hh:mm a';
const ALL = 'all';

/** Where an entry came from: typed on this page, a CSV import, or the customer's STOP reply. */
export const sourceLabels: Record<string, { label: string; color: string }> = {
  manual: { label: 'Manual', color: 'gray' },
  import: { label: 'Import', color: 'blue' },
  opt_out: { label: 'Opted out', color: 'orange' },
};

const sourceOptions = [
  { value: ALL, label: 'All sources' },
  ...Object.entries(sourceLabels).map(([value, { label }]) => ({ value, label })),
];

/** /campaigns/blacklist: numbers no broadcast messages, typed, imported or opted out (platform §2.2, §7.5). */
export function BlacklistPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [source, setSource] = useState(ALL);
  const filterKey = `${debounced}|${source}`;
  const [paging, setPaging] = useState({ filterKey, from: 0 });
  const from = paging.filterKey === filterKey ? paging.from : 0;
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const [removing, setRemoving] = useState<BlacklistEntry | null>(null);
  const remove = useRemoveBlacklistEntry();

  const list = useBlacklist({
    from,
    perPage: BLACKLIST_PAGE_SIZE,
    ...(debounced ? { search: debounced } : {}),
    ...(source !== ALL ? { source } : {}),
  });
  const entries = list.data?.blacklist ?? [];
  const filtered = debounced !== '' || source !== ALL;

  const handleRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        showToast(`${removing.phoneNumber} removed from the blacklist`, { tone: 'success' });
        setRemoving(null);
      },
    });
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Blacklist
          </Title>
          <Text c="dimmed" size="sm">
            Numbers that broadcasts skip: added here, imported, or opted out by replying STOP.
          </Text>
        </div>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog('import')}>
            Import CSV
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('add')}>
            Add numbers
          </Button>
        </Group>
      </Group>

      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Search by number"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        <Select
          label="Source"
          data={sourceOptions}
          value={source}
          allowDeselect={false}
          onChange={(value) => setSource(value ?? ALL)}
          w={180}
        />
        {list.data ? (
          <Text size="sm" c="dimmed" pb={8}>
            {list.data.total.toLocaleString('en-IN')} number{list.data.total === 1 ? '' : 's'}
          </Text>
        ) : null}
      </Group>

      {list.isError ? (
        <QueryErrorAlert
          title="The blacklist could not be loaded"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={820}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Blacklist">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={180}>Phone Number</Table.Th>
                  <Table.Th w={120}>Source</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th w={160}>Added By</Table.Th>
                  <Table.Th w={190}>Added On</Table.Th>
                  <Table.Th w={60}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                {list.isPending ? (
                  <TableSkeletonRows rows={4} columns={COLUMNS} />
                ) : entries.length === 0 ? (
                  <TableEmptyRow
                    columns={COLUMNS}
                    message={filtered ? broadcastMessages.noRecord : 'No number is blacklisted yet.'}
                  />
                ) : (
                  entries.map((entry) => {
                    const origin = sourceLabels[entry.source] ?? { label: entry.source, color: 'gray' };
                    return (
                      <Table.Tr key={entry.id}>
                        <Table.Td>
                          <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {entry.phoneNumber}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={origin.color} tt="none" radius="sm">
                            {origin.label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={entry.reason ? undefined : 'dimmed'} style={{ wordBreak: 'break-word' }}>
                            {entry.reason || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={entry.createdBy ? undefined : 'dimmed'}>
                            {entry.createdBy ?? (entry.source === 'opt_out' ? 'Customer' : '—')}
                          </Text>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Text size="sm">{formatDatePattern(entry.createdOn, DATE_PATTERN)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Tooltip label="Remove">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Remove ${entry.phoneNumber}`}
                              onClick={() => setRemoving(entry)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      <Group justify="flex-end">
        <PagerButtons
          from={from}
          pageSize={BLACKLIST_PAGE_SIZE}
          more={list.data?.more ?? false}
          busy={list.isPlaceholderData}
          onPage={(next) => setPaging({ filterKey, from: next })}
        />
      </Group>

      {dialog === 'add' ? <AddNumbersDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? <ImportNumbersDialog onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        opened={removing !== null}
        title="Delete from list"
        message={
          removing
            ? removing.source === 'opt_out'
              ? `${removing.phoneNumber} opted out. Remove it only if the customer asked to receive messages again.`
              : `Remove ${removing.phoneNumber} from the blacklist? Broadcasts will message it again.`
            : ''
        }
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
