import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAdjustments,
  IconDeviceMobile,
  IconDotsVertical,
  IconPencil,
  IconPlugConnected,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import {
  channelMessages,
  channelTypeIds,
  channelTypes,
  vendorIds,
  vendorSpec,
  type Channel,
  type ChannelTestResult,
} from '@parley/contracts/channels';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { CHANNELS_PAGE_SIZE, useChannels } from '../api/get-channels';
import { useDeleteChannel } from '../api/delete-channel';
import { useTestChannel } from '../api/test-channel';
import { useVendorOffer } from '../api/get-vendor-offer';
import { ChannelDrawer } from './ChannelDrawer';
import { VendorOfferDialog } from './VendorOfferDialog';

/** Search waits this long after the last key (ms). */
export const CHANNEL_SEARCH_DEBOUNCE_MS = 300;
const typeOptions = [
  { value: '', label: 'All Types' },
  ...channelTypeIds.map((id) => ({ value: String(id), label: channelTypes[id] })),
];
const typeName = (channel: Channel) => channelTypes[channel.type as keyof typeof channelTypes] ?? channel.typeString;

function SendingBadge({ channel }: { channel: Channel }) {
  if (channel.canSend)
    return (
      <Badge color="teal" variant="light" radius="sm">
        Ready
      </Badge>
    );
  return (
    <Tooltip label={channelMessages.sendingUnavailable(channel.vendorString)} multiline w={300} withArrow>
      <Badge color="gray" variant="light" radius="sm" tabIndex={0} style={{ cursor: 'help' }}>
        Configured only
      </Badge>
    </Tooltip>
  );
}

function RowTestStatus({ pending, result }: { pending: boolean; result: ChannelTestResult | undefined }) {
  if (pending)
    return (
      <Group gap={6} mt={2}>
        <Loader size={10} />
        <Text size="xs" c="dimmed">
          Testing connection…
        </Text>
      </Group>
    );
  if (!result) return null;
  return (
    <Text size="xs" c={result.ok ? 'teal' : 'red.8'} role="status" maw={360} mt={2}>
      {result.ok ? '✓ ' : '✕ '}
      {result.message}
    </Text>
  );
}

/** Channels (/admin/channels, platform §3.8): the enterprise's channels with their vendor and credentials. */
export function ChannelsPage({ canManage, canPickDepartment }: { canManage: boolean; canPickDepartment: boolean }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), CHANNEL_SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState('');
  const [page, setPage] = useState({ key: '', from: 0 });
  const filterKey = `${term}|${type}`;
  // A new search or type starts again at the first page.
  const from = page.key === filterKey ? page.from : 0;

  const list = useChannels({
    from,
    perPage: CHANNELS_PAGE_SIZE,
    ...(term ? { name: term } : {}),
    ...(type !== '' ? { type: Number(type) } : {}),
  });
  const offer = useVendorOffer({ enabled: canManage });
  const remove = useDeleteChannel();
  const test = useTestChannel();
  const [drawer, setDrawer] = useState<{ editing: Channel | null } | null>(null);
  const [offerOpen, setOfferOpen] = useState(false);
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const [results, setResults] = useState<Record<string, ChannelTestResult>>({});

  const offeredVendors = offer.data?.vendors;
  const offerReady = !canManage || !offer.isPending;
  const channels = list.data?.channelConfig ?? [];
  const filtered = term !== '' || type !== '';

  const handleTest = (channel: Channel) => {
    setResults(({ [channel.id]: _dropped, ...rest }) => rest);
    test.mutate(channel.id, {
      onSuccess: (result) => setResults((previous) => ({ ...previous, [channel.id]: result })),
      onError: (error) =>
        setResults((previous) => ({ ...previous, [channel.id]: { ok: false, message: describeFailure(error) } })),
    });
  };
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast(channelMessages.deleted, { tone: 'success' }),
      onSettled: () => setDeleting(null),
    });
  };
  const openCreate = () => setDrawer({ editing: null });

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Channels
          </Title>
          <Text c="dimmed" size="sm">
            The numbers and accounts Parley sends and receives through, with their vendor credentials. Secrets are
            stored encrypted and never shown in full.
          </Text>
        </div>
        {canManage ? (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconAdjustments size={16} />}
              disabled={!offerReady}
              onClick={() => setOfferOpen(true)}
            >
              Vendors Offered
            </Button>
            <Button leftSection={<IconPlus size={16} />} loading={!offerReady} onClick={openCreate}>
              Create Channel
            </Button>
          </Group>
        ) : null}
      </Group>

      <Group gap="sm">
        <TextInput
          aria-label="Search channels"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          style={{ flex: '1 1 240px', maxWidth: 340 }}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          aria-label="Channel type"
          data={typeOptions}
          value={type}
          allowDeselect={false}
          w={220}
          onChange={(next) => setType(next ?? '')}
        />
      </Group>

      <DataTable
        label="Channels"
        minWidth={860}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'type', header: 'Type' },
          { key: 'vendor', header: 'Vendor' },
          { key: 'contactId', header: 'Contact ID' },
          { key: 'department', header: 'Department' },
          { key: 'sending', header: 'Sending' },
          { key: 'actions', header: 'Actions', hiddenHeader: true, w: 150 },
        ]}
        rows={list.data ? channels : undefined}
        loading={list.isPending}
        stale={list.isPlaceholderData}
        empty={
          <Stack align="center" gap="xs" py="xl">
            <Text c="dimmed">No Record</Text>
            {canManage && !filtered && from === 0 ? (
              <Button variant="light" leftSection={<IconPlus size={16} />} disabled={!offerReady} onClick={openCreate}>
                Create Channel
              </Button>
            ) : null}
          </Stack>
        }
        error={loadError(list, 'The channels could not be loaded')}
        pager={{
          from,
          pageSize: CHANNELS_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: (next) => setPage({ key: filterKey, from: next }),
        }}
        renderRow={(channel) => {
          const testable = canManage && (vendorSpec(channel.vendor)?.testConnection ?? false);
          const isSandbox = channel.vendor === vendorIds.sandbox;
          return (
            <Table.Tr key={channel.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {channel.name}
                </Text>
                <RowTestStatus pending={test.isPending && test.variables === channel.id} result={results[channel.id]} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {typeName(channel)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{channel.vendorString}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {channel.contactId || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={channel.departmentName ? undefined : 'dimmed'}>
                  {channel.departmentName ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <SendingBadge channel={channel} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {canManage ? (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconPencil size={14} />}
                      aria-label={`Edit ${channel.name}`}
                      disabled={!offerReady}
                      onClick={() => setDrawer({ editing: channel })}
                    >
                      Edit
                    </Button>
                  ) : null}
                  {canManage || isSandbox ? (
                    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${channel.name}`}>
                          <IconDotsVertical size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {testable ? (
                          <Menu.Item leftSection={<IconPlugConnected size={14} />} onClick={() => handleTest(channel)}>
                            Test Connection
                          </Menu.Item>
                        ) : null}
                        {isSandbox ? (
                          <Menu.Item
                            leftSection={<IconDeviceMobile size={14} />}
                            onClick={() => void navigate(`/admin/sandbox-phone/${channel.id}`)}
                          >
                            Open Sandbox Phone
                          </Menu.Item>
                        ) : null}
                        {canManage ? (
                          <>
                            {testable || isSandbox ? <Menu.Divider /> : null}
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() => setDeleting(channel)}
                            >
                              Delete
                            </Menu.Item>
                          </>
                        ) : null}
                      </Menu.Dropdown>
                    </Menu>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />

      {drawer ? (
        <ChannelDrawer
          key={drawer.editing?.id ?? 'new'}
          opened
          editing={drawer.editing}
          offer={offeredVendors}
          canPickDepartment={canPickDepartment}
          onClose={() => setDrawer(null)}
        />
      ) : null}
      {offerOpen ? <VendorOfferDialog opened offer={offeredVendors ?? []} onClose={() => setOfferOpen(false)} /> : null}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this channel?"
        message={`'${deleting?.name ?? ''}' will be deleted with its message templates and its message log. This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
