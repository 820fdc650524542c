import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { permissions, type Permission } from '@parley/contracts/permissions';
import { useRolePermissions } from '../api/get-role-permissions';
import { useUsers } from '../api/get-users';
import { EditRolesModal } from './EditRolesModal';
import { roleLabel } from './role-label';
import { SEARCH_DEBOUNCE_MS } from './UsersPage';

/** 'CHAT.VIEW_CHATHISTORY' → module 'CHAT', label 'View chathistory'. */
function splitPermission(permission: Permission) {
  const dot = permission.indexOf('.');
  const module = dot === -1 ? permission : permission.slice(0, dot);
  const rest = dot === -1 ? 'Access' : permission.slice(dot + 1);
  const words = rest.replace(/[._]/g, ' ').toLowerCase();
  return { module, label: words.charAt(0).toUpperCase() + words.slice(1) };
}

function Mark({ held, removed }: { held: boolean; removed: boolean }) {
  if (removed)
    return (
      <Text span c="gray.5" aria-label="Granted, but switched off" fz="sm">
        ✓
      </Text>
    );
  return held ? (
    <Text span c="teal.7" fw={700} aria-label="Granted" fz="sm">
      ✓
    </Text>
  ) : (
    <Text span c="gray.4" aria-label="Not granted" fz="sm">
      –
    </Text>
  );
}

/** Assign roles to a user from the Role & Permission page. */
function AssignRoles() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const users = useUsers({ from: 0, perPage: 20, state: 1, ...(debounced ? { name: debounced } : {}) });
  const options = (users.data?.users ?? []).map((user) => ({
    value: user.id,
    label: `${user.name} (${user.emailId})`,
  }));

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="assign-roles-heading">
      <Title order={2} fz="lg" id="assign-roles-heading">
        Assign Roles
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Pick a user to change their roles and chat permissions.
      </Text>
      <Group align="flex-end">
        <Select
          label="User"
          placeholder="Search by name or email"
          searchable
          data={options}
          value={chosen?.id ?? null}
          onChange={(id) => {
            const user = users.data?.users.find((entry) => entry.id === id);
            setChosen(user ? { id: user.id, name: user.name } : null);
          }}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={users.isFetching ? 'Searching…' : 'No users found'}
          w={360}
        />
        <Button disabled={!chosen} onClick={() => setEditing(chosen)}>
          Assign Roles
        </Button>
      </Group>
      <EditRolesModal user={editing} onClose={() => setEditing(null)} />
    </Paper>
  );
}

/** Role & Permission (platform §6): what each role grants, and what feature flags remove. */
export function RolePermissionPage() {
  const matrix = useRolePermissions();
  const roles = matrix.data?.roles ?? [];
  const flagOf = new Map(matrix.data?.flagsOff.map((entry) => [entry.permission, entry.flag]) ?? []);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} fz={24}>
          Role &amp; Permission
        </Title>
        <Text c="dimmed" size="sm">
          Each role grants these permissions. A user holds every permission of each of their roles.
        </Text>
      </div>

      <AssignRoles />

      {matrix.isError ? (
        <Alert color="red" variant="light" role="alert">
          {matrix.error.message}
        </Alert>
      ) : (
        <Paper withBorder radius="md">
          {flagOf.size > 0 ? (
            <Text size="sm" c="dimmed" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              Greyed permissions are switched off for your enterprise by a feature flag and are granted to nobody.
            </Text>
          ) : null}
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing={6} horizontalSpacing="md" aria-label="Role permissions" stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Module</Table.Th>
                  <Table.Th>Permission</Table.Th>
                  {roles.map((role) => (
                    <Table.Th key={role.id} ta="center">
                      {roleLabel(role.id)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {matrix.isPending
                  ? [0, 1, 2, 3, 4].map((row) => (
                      <Table.Tr key={row}>
                        <Table.Td colSpan={8}>
                          <Skeleton h={14} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : permissions.map((permission) => {
                      const { module, label } = splitPermission(permission);
                      const flag = flagOf.get(permission);
                      return (
                        <Table.Tr
                          key={permission}
                          style={flag ? { background: 'var(--mantine-color-gray-0)' } : undefined}
                        >
                          <Table.Td>
                            <Text size="xs" c="dimmed" ff="monospace">
                              {module}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Stack gap={0}>
                              <Text size="sm" c={flag ? 'dimmed' : undefined}>
                                {label}
                              </Text>
                              {flag ? (
                                <Text size="xs" c="dimmed" fs="italic">
                                  Switched off ({flag} flag)
                                </Text>
                              ) : null}
                            </Stack>
                          </Table.Td>
                          {roles.map((role) => (
                            <Table.Td key={role.id} ta="center">
                              <Mark
                                held={role.permissions.includes(permission)}
                                removed={role.removedByFlags.includes(permission)}
                              />
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      );
                    })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
