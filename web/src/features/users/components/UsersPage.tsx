import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  Menu,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { userStates, type UserSummary } from '@parley/contracts/users';
import { formatDateTime } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { useSetUserState } from '../api/set-user-state';
import { CreateUserModal } from './CreateUserModal';
import { DeleteUserModal } from './DeleteUserModal';
import { EditRolesModal } from './EditRolesModal';
import { ResetPasswordModal } from './ResetPasswordModal';
import { roleLabel } from './role-label';
import { hasOtherPages } from '../../../components/PagerButtons';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';

export const SEARCH_DEBOUNCE_MS = 300;

type Dialog =
  { kind: 'roles' | 'password' | 'delete' | 'deactivate' | 'activate'; user: UserSummary } | { kind: 'none' };

function StateBadge({ state }: { state: number }) {
  if (state === userStates.active)
    return (
      <Badge color="teal" variant="light">
        Active
      </Badge>
    );
  if (state === userStates.deactivated)
    return (
      <Badge color="gray" variant="light">
        Deactivated
      </Badge>
    );
  return (
    <Badge color="yellow" variant="light">
      Pending
    </Badge>
  );
}

/** Users (platform §7.3): search, state filter, paging; add, edit roles, reset password, (de)activate, delete. */
export function UsersPage({ currentUserId }: { currentUserId: string }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<'1' | '2'>('1');
  const [from, setFrom] = useState(0);
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const users = useUsers({
    from,
    perPage: USERS_PAGE_SIZE,
    state: Number(state),
    ...(debouncedSearch ? { name: debouncedSearch } : {}),
  });
  const setUserState = useSetUserState();
  const rows = users.data?.users ?? [];
  const close = () => setDialog({ kind: 'none' });
  const target = (kind: Dialog['kind']) => (dialog.kind === kind && 'user' in dialog ? dialog.user : null);

  const handleStateChange = (active: boolean) => {
    if (dialog.kind === 'none') return;
    const { user } = dialog;
    setUserState.mutate(
      { id: user.id, active },
      {
        onSuccess: () => {
          showToast(`${user.name} has been ${active ? 'activated' : 'deactivated'}`, { tone: 'success' });
          close();
        },
        onError: close,
      },
    );
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Users
          </Title>
          <Text c="dimmed" size="sm">
            People of your enterprise, their roles and whether they may sign in.
          </Text>
        </div>
        <Button onClick={() => setAdding(true)}>Add User</Button>
      </Group>

      <Group gap="sm">
        <TextInput
          aria-label="Search users"
          placeholder="Search by name or email"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setFrom(0);
          }}
          w={320}
        />
        <SegmentedControl
          aria-label="State"
          value={state}
          onChange={(value) => {
            setState(value as '1' | '2');
            setFrom(0);
          }}
          data={[
            { value: '1', label: 'Active' },
            { value: '2', label: 'Deactivated' },
          ]}
        />
      </Group>

      <DataTable
        pager={
          users.isSuccess && hasOtherPages(from, users.data.more)
            ? {
                from,
                pageSize: USERS_PAGE_SIZE,
                more: users.data.more,
                busy: users.isPlaceholderData,
                onPage: setFrom,
                summary: rows.length === 0 ? 'No more users' : `Users ${from + 1}–${from + rows.length}`,
              }
            : undefined
        }
        label="Users"
        minWidth={800}
        tableProps={{ horizontalSpacing: 'md' }}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'email', header: 'Email' },
          { key: 'roles', header: 'Roles' },
          { key: 'state', header: 'State' },
          { key: 'created', header: 'Created', w: 170 },
          { key: 'actions', header: 'Actions', hiddenHeader: true, w: 60 },
        ]}
        rows={users.data ? rows : undefined}
        loading={users.isPending}
        stale={users.isPlaceholderData}
        empty={
          from === 0 ? (
            <EmptyState
              title={
                debouncedSearch
                  ? 'No users match your search'
                  : state === '1'
                    ? 'No active users'
                    : 'No deactivated users'
              }
              description={debouncedSearch ? 'Try another name or email.' : 'Users appear here once they exist.'}
            />
          ) : null
        }
        error={loadError(users, 'The users could not be loaded')}
        renderRow={(user) => {
          const self = user.id === currentUserId;
          return (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {user.name}
                  {self ? (
                    <Text span c="dimmed" size="xs">
                      {' '}
                      (you)
                    </Text>
                  ) : null}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.emailId}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {user.roles.map((role) => (
                    <Badge key={role} variant="outline" size="sm" tt="none">
                      {roleLabel(role)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <StateBadge state={user.state} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(user.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.name}`}>
                      <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                        <circle cx="5" cy="12" r="2" />
                        <circle cx="12" cy="12" r="2" />
                        <circle cx="19" cy="12" r="2" />
                      </svg>
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item disabled={self} onClick={() => setDialog({ kind: 'roles', user })}>
                      Edit Roles
                    </Menu.Item>
                    <Menu.Item onClick={() => setDialog({ kind: 'password', user })}>Reset Password</Menu.Item>
                    {user.state === userStates.deactivated ? (
                      <Menu.Item onClick={() => setDialog({ kind: 'activate', user })}>Activate</Menu.Item>
                    ) : (
                      <Menu.Item disabled={self} onClick={() => setDialog({ kind: 'deactivate', user })}>
                        Deactivate
                      </Menu.Item>
                    )}
                    <Menu.Divider />
                    <Menu.Item color="red" disabled={self} onClick={() => setDialog({ kind: 'delete', user })}>
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />

      <CreateUserModal opened={adding} onClose={() => setAdding(false)} />
      <EditRolesModal user={target('roles')} onClose={close} />
      <ResetPasswordModal user={target('password')} onClose={close} />
      <DeleteUserModal user={target('delete')} onClose={close} />
      <ConfirmDialog
        opened={dialog.kind === 'deactivate'}
        title="Deactivate user?"
        message={`${target('deactivate')?.name ?? ''} will be signed out at once and cannot sign in until activated again.`}
        confirmLabel="Deactivate"
        danger
        loading={setUserState.isPending}
        onConfirm={() => handleStateChange(false)}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog.kind === 'activate'}
        title="Activate user?"
        message={`${target('activate')?.name ?? ''} will be able to sign in again.`}
        confirmLabel="Activate"
        loading={setUserState.isPending}
        onConfirm={() => handleStateChange(true)}
        onClose={close}
      />
    </Stack>
  );
}
