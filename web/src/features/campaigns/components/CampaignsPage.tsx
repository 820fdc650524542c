import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
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
  IconChartBar,
  IconCopy,
  IconDotsVertical,
  IconEdit,
  IconEye,
  IconPlus,
  IconSearch,
  IconShieldCheck,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  campaignMessages,
  campaignStatuses,
  campaignStatusLabels,
  type CampaignListItem,
  type CampaignStatus,
} from '@parley/contracts/campaigns';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { formatDateTime } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { useCloneCampaign } from '../api/clone-campaign';
import { useDeleteCampaign } from '../api/delete-campaign';
import { CAMPAIGNS_PAGE_SIZE, useCampaigns } from '../api/get-campaigns';
import { CampaignStatusBadge } from './CampaignStatusBadge';
import { lockedStatuses } from './campaign-form';
import { PROTECTION_RULES_PATH, campaignPath, campaignReportPath, newCampaignPath } from './campaign-paths';
import { usePagingFrom } from '../../../lib/use-paging';

/** Search debounce (engagement.md §9). */
export const SEARCH_DEBOUNCE_MS = 300;

const ALL = 'ALL';

export interface CampaignPermissions {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

interface CampaignsPageProps extends CampaignPermissions {
  /** ENTERPRISE.MANAGE: the header links to the protection rules. */
  canManageRules: boolean;
}

/**
 * The campaigns list (/campaigns/campaigns-list, issue 21 item 1): search and status, page 20,
 * each campaign's status and next run, and Edit, Clone, Delete and Report as the user may.
 */
export function CampaignsPage({ canCreate, canEdit, canDelete, canManageRules }: CampaignsPageProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<CampaignStatus | typeof ALL>(ALL);
  // A new search or status starts at the first page.
  const filterKey = `${debouncedSearch}|${status}`;
  const [from, setFrom] = usePagingFrom(filterKey);
  const [deleting, setDeleting] = useState<CampaignListItem | null>(null);

  const list = useCampaigns({
    from,
    perPage: CAMPAIGNS_PAGE_SIZE,
    search: debouncedSearch,
    ...(status === ALL ? {} : { status }),
  });
  const remove = useDeleteCampaign();
  const clone = useCloneCampaign();
  const campaigns = list.data?.campaigns;
  const filtered = debouncedSearch !== '' || status !== ALL;

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast(campaignMessages.deleted, { tone: 'success' }),
      onSettled: () => setDeleting(null),
    });
  };

  const handleClone = (campaign: CampaignListItem) => {
    clone.mutate(campaign.id, {
      onSuccess: (copy) => {
        showToast(campaignMessages.cloned, { tone: 'success' });
        void navigate(campaignPath(copy.id));
      },
    });
  };

  const emptyState = filtered ? (
    <Text size="sm" c="dimmed" ta="center" py="lg">
      {campaignMessages.noRecord}
    </Text>
  ) : (
    <Stack align="center" gap="xs" py="xl">
      <Text fw={600}>No campaigns yet</Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        A campaign sends an approved template to an audience built from your customers, on a schedule, once a checker
        has approved it.
      </Text>
      {canCreate ? (
        <Button component={Link} to={newCampaignPath} leftSection={<IconPlus size={16} />} mt="xs">
          Create Campaign
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Campaigns
          </Title>
          <Text c="dimmed" size="sm">
            Templates sent to segments, groups and lists of your customers, approved by a checker before they go out.
          </Text>
        </div>
        <Group gap="sm">
          {canManageRules ? (
            <Button
              component={Link}
              to={PROTECTION_RULES_PATH}
              variant="default"
              leftSection={<IconShieldCheck size={16} />}
            >
              Protection rules
            </Button>
          ) : null}
          {canCreate ? (
            <Button component={Link} to={newCampaignPath} leftSection={<IconPlus size={16} />}>
              Create Campaign
            </Button>
          ) : null}
        </Group>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Find campaigns">
        <TextInput
          label="Name"
          placeholder="Search by name"
          w={260}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          label="Status"
          w={220}
          allowDeselect={false}
          data={[
            { value: ALL, label: 'All' },
            ...campaignStatuses.map((value) => ({ value, label: campaignStatusLabels[value] })),
          ]}
          value={status}
          onChange={(value) => setStatus((value as CampaignStatus | null) ?? ALL)}
        />
      </Group>

      <DataTable
        label="Campaigns"
        minWidth={1200}
        stickyLastColumn
        tableProps={{ horizontalSpacing: 'md' }}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'channel', header: 'Channel', w: 140 },
          { key: 'template', header: 'Template', w: 160 },
          { key: 'status', header: 'Status', w: 190 },
          { key: 'createdBy', header: 'Created By', w: 140 },
          { key: 'updated', header: 'Updated', w: 165 },
          { key: 'nextRun', header: 'Next run', w: 165 },
          { key: 'actions', header: 'Actions', hiddenHeader: true, w: 96 },
        ]}
        rows={campaigns}
        loading={list.isPending}
        stale={list.isPlaceholderData}
        empty={emptyState}
        error={loadError(list, 'The campaigns could not be loaded')}
        pager={{
          from,
          pageSize: CAMPAIGNS_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(campaign) => {
          const locked = lockedStatuses.includes(campaign.status);
          const editable = canEdit && !locked;
          return (
            <Table.Tr key={campaign.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={campaignPath(campaign.id)}
                  size="sm"
                  fw={500}
                  style={{ wordBreak: 'break-word' }}
                >
                  {campaign.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{campaign.channelName}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {campaign.templateName}
                </Text>
              </Table.Td>
              <Table.Td>
                <CampaignStatusBadge status={campaign.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{campaign.createdBy}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(campaign.updatedOn)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" c={campaign.nextRunAt ? undefined : 'dimmed'}>
                  {campaign.nextRunAt ? formatDateTime(campaign.nextRunAt) : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  <Tooltip label={editable ? 'Edit' : 'View'} withArrow>
                    <ActionIcon
                      variant="default"
                      size="md"
                      component={Link}
                      to={campaignPath(campaign.id)}
                      aria-label={`${editable ? 'Edit' : 'View'} ${campaign.name}`}
                    >
                      {editable ? <IconEdit size={16} /> : <IconEye size={16} />}
                    </ActionIcon>
                  </Tooltip>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`More actions for ${campaign.name}`}
                        loading={clone.isPending && clone.variables === campaign.id}
                      >
                        <IconDotsVertical size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        component={Link}
                        to={campaignReportPath(campaign.id)}
                        leftSection={<IconChartBar size={14} />}
                      >
                        Report
                      </Menu.Item>
                      {canCreate ? (
                        <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => handleClone(campaign)}>
                          Clone
                        </Menu.Item>
                      ) : null}
                      {canDelete ? (
                        <>
                          <Menu.Divider />
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            disabled={locked}
                            title={locked ? campaignMessages.runningCannotChange : undefined}
                            onClick={() => setDeleting(campaign)}
                          >
                            Delete
                          </Menu.Item>
                        </>
                      ) : null}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete campaign"
        message={deleting ? `Delete the campaign "${deleting.name}"? It cannot be sent again; its report stays.` : ''}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
