import { Fragment, useState } from 'react';
import { ActionIcon, Button, Group, Menu, Select, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconDotsVertical,
  IconEdit,
  IconEye,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconSend,
  IconStatusChange,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { templateCategoryLabels, type Template } from '@parley/contracts/templates';
import { formatDateTime } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplateChannels } from '../api/get-template-channels';
import { TEMPLATES_PAGE_SIZE, useTemplates } from '../api/get-templates';
import { useSyncTemplate } from '../api/sync-template';
import type { TemplatesQuery } from '../api/templates-keys';
import { useTemplateEvents, type TemplatesRealtime } from '../realtime/use-template-events';
import { kindLabels, languageLabel, type TemplateKind } from './template-draft';
import { RecordStatusDialog } from './RecordStatusDialog';
import { TemplatePreviewDrawer } from './TemplatePreviewDrawer';
import { TemplateStatusBadge } from './TemplateStatusBadge';
import { TestSendDialog } from './TestSendDialog';
import { templateCreatePath, templateEditPath } from './template-paths';
import { usePagingFrom } from '../../../lib/use-paging';

/** Search debounce 300 ms (engagement.md §9). */
export const SEARCH_DEBOUNCE_MS = 300;
const ALL = 'ALL';
const SANDBOX_VENDOR = 0;

type Status = NonNullable<TemplatesQuery['status']>;
const STATUS_FILTER: readonly Status[] = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'];

const categoryLabel = (category: string) =>
  templateCategoryLabels[category as keyof typeof templateCategoryLabels] ?? category;
const kindLabel = (type: string) => kindLabels[type as TemplateKind] ?? type;
const lastUpdate = (template: Template) =>
  template.statusAt > template.updatedAt ? template.statusAt : template.updatedAt;

/** A template name that wraps after its underscores rather than mid-word. */
function BreakableName({ name }: { name: string }) {
  const parts = name.split('_');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          _<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/** Message Templates (platform §7.5, issue 7): filters, the list with live statuses, and per-row actions. */
export function TemplatesPage({ realtime }: { realtime?: TemplatesRealtime }) {
  useTemplateEvents(realtime);
  const [status, setStatus] = useState<Status | typeof ALL>(ALL);
  const [channelId, setChannelId] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = {
    ...(status !== ALL ? { status } : {}),
    ...(channelId !== ALL ? { channelId } : {}),
    ...(debounced ? { name: debounced } : {}),
  };
  const filterKey = JSON.stringify(filters);
  // Any new filter starts at the first page.
  const [from, setFrom] = usePagingFrom(filterKey);
  const list = useTemplates({ ...filters, from, perPage: TEMPLATES_PAGE_SIZE });
  const channels = useTemplateChannels();
  const remove = useDeleteTemplate();
  const sync = useSyncTemplate();
  const [previewing, setPreviewing] = useState<Template | null>(null);
  const [testing, setTesting] = useState<Template | null>(null);
  const [recording, setRecording] = useState<Template | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const templates = list.data?.templates ?? [];
  const vendorOf = (id: string) => channels.data?.find((channel) => channel.id === id)?.vendor;

  const handleSync = (template: Template) =>
    sync.mutate(template.id, {
      onSuccess: (updated) => showToast(`${updated.name}: ${updated.status}`, { tone: 'success' }),
    });
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast(`${deleting.name} has been deleted`, { tone: 'success' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Message Templates
          </Title>
          <Text c="dimmed" size="sm">
            WhatsApp templates submitted to your channels&apos; vendors. Only APPROVED templates can be sent.
          </Text>
        </div>
        <Button component={Link} to={templateCreatePath} leftSection={<IconPlus size={16} />}>
          Create Template
        </Button>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          w={170}
          allowDeselect={false}
          data={[{ value: ALL, label: 'All' }, ...STATUS_FILTER.map((value) => ({ value, label: value }))]}
          value={status}
          onChange={(value) => setStatus((value as Status | null) ?? ALL)}
        />
        <Select
          label="Channel"
          w={220}
          allowDeselect={false}
          data={[
            { value: ALL, label: 'All Channels' },
            ...(channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name })),
          ]}
          value={channelId}
          onChange={(value) => setChannelId(value ?? ALL)}
        />
        <TextInput
          label="Name"
          placeholder="Search by name"
          w={260}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Group>

      <DataTable
        label="Message templates"
        minWidth={980}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'channel', header: 'Channel' },
          { key: 'category', header: 'Category' },
          { key: 'type', header: 'Type' },
          { key: 'language', header: 'Language' },
          { key: 'status', header: 'Status' },
          { key: 'updated', header: 'Last update' },
          { key: 'actions', header: '', ariaLabel: 'Actions' },
        ]}
        rows={list.data ? templates : undefined}
        loading={list.isPending}
        skeletonRows={5}
        stale={list.isPlaceholderData}
        empty="No Record"
        error={loadError(list, 'The templates could not be loaded')}
        pager={{
          from,
          pageSize: TEMPLATES_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(template) => (
          <Table.Tr key={template.id}>
            <Table.Td>
              <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                <BreakableName name={template.name} />
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{template.channelName}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{categoryLabel(template.category)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {kindLabel(template.type)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" title={template.language} style={{ whiteSpace: 'nowrap' }}>
                {languageLabel(template.language)}
              </Text>
            </Table.Td>
            <Table.Td>
              <TemplateStatusBadge status={template.status} reason={template.reason} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(lastUpdate(template))}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Tooltip label="Preview" withArrow>
                  <ActionIcon
                    variant="default"
                    size="md"
                    onClick={() => setPreviewing(template)}
                    aria-label={`Preview ${template.name}`}
                  >
                    <IconEye size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Edit" withArrow>
                  <ActionIcon
                    variant="default"
                    size="md"
                    component={Link}
                    to={templateEditPath(template.id)}
                    aria-label={`Edit ${template.name}`}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                </Tooltip>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`More actions for ${template.name}`}
                      loading={sync.isPending && sync.variables === template.id}
                    >
                      <IconDotsVertical size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {template.status === 'APPROVED' ? (
                      <Menu.Item leftSection={<IconSend size={14} />} onClick={() => setTesting(template)}>
                        Send Test
                      </Menu.Item>
                    ) : null}
                    {template.vendorManaged ? (
                      <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => handleSync(template)}>
                        Sync
                      </Menu.Item>
                    ) : (
                      <Menu.Item leftSection={<IconStatusChange size={14} />} onClick={() => setRecording(template)}>
                        Record Status
                      </Menu.Item>
                    )}
                    <Menu.Divider />
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(template)}>
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />

      <TemplatePreviewDrawer template={previewing} onClose={() => setPreviewing(null)} />
      {testing ? (
        <TestSendDialog
          key={testing.id}
          template={testing}
          sandbox={vendorOf(testing.channelId) === SANDBOX_VENDOR}
          onClose={() => setTesting(null)}
        />
      ) : null}
      {recording ? (
        <RecordStatusDialog key={recording.id} template={recording} onClose={() => setRecording(null)} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this template?"
        message={`'${deleting?.name ?? ''}' will be deleted here and at the channel's vendor. This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
