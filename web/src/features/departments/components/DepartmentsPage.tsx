import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { Department } from '@parley/contracts/departments';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DEPARTMENTS_PAGE_SIZE, useDepartments } from '../api/get-departments';
import { useDeleteDepartment } from '../api/delete-department';
import { DepartmentFormModal } from './DepartmentFormModal';
import { useDebouncedValue } from '@mantine/hooks';
import { PagerButtons, hasOtherPages } from '../../../components/PagerButtons';
import { TableSkeletonRows } from '../../../components/TableSkeletonRows';

/** Where the departments pages live in the console. */
export const DEPARTMENTS_PATH = '/admin/departments';

function readFrom(params: URLSearchParams): number {
  const value = Number(params.get('from') ?? 0);
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/** Departments (MANAGE): searchable list; create, edit and delete; open one to manage its users. */
export function DepartmentsPage() {
  const [params, setParams] = useSearchParams();
  const from = readFrom(params);
  const [search, setSearch] = useState(params.get('name') ?? '');
  const [name] = useDebouncedValue(search.trim(), 300);
  const list = useDepartments({ ...(name ? { name } : {}), from, perPage: DEPARTMENTS_PAGE_SIZE });
  const remove = useDeleteDepartment();
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);
  const departments = list.data?.departments ?? [];

  const goTo = (next: number) => setParams({ ...(name ? { name } : {}), ...(next > 0 ? { from: String(next) } : {}) });

  const handleSearch = (value: string) => {
    setSearch(value);
    if (from > 0) setParams(value.trim() ? { name: value.trim() } : {});
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast('Department deleted', { tone: 'success' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Departments
          </Title>
          <Text c="dimmed" size="sm">
            Group users into departments, each with a manager.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>Create Department</Button>
      </Group>

      <TextInput
        aria-label="Search departments"
        placeholder="Search by name"
        maw={360}
        value={search}
        onChange={(event) => handleSearch(event.currentTarget.value)}
      />

      {list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {list.error.message}
        </Alert>
      ) : list.isSuccess && departments.length === 0 && from === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap={4}>
            <Text fw={600}>{name ? 'No departments match your search' : 'No departments yet'}</Text>
            <Text size="sm" c="dimmed">
              {name ? 'Try another name.' : 'Create a department to group your users.'}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Departments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Manager</Table.Th>
                  <Table.Th w={90}>Users</Table.Th>
                  <Table.Th w={160}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                {list.isPending ? (
                  <TableSkeletonRows rows={3} columns={5} />
                ) : (
                  departments.map((department) => (
                    <Table.Tr key={department.id}>
                      <Table.Td>
                        <Link to={`${DEPARTMENTS_PATH}/${department.id}`} style={{ color: 'inherit', fontWeight: 500 }}>
                          {department.name}
                        </Link>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={department.desc ? undefined : 'dimmed'} lineClamp={2}>
                          {department.desc || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{department.managerName ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{department.userCount}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Edit ${department.name}`}
                            onClick={() => setEditing(department)}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${department.name}`}
                            onClick={() => setDeleting(department)}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.isSuccess && hasOtherPages(from, list.data.more) ? (
            <Group justify="flex-end" p="sm" gap="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <PagerButtons
                from={from}
                pageSize={DEPARTMENTS_PAGE_SIZE}
                more={list.data.more}
                busy={list.isPlaceholderData}
                onPage={goTo}
              />
            </Group>
          ) : null}
        </Paper>
      )}

      <DepartmentFormModal
        opened={editing !== null}
        department={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete department"
        message={`Delete ${deleting?.name ?? ''}? Its users stay in the enterprise.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
