import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Table, Tabs, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { entityLimits, entityMessages, type EntityListItem } from '@parley/contracts/agent-entities';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable } from '../../../../components/data-table/DataTable';
import { showToast } from '../../../../lib/toast';
import { useDeleteEntity } from '../../api/delete-entity';
import { useEntities } from '../../api/get-entities';
import { useAgentDetails } from '../agent-details-context';
import { formatEntityDate } from './entity-dates';

interface EntityListPageProps {
  /** Address of the Entities tab (…/entity-list). */
  base: string;
  /** 0 custom, 1 system. */
  type: number;
}

const PAGE_SIZE = entityLimits.pageSize;

function valuesText(entity: EntityListItem): string {
  return (entity.values ?? []).map((row) => row.value).join(', ');
}

/** The entity list (agents.md §2.4): Custom and System tabs, search, paging, edit and delete. */
export function EntityListPage({ base, type }: EntityListPageProps) {
  const { agent } = useAgentDetails();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [searchterm] = useDebouncedValue(search.trim(), 300);
  const [from, setFrom] = useState(0);
  const list = useEntities(agent.id, {
    type,
    from,
    perPage: PAGE_SIZE,
    ...(searchterm ? { searchterm } : {}),
  });
  const remove = useDeleteEntity(agent.id);
  const [deleting, setDeleting] = useState<EntityListItem | null>(null);
  const entities = list.data?.entities ?? [];
  const custom = type === 0;

  const handleSearch = (value: string) => {
    setSearch(value);
    setFrom(0);
  };

  const handleNext = () => {
    if (!list.data?.more) {
      showToast(entityMessages.noMore, { id: 'entities-no-more' });
      return;
    }
    setFrom(from + PAGE_SIZE);
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showToast(entityMessages.deleted, { tone: 'success' });
        // The last row of a later page: step back so the table does not show an empty page.
        if (entities.length === 1 && from > 0) setFrom(Math.max(0, from - PAGE_SIZE));
      },
      onSettled: () => setDeleting(null),
    });
  };

  const firstPageEmpty = list.isSuccess && entities.length === 0 && from === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz={20}>
            Entities
          </Title>
          <Text c="dimmed" size="sm">
            The words and patterns the agent picks out of what users write.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(`${base}/create`)}>
          Create Entity
        </Button>
      </Group>

      <Tabs value={String(type)} onChange={(value) => value && navigate(`${base}/${value}`)}>
        <Tabs.List>
          <Tabs.Tab value="0">Custom Entities</Tabs.Tab>
          <Tabs.Tab value="1">System Entities</Tabs.Tab>
        </Tabs.List>
      </Tabs>

      <TextInput
        aria-label={custom ? 'Search custom entities' : 'Search system entities'}
        placeholder="Search by name"
        leftSection={<IconSearch size={16} />}
        maw={360}
        value={search}
        onChange={(event) => handleSearch(event.currentTarget.value)}
      />

      {firstPageEmpty && custom && !searchterm ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <ActionIcon
              size={72}
              radius={72}
              variant="light"
              aria-label="Create Entity"
              onClick={() => navigate(`${base}/create`)}
            >
              <IconPlus size={40} />
            </ActionIcon>
            <Text fw={600}>{entityMessages.noData}</Text>
            <Text size="sm" c="dimmed">
              Create a custom entity: values with their synonyms (city: Delhi, New Delhi) or a pattern (a 6-digit PIN).
            </Text>
          </Stack>
        </Paper>
      ) : (
        <>
          <DataTable
            label={custom ? 'Custom entities' : 'System entities'}
            minWidth={custom ? 760 : 520}
            tableProps={{ horizontalSpacing: 'md' }}
            columns={
              custom
                ? [
                    { key: 'name', header: 'Entity name', w: 200 },
                    { key: 'values', header: 'Values' },
                    { key: 'updated', header: 'Last Updated', w: 190 },
                    { key: 'settings', header: 'Settings', w: 110 },
                  ]
                : [
                    { key: 'name', header: 'Entity name', w: 180 },
                    { key: 'description', header: 'Description' },
                  ]
            }
            rows={list.data ? entities : undefined}
            loading={list.isPending}
            stale={list.isPlaceholderData}
            empty={firstPageEmpty ? entityMessages.noData : null}
            error={
              list.isError
                ? {
                    title: 'The entities could not be loaded',
                    message: list.error.message,
                    onRetry: () => void list.refetch(),
                  }
                : null
            }
            renderRow={(entity) => (
              <Table.Tr key={entity.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {entity.name}
                  </Text>
                </Table.Td>
                {custom ? (
                  <>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {valuesText(entity)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entity.updatedOn ? formatEntityDate(entity.updatedOn) : ''}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Edit ${entity.name}`}
                            onClick={() => navigate(`${base}/${entity.id}`)}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${entity.name}`}
                            onClick={() => setDeleting(entity)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td>
                    <Text size="sm">{entity.description}</Text>
                  </Table.Td>
                )}
              </Table.Tr>
            )}
          />
          {list.isSuccess && !firstPageEmpty ? (
            // Next stays enabled on the last page and says so (agents.md §2.4), which DataTable's
            // pager (it disables Next there) does not do.
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                size="xs"
                disabled={from === 0}
                onClick={() => setFrom(Math.max(0, from - PAGE_SIZE))}
              >
                Previous
              </Button>
              <Button variant="default" size="xs" disabled={list.isPlaceholderData} onClick={handleNext}>
                Next
              </Button>
            </Group>
          ) : null}
        </>
      )}

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Entity"
        message={`Delete the entity "${deleting?.name ?? ''}"? This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
