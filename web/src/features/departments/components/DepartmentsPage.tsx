import { useState } from 'react';
import { Button, EmptyState, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { Department } from '@parley/contracts/departments';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { DEPARTMENTS_PAGE_SIZE, useDepartments } from '../api/get-departments';
import { useDeleteDepartment } from '../api/delete-department';
import { DepartmentFormModal } from './DepartmentFormModal';
import { useDebouncedValue } from '@mantine/hooks';

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

      <DataTable
        label="Departments"
        minWidth={720}
        tableProps={{ horizontalSpacing: 'md' }}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'description', header: 'Description' },
          { key: 'manager', header: 'Manager' },
          { key: 'users', header: 'Users', w: 90 },
          { key: 'actions', header: 'Actions', hiddenHeader: true, w: 160 },
        ]}
        rows={list.data ? departments : undefined}
        loading={list.isPending}
        skeletonRows={3}
        stale={list.isPlaceholderData}
        empty={
          from === 0 ? (
            <EmptyState
              title={name ? 'No departments match your search' : 'No departments yet'}
              description={name ? 'Try another name.' : 'Create a department to group your users.'}
            />
          ) : (
            'No more departments.'
          )
        }
        error={loadError(list, 'The departments could not be loaded')}
        pager={{
          from,
          pageSize: DEPARTMENTS_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: goTo,
        }}
        renderRow={(department) => (
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
        )}
      />

      <DepartmentFormModal
        opened={editing !== null}
        department={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Department"
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
