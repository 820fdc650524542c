import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { isRoleId, roles } from '@parley/contracts/permissions';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { CreateApiKeyModal } from './CreateApiKeyModal';

const roleNames = (list: number[]) => list.map((role) => (isRoleId(role) ? roles[role] : `Role ${role}`)).join(', ');

/** API Keys: keys that let other systems call Parley for this enterprise; masked, revocable. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<{ id: string; name: string } | null>(null);

  const handleRevoke = () => {
    if (!pending) return;
    revoke.mutate(pending.id, {
      onSuccess: (key) => showToast(`The key '${key.name}' has been revoked`, { tone: 'success' }),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            API Keys
          </Title>
          <Text c="dimmed" size="sm">
            Keys let other systems call the Parley API for your enterprise, with the permissions of the roles you give
            them.
          </Text>
        </div>
        <Button onClick={() => setCreating(true)}>Create API Key</Button>
      </Group>

      <DataTable
        label="API keys"
        minWidth={760}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'key', header: 'Key' },
          { key: 'roles', header: 'Roles' },
          { key: 'created', header: 'Created' },
          { key: 'lastUsed', header: 'Last used' },
          { key: 'status', header: 'Status' },
          { key: 'actions', header: '', ariaLabel: 'Actions' },
        ]}
        rows={keys.data}
        loading={keys.isPending}
        skeletonRows={1}
        empty="No API keys yet."
        error={loadError(keys, 'The API keys could not be loaded')}
        renderRow={(key) => (
          <Table.Tr key={key.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {key.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {key.maskedKey}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{roleNames(key.roles)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(key.createdAt)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" title={key.lastUsedAt ? formatDateTime(key.lastUsedAt) : undefined}>
                {key.lastUsedAt ? formatRelativeTime(key.lastUsedAt) : 'Never'}
              </Text>
            </Table.Td>
            <Table.Td>
              {key.revokedAt ? (
                <Badge color="gray" variant="light" title={formatDateTime(key.revokedAt)}>
                  Revoked
                </Badge>
              ) : (
                <Badge color="teal" variant="light">
                  Active
                </Badge>
              )}
            </Table.Td>
            <Table.Td ta="right">
              {key.revokedAt ? null : (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={`Revoke ${key.name}`}
                  onClick={() => setPending({ id: key.id, name: key.name })}
                >
                  Revoke
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />

      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={pending !== null}
        title="Revoke this API key?"
        message={`Systems using '${pending?.name ?? ''}' will be refused from now on. This cannot be undone.`}
        confirmLabel="Revoke"
        danger
        loading={revoke.isPending}
        onConfirm={handleRevoke}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
