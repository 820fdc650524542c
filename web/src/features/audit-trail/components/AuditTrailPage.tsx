import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { formatDateTime } from '../../../lib/format-date';
import { useExportAuditTrail } from '../api/export-audit-trail';
import { AUDIT_PAGE_SIZE, useAuditTrail, type AuditFilters } from '../api/get-audit-trail';
import { useAuditUsers } from '../api/get-audit-users';

interface FilterForm {
  userId: string | null;
  action: string;
  fromDay: string;
  toDay: string;
}
const noFilters: FilterForm = { userId: null, action: '', fromDay: '', toDay: '' };

/** Days picked in the browser's time zone become the instants the server filters by. */
function toFilters(form: FilterForm): AuditFilters {
  return {
    userId: form.userId ?? undefined,
    action: form.action.trim() || undefined,
    fromDate: form.fromDay ? new Date(`${form.fromDay}T00:00:00`).toISOString() : undefined,
    toDate: form.toDay ? new Date(`${form.toDay}T23:59:59.999`).toISOString() : undefined,
  };
}

/** Audit Trail: who did what, when, to which target, with filters, paging and CSV export. */
export function AuditTrailPage({ canListUsers }: { canListUsers: boolean }) {
  const [form, setForm] = useState<FilterForm>(noFilters);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [from, setFrom] = useState(0);
  const trail = useAuditTrail({ ...filters, from, perPage: AUDIT_PAGE_SIZE });
  const users = useAuditUsers(canListUsers);
  const exporter = useExportAuditTrail();
  const entries = trail.data?.entries ?? [];

  const handleApply = (event: React.FormEvent) => {
    event.preventDefault();
    setFilters(toFilters(form));
    setFrom(0);
  };
  const handleClear = () => {
    setForm(noFilters);
    setFilters({});
    setFrom(0);
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Audit Trail
          </Title>
          <Text c="dimmed" size="sm">
            Every change made in your enterprise: who did what, when, and to which record.
          </Text>
        </div>
        <Button variant="light" loading={exporter.isPending} onClick={() => exporter.mutate(filters)}>
          Export CSV
        </Button>
      </Group>

      <Paper withBorder radius="md" p="md" component="form" onSubmit={handleApply} aria-label="Filters">
        <Group align="flex-end" gap="sm">
          {canListUsers ? (
            <Select
              label="User"
              placeholder="Everyone"
              data={users.data ?? []}
              value={form.userId}
              onChange={(userId) => setForm((previous) => ({ ...previous, userId }))}
              searchable
              clearable
              w={240}
            />
          ) : null}
          <TextInput
            label="Action"
            placeholder="e.g. account.login"
            value={form.action}
            onChange={(event) => {
              const action = event.currentTarget.value;
              setForm((previous) => ({ ...previous, action }));
            }}
            w={180}
          />
          <TextInput
            label="From"
            type="date"
            w={150}
            value={form.fromDay}
            onChange={(event) => {
              const fromDay = event.currentTarget.value;
              setForm((previous) => ({ ...previous, fromDay }));
            }}
          />
          <TextInput
            label="To"
            type="date"
            w={150}
            value={form.toDay}
            onChange={(event) => {
              const toDay = event.currentTarget.value;
              setForm((previous) => ({ ...previous, toDay }));
            }}
          />
          <Button type="submit">Apply</Button>
          <Button variant="subtle" onClick={handleClear}>
            Clear
          </Button>
        </Group>
      </Paper>
      {exporter.isError ? (
        <Alert color="red" variant="light" role="alert">
          {exporter.error.message}
        </Alert>
      ) : null}

      <DataTable
        pager={{
          from,
          pageSize: AUDIT_PAGE_SIZE,
          more: trail.data?.more ?? false,
          busy: trail.isPlaceholderData,
          onPage: setFrom,
          summary: entries.length > 0 ? `Entries ${from + 1}–${from + entries.length}` : '',
        }}
        label="Audit trail"
        minWidth={800}
        tableProps={{ verticalSpacing: 'xs', striped: true, highlightOnHover: false }}
        columns={[
          { key: 'when', header: 'When' },
          { key: 'who', header: 'Who' },
          { key: 'what', header: 'What' },
          { key: 'target', header: 'Target' },
          { key: 'status', header: 'Status' },
        ]}
        rows={trail.data ? entries : undefined}
        loading={trail.isPending}
        skeletonRows={1}
        stale={trail.isPlaceholderData}
        empty="Nothing matches these filters."
        error={loadError(trail, 'The audit trail could not be loaded')}
        renderRow={(entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{entry.userName ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {entry.action}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {entry.method} {entry.route}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs" ff="monospace">
                {entry.target ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={entry.statusCode < 400 ? 'teal' : 'red'}>
                {entry.statusCode}
              </Badge>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
