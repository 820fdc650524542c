import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { MAPPED_USERS_PAGE_SIZE, type MappedUser } from '@parley/contracts/departments';
import { showToast } from '../../../lib/toast';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { hasOtherPages } from '../../../components/PagerButtons';
import { useDepartment } from '../api/get-department';
import { useMappedUsers } from '../api/get-mapped-users';
import { useAddDepartmentUsers } from '../api/add-department-users';
import { useRemoveDepartmentUsers } from '../api/remove-department-users';
import { DEPARTMENTS_PATH } from './DepartmentsPage';

type MappedFilter = 'all' | 'true' | 'false';

function plural(count: number) {
  return `${count} user${count === 1 ? '' : 's'}`;
}

/** One department: its details and every user of the enterprise, mapped or not, 30 per page. */
export function DepartmentUsersPage({ id }: { id: string }) {
  const department = useDepartment(id);
  const [filter, setFilter] = useState<MappedFilter>('all');
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 300);
  const [from, setFrom] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const users = useMappedUsers(id, {
    from,
    perPage: MAPPED_USERS_PAGE_SIZE,
    ...(name ? { name } : {}),
    ...(filter === 'all' ? {} : { mapped: filter }),
  });
  const add = useAddDepartmentUsers();
  const remove = useRemoveDepartmentUsers();
  const rows = users.data?.users ?? [];
  const busy = add.isPending || remove.isPending;

  const selectedRows = rows.filter((user) => selected.has(user.id));
  const toAdd = selectedRows.filter((user) => !user.mapped).map((user) => user.id);
  const toRemove = selectedRows.filter((user) => user.mapped).map((user) => user.id);

  const resetPaging = () => {
    setFrom(0);
    setSelected(new Set());
  };

  const handleAdd = (ids: string[]) =>
    add.mutate(
      { id, users: ids },
      {
        onSuccess: () => {
          showToast(`${plural(ids.length)} added`, { tone: 'success' });
          setSelected(new Set());
        },
      },
    );
  const handleRemove = (ids: string[]) =>
    remove.mutate(
      { id, users: ids },
      {
        onSuccess: () => {
          showToast(`${plural(ids.length)} removed`, { tone: 'success' });
          setSelected(new Set());
        },
      },
    );

  const toggle = (user: MappedUser, checked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(user.id);
      else next.delete(user.id);
      return next;
    });
  const allChecked = rows.length > 0 && rows.every((user) => selected.has(user.id));

  if (department.isError) {
    return (
      <Stack gap="md" maw={1100}>
        <Anchor component={Link} to={DEPARTMENTS_PATH} size="sm">
          ← Departments
        </Anchor>
        <Alert color="red" variant="light" role="alert">
          {department.error.message}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Anchor component={Link} to={DEPARTMENTS_PATH} size="sm">
          ← Departments
        </Anchor>
        {department.isSuccess ? (
          <>
            <Title order={1} fz={24} mt={4}>
              {department.data.name}
            </Title>
            <Text c="dimmed" size="sm">
              {[
                department.data.desc,
                department.data.managerName ? `Manager: ${department.data.managerName}` : null,
                plural(department.data.userCount),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </>
        ) : (
          <Skeleton h={28} w={240} mt={4} />
        )}
      </div>

      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <SegmentedControl
            aria-label="Show"
            value={filter}
            onChange={(value) => {
              setFilter(value as MappedFilter);
              resetPaging();
            }}
            data={[
              { value: 'all', label: 'All Users' },
              { value: 'true', label: 'Mapped' },
              { value: 'false', label: 'Not Mapped' },
            ]}
          />
          <TextInput
            aria-label="Search users"
            placeholder="Search by name or email"
            w={260}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              resetPaging();
            }}
          />
        </Group>
        <Group gap="xs">
          <Button disabled={toAdd.length === 0} loading={add.isPending} onClick={() => handleAdd(toAdd)}>
            Add Users{toAdd.length > 0 ? ` (${toAdd.length})` : ''}
          </Button>
          <Button
            variant="default"
            color="red"
            disabled={toRemove.length === 0}
            loading={remove.isPending}
            onClick={() => handleRemove(toRemove)}
          >
            Remove{toRemove.length > 0 ? ` (${toRemove.length})` : ''}
          </Button>
        </Group>
      </Group>

      <DataTable
        pager={
          users.isSuccess && hasOtherPages(from, users.data.more)
            ? {
                from,
                pageSize: MAPPED_USERS_PAGE_SIZE,
                more: users.data.more,
                busy: users.isPlaceholderData,
                onPage: (next: number) => {
                  setFrom(next);
                  setSelected(new Set());
                },
                summary: `Users ${from + 1}–${from + rows.length}`,
              }
            : undefined
        }
        label="Users"
        minWidth={640}
        tableProps={{ horizontalSpacing: 'md', highlightOnHover: false }}
        columns={[
          {
            key: 'select',
            w: 40,
            header: (
              <Checkbox
                aria-label="Select all users on this page"
                checked={allChecked}
                indeterminate={!allChecked && selectedRows.length > 0}
                onChange={(event) =>
                  setSelected(event.currentTarget.checked ? new Set(rows.map((user) => user.id)) : new Set())
                }
              />
            ),
          },
          { key: 'name', header: 'Name' },
          { key: 'email', header: 'Email' },
          { key: 'status', header: 'Status', w: 130 },
          { key: 'actions', header: 'Actions', hiddenHeader: true, w: 110 },
        ]}
        rows={users.data ? rows : undefined}
        loading={users.isPending}
        skeletonRows={3}
        stale={users.isPlaceholderData}
        empty="No users match."
        error={loadError(users, 'The users could not be loaded')}
        renderRow={(user) => (
          <Table.Tr key={user.id}>
            <Table.Td>
              <Checkbox
                aria-label={`Select ${user.name}`}
                checked={selected.has(user.id)}
                onChange={(event) => toggle(user, event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {user.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{user.email}</Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={user.mapped ? 'teal' : 'gray'} miw="max-content">
                {user.mapped ? 'Mapped' : 'Not mapped'}
              </Badge>
            </Table.Td>
            <Table.Td>
              {user.mapped ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  disabled={busy}
                  aria-label={`Remove ${user.name}`}
                  onClick={() => handleRemove([user.id])}
                >
                  Remove
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy}
                  aria-label={`Add ${user.name}`}
                  onClick={() => handleAdd([user.id])}
                >
                  Add
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
