import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Flex, Group, Select, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconPlus,
  IconSearch,
  IconTag,
  IconTrash,
  IconUpload,
  IconUsersGroup,
  IconUsersPlus,
} from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { customerLimits, customerMessages, type CustomerListRow } from '@parley/contracts/customer-master';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '../api/get-customers';
import { useSegments } from '../api/get-segments';
import { useGroups } from '../api/get-groups';
import { useCreateSegment } from '../api/create-segment';
import { useCreateGroup } from '../api/create-group';
import { useMapCustomersToGroups } from '../api/map-customers-to-groups';
import { useMapCustomersToSegments } from '../api/map-customers-to-segments';
import { useDeleteCustomer } from '../api/delete-customer';
import { NameDialog, PickDialog } from './CustomerListDialogs';
import { ALL_SEGMENTS, SegmentsPanel } from './SegmentsPanel';
import classes from './customers.module.css';

/** Where the customers live in the console (engagement.md §2.1). */
export const CUSTOMERS_PATH = '/customer-master/customers';

type Dialog = 'segment' | 'group' | 'moveGroup' | 'attachLabel';

function readFrom(params: URLSearchParams): number {
  const value = Number(params.get('from') ?? 0);
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

function plural(count: number, one: string) {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

/** An email may wrap after its '@' (a narrow column shows 'name@' above 'example.in', not cut). */
function breakAfterAt(text: string): ReactNode {
  const at = text.indexOf('@');
  if (at <= 0) return text;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}
/** Customers (/customer-master/customers, engagement.md §2.4): segments, search, table, paging, dialogs. */
export function CustomersPage({ canEdit }: { canEdit: boolean }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const from = readFrom(params);
  const segmentParam = params.get('segment');
  // An optional group filter next to the segment (engagement.md §3, the list query's `groups`).
  const groupId = params.get('group') ?? undefined;
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [term] = useDebouncedValue(search.trim(), customerLimits.searchDebounceMs);
  const [checkedState, setCheckedState] = useState<{ page: string; ids: ReadonlySet<string> }>({
    page: '',
    ids: new Set(),
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState<CustomerListRow | null>(null);

  const segments = useSegments('');
  const firstSegment = segments.data?.segments[0]?.id;
  // On load the first segment is selected (engagement.md §4); without segments, all customers.
  const selected =
    segmentParam ?? (segments.isSuccess ? (firstSegment ?? ALL_SEGMENTS) : segments.isError ? ALL_SEGMENTS : null);
  const segmentId = selected && selected !== ALL_SEGMENTS ? selected : undefined;

  const setListParams = (
    next: { segment?: string | null; group?: string | null; search?: string; from?: number },
    replace = false,
  ) => {
    const segment = next.segment === undefined ? selected : next.segment;
    const group = next.group === undefined ? groupId : next.group;
    const text = next.search ?? term;
    const offset = next.from ?? 0;
    setParams(
      {
        ...(segment ? { segment } : {}),
        ...(group ? { group } : {}),
        ...(text ? { search: text } : {}),
        ...(offset > 0 ? { from: String(offset) } : {}),
      },
      { replace },
    );
  };

  useEffect(() => {
    if (segmentParam === null && selected !== null) setListParams({ segment: selected, from }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the automatic choice is made
  }, [segmentParam, selected]);

  // A new search term starts again at the first page.
  useEffect(() => {
    if ((params.get('search') ?? '') !== term) setListParams({ search: term, from: 0 }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the debounced term only
  }, [term]);

  const query = {
    from,
    perPage: CUSTOMERS_PAGE_SIZE,
    ...(term ? { search: term } : {}),
    ...(segmentId ? { tags: segmentId } : {}),
    ...(groupId ? { groups: groupId } : {}),
  };
  const list = useCustomers(query, { enabled: selected !== null });
  const customers = list.data?.customers ?? [];
  const headers = list.data?.headers ?? [];
  const hasMore = list.data?.hasMore ?? false;

  // Checked rows belong to the page they were checked on.
  const pageKey = `${selected}|${groupId}|${term}|${from}`;
  const checked: ReadonlySet<string> = checkedState.page === pageKey ? checkedState.ids : new Set();
  const setChecked = (ids: ReadonlySet<string>) => setCheckedState({ page: pageKey, ids });

  const groups = useGroups('');
  // A group filter left in the address after its group was deleted would hide every row unseen.
  const knownGroup = !groupId || !groups.isSuccess || groups.data.groups.some((group) => group.id === groupId);
  useEffect(() => {
    if (!knownGroup) setListParams({ group: null, from: 0 }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the filter is found stale
  }, [knownGroup]);
  const createSegment = useCreateSegment();
  const createGroup = useCreateGroup();
  const mapGroups = useMapCustomersToGroups();
  const mapSegments = useMapCustomersToSegments();
  const remove = useDeleteCustomer();

  const pageIds = customers.map((customer) => customer.id);
  const checkedIds = pageIds.filter((id) => checked.has(id));

  const segmentOptions = useMemo(
    () => (segments.data?.segments ?? []).map((segment) => ({ value: segment.id, label: segment.name })),
    [segments.data],
  );
  const groupOptions = useMemo(
    () => (groups.data?.groups ?? []).map((group) => ({ value: group.id, label: group.name })),
    [groups.data],
  );

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast(customerMessages.customerDeleted, { tone: 'success' }),
      onSettled: () => setDeleting(null),
    });
  };

  const cell = (customer: CustomerListRow, text: string, first = false, nowrap = false) => (
    <Link
      to={`${CUSTOMERS_PATH}/view/${customer.id}`}
      className={classes.cellLink}
      data-nowrap={nowrap || undefined}
      tabIndex={first ? undefined : -1}
      title={text}
      style={first ? { fontWeight: 500 } : undefined}
    >
      {text ? breakAfterAt(text) : '—'}
    </Link>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Customers
          </Title>
          <Text c="dimmed" size="sm">
            Your customers by segment. Check rows to group or label them.
          </Text>
        </div>
        {canEdit ? (
          <Group gap="sm">
            {segmentId ? (
              <Button
                variant="default"
                leftSection={<IconUpload size={16} />}
                onClick={() => void navigate(`/customer-master/uploadfile/${segmentId}`)}
              >
                Upload
              </Button>
            ) : null}
            <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(`${CUSTOMERS_PATH}/create`)}>
              Create Customer
            </Button>
          </Group>
        ) : null}
      </Group>

      <Flex gap="lg" align="flex-start" direction={{ base: 'column', md: 'row' }}>
        <SegmentsPanel
          selected={selected}
          canEdit={canEdit}
          onSelect={(segment) => {
            // Changing the segment starts again at the first page (engagement.md §4).
            if (segment !== selected || from > 0) setListParams({ segment, from: 0 });
          }}
          onCreate={() => setDialog('segment')}
        />

        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} w="100%">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 380px', maxWidth: 560 }}>
              <TextInput
                aria-label="Search Customers"
                placeholder="Search name or phone"
                leftSection={<IconSearch size={16} />}
                style={{ flex: '1 1 220px' }}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
              <Select
                aria-label="Filter by Group"
                placeholder="All groups"
                leftSection={<IconUsersGroup size={16} />}
                data={groupOptions}
                value={groupId ?? null}
                // Changing the group starts again at the first page (engagement.md §4).
                onChange={(group) => setListParams({ group, from: 0 })}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear Group Filter' }}
                nothingFoundMessage="No groups"
                style={{ flex: '0 1 200px', minWidth: 150 }}
              />
            </Group>
            {canEdit ? (
              <Group gap="xs" wrap="nowrap">
                {checkedIds.length > 0 ? (
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {plural(checkedIds.length, 'customer')} selected
                  </Text>
                ) : null}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconUsersPlus size={14} />}
                  onClick={() => setDialog('group')}
                >
                  Create Group
                </Button>
                <Tooltip label="Check customers first" disabled={checkedIds.length > 0}>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconUsersGroup size={14} />}
                    disabled={checkedIds.length === 0}
                    onClick={() => setDialog('moveGroup')}
                  >
                    Move Group
                  </Button>
                </Tooltip>
                <Tooltip label="Check customers first" disabled={checkedIds.length > 0}>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconTag size={14} />}
                    disabled={checkedIds.length === 0}
                    onClick={() => setDialog('attachLabel')}
                  >
                    Attach Label
                  </Button>
                </Tooltip>
              </Group>
            ) : null}
          </Group>

          <DataTable<CustomerListRow>
            label="Customers"
            columns={[
              { key: 'name', header: 'Name' },
              { key: 'phone', header: 'Phone Number' },
              ...headers.map((header) => ({ key: header.id, header: header.label })),
              { key: 'action', header: 'Action', w: 72 },
            ]}
            rows={list.data?.customers}
            loading={list.isPending}
            skeletonRows={5}
            empty={customerMessages.noRecord}
            stale={list.isPlaceholderData}
            error={loadError(list, 'The customers could not be loaded')}
            selection={{
              rowId: (customer) => customer.id,
              selected: checked,
              onChange: setChecked,
              rowLabel: (customer) => `Select ${customer.name}`,
              allLabel: 'Select All Customers on This Page',
            }}
            stickyLastColumn
            minWidth={640}
            pager={{
              from,
              pageSize: CUSTOMERS_PAGE_SIZE,
              more: hasMore,
              busy: list.isPlaceholderData,
              onPage: (offset) => setListParams({ from: offset }),
              keepShown: true,
            }}
            renderRow={(customer, { selectCell, selected }) => (
              <Table.Tr key={customer.id} data-selected={selected || undefined}>
                {selectCell}
                <Table.Td>{cell(customer, customer.name, true)}</Table.Td>
                <Table.Td>{cell(customer, customer.phoneNumber, false, true)}</Table.Td>
                {headers.map((header) => (
                  <Table.Td key={header.id}>{cell(customer, customer.details[header.id] ?? '')}</Table.Td>
                ))}
                <Table.Td>
                  {canEdit ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${customer.name}`}
                      onClick={() => setDeleting(customer)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Stack>
      </Flex>

      <NameDialog
        opened={dialog === 'segment'}
        title="Create Segment"
        label="Segment Name"
        onClose={() => setDialog(null)}
        onSave={(name) =>
          createSegment.mutateAsync(name).then(() => showToast(customerMessages.segmentCreated, { tone: 'success' }))
        }
      />
      <NameDialog
        opened={dialog === 'group'}
        title="Create Group"
        label="Group Name"
        onClose={() => setDialog(null)}
        onSave={(name) =>
          createGroup.mutateAsync(name).then(() => showToast(customerMessages.groupCreated, { tone: 'success' }))
        }
      />
      <PickDialog
        opened={dialog === 'moveGroup'}
        title="Move Group"
        label="Groups"
        description={`${plural(checkedIds.length, 'customer')} will be added to the groups you choose.`}
        options={groupOptions}
        loading={groups.isPending}
        emptyMessage="No groups yet: create one with Create Group"
        onClose={() => setDialog(null)}
        onSave={(ids) =>
          mapGroups.mutateAsync({ ids, customerIds: checkedIds }).then(() => {
            showToast(customerMessages.movedToGroups, { tone: 'success' });
            setChecked(new Set());
          })
        }
      />
      <PickDialog
        opened={dialog === 'attachLabel'}
        title="Attach Label"
        label="Labels"
        description={`${plural(checkedIds.length, 'customer')} will be added to the segments you choose.`}
        options={segmentOptions}
        loading={segments.isPending}
        emptyMessage="No segments yet: create one with the + of Segments"
        onClose={() => setDialog(null)}
        onSave={(ids) =>
          mapSegments.mutateAsync({ ids, customerIds: checkedIds }).then(() => {
            showToast(customerMessages.labelsAttached, { tone: 'success' });
            setChecked(new Set());
          })
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this customer?"
        message={`'${deleting?.name ?? ''}' (${deleting?.phoneNumber ?? ''}) will be deleted with their details, groups and labels. This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
