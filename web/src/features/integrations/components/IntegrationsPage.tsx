import { useState } from 'react';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { integrationTypes, type Integration, type IntegrationTestResult } from '@parley/contracts/integrations';
import { describeFailure } from '../../../lib/failure-message';
import { formatDateTime } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { useDeleteIntegration } from '../api/delete-integration';
import { INTEGRATIONS_PAGE_SIZE, useIntegrations } from '../api/get-integrations';
import { useTestIntegration } from '../api/test-integration';
import { IntegrationDrawer } from './IntegrationDrawer';

const typeName = (authType: number) =>
  integrationTypes[authType as keyof typeof integrationTypes] ?? `Type ${authType}`;

/** Integrations: the auth configs agents and journeys use (platform §3.8), secrets always masked. */
export function IntegrationsPage() {
  const [from, setFrom] = useState(0);
  const list = useIntegrations({ from, perPage: INTEGRATIONS_PAGE_SIZE });
  const remove = useDeleteIntegration();
  const test = useTestIntegration();
  const [drawer, setDrawer] = useState<{ editing: Integration | null } | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const [results, setResults] = useState<Record<string, IntegrationTestResult>>({});

  const handleTest = (item: Integration) =>
    test.mutate(item.id, {
      onSuccess: (result) => setResults((previous) => ({ ...previous, [item.id]: result })),
      onError: (error) =>
        setResults((previous) => ({ ...previous, [item.id]: { ok: false, message: describeFailure(error) } })),
    });
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast(`${deleting.name} has been deleted`, { tone: 'success' }),
      onSettled: () => setDeleting(null),
    });
  };
  const items = list.data?.integrations ?? [];

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Integrations
          </Title>
          <Text c="dimmed" size="sm">
            Connections to other services. Secrets are stored encrypted and never shown in full.
          </Text>
        </div>
        <Button onClick={() => setDrawer({ editing: null })}>Add Integration</Button>
      </Group>

      <DataTable
        label="Integrations"
        minWidth={760}
        tableProps={{ highlightOnHover: false }}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'type', header: 'Type' },
          { key: 'secrets', header: 'Secrets' },
          { key: 'updated', header: 'Updated' },
          { key: 'actions', header: '', ariaLabel: 'Actions' },
        ]}
        rows={list.data ? items : undefined}
        loading={list.isPending}
        skeletonRows={1}
        stale={list.isPlaceholderData}
        empty={from === 0 ? 'No integrations yet.' : 'No more integrations.'}
        error={loadError(list, 'The integrations could not be loaded')}
        pager={{
          from,
          pageSize: INTEGRATIONS_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(item) => {
          const result = results[item.id];
          return (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.name}
                </Text>
                {result ? (
                  <Text size="xs" c={result.ok ? 'teal' : 'red.8'} role="status" maw={420}>
                    {result.message}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {typeName(item.authType)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {Object.values(item.secrets).join(', ') || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(item.updatedAt)}</Text>
              </Table.Td>
              <Table.Td>
                {/* As wide as its buttons: a narrow column would cut their labels ('Test connect…'). */}
                <Group gap="xs" justify="flex-end" wrap="nowrap" miw="max-content">
                  {item.authType === 5 ? (
                    <Button
                      size="xs"
                      variant="light"
                      loading={test.isPending && test.variables === item.id}
                      onClick={() => handleTest(item)}
                      aria-label={`Test connection of ${item.name}`}
                    >
                      Test Connection
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setDrawer({ editing: item })}
                    aria-label={`Edit ${item.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setDeleting(item)}
                    aria-label={`Delete ${item.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />

      {drawer ? (
        <IntegrationDrawer
          key={drawer.editing?.id ?? 'new'}
          opened
          editing={drawer.editing}
          onClose={() => setDrawer(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this integration?"
        message={`'${deleting?.name ?? ''}' will be removed with its stored secrets. This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
