import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { broadcastMessages, type BlacklistEntry } from '@parley/contracts/broadcasts';
import { dateFormats, formatDatePattern } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { BLACKLIST_PAGE_SIZE, useBlacklist } from '../api/get-blacklist';
import { useRemoveBlacklistEntry } from '../api/remove-blacklist-entry';
import { AddNumbersDialog } from './AddNumbersDialog';
import { ImportNumbersDialog } from './ImportNumbersDialog';
import { usePagingFrom } from '../../../lib/use-paging';

const SEARCH_DEBOUNCE_MS = 300;
const DATE_PATTERN = dateFormats.default;
const ALL = 'all';

/** Where an entry came from: typed on this page, a CSV import, or the customer's STOP reply. */
export const sourceLabels: Record<string, { label: string; color: string }> = {
  manual: { label: 'Manual', color: 'gray' },
  import: { label: 'Import', color: 'blue' },
  opt_out: { label: 'Opted out', color: 'orange' },
};

const sourceOptions = [
  { value: ALL, label: 'All Sources' },
  ...Object.entries(sourceLabels).map(([value, { label }]) => ({ value, label })),
];

/** /campaigns/blacklist: numbers no broadcast messages, typed, imported or opted out (platform §2.2, §7.5). */
export function BlacklistPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [source, setSource] = useState(ALL);
  const filterKey = `${debounced}|${source}`;
  const [from, setFrom] = usePagingFrom(filterKey);
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
            Add Numbers
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

      <DataTable
        label="Blacklist"
        minWidth={820}
        tableProps={{ horizontalSpacing: 'md' }}
        columns={[
          { key: 'phone', header: 'Phone Number', w: 180 },
          { key: 'source', header: 'Source', w: 120 },
          { key: 'reason', header: 'Reason' },
          { key: 'addedBy', header: 'Added By', w: 160 },
          { key: 'addedOn', header: 'Added On', w: 190 },
          { key: 'actions', header: 'Actions', w: 100 },
        ]}
        rows={list.data ? entries : undefined}
        loading={list.isPending}
        stale={list.isPlaceholderData}
        empty={filtered ? broadcastMessages.noRecord : 'No number is blacklisted yet.'}
        error={loadError(list, 'The blacklist could not be loaded')}
        pager={{
          from,
          pageSize: BLACKLIST_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(entry: BlacklistEntry) => {
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
        }}
      />

      {dialog === 'add' ? <AddNumbersDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? <ImportNumbersDialog onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        opened={removing !== null}
        title="Delete From List"
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
