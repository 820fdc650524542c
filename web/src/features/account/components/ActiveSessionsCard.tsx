import { useState } from 'react';
import { Alert, Badge, Button, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { describeUserAgent } from '../../../lib/format-user-agent';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { TableSkeletonRows } from '../../../components/TableSkeletonRows';

export const SESSION_SIGNED_OUT_TEXT = 'The session has been signed out.';

/** My open sessions, with 'This device' marked and 'Sign out' for the others. */
export function ActiveSessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [pending, setPending] = useState<string | null>(null);

  const handleConfirm = () => {
    if (!pending) return;
    revoke.mutate(pending, {
      onSuccess: () => showToast(SESSION_SIGNED_OUT_TEXT, { tone: 'success' }),
      onSettled: () => setPending(null),
    });
  };

  const rows = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="active-sessions-heading">
      <Title order={2} fz="lg" id="active-sessions-heading">
        Active sessions
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Devices where you are signed in. Sign out any you do not recognise.
      </Text>

      {sessions.isError ? (
        <Alert color="red" variant="light" role="alert">
          {sessions.error.message}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-labelledby="active-sessions-heading" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>IP address</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.isPending ? (
                <TableSkeletonRows rows={2} columns={5} />
              ) : (
                rows.map((session) => (
                  <Table.Tr key={session.id} data-current={session.current || undefined}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {describeUserAgent(session.userAgent)}{' '}
                        {session.current ? (
                          <Badge size="sm" variant="light" color="teal" ml={4}>
                            This device
                          </Badge>
                        ) : null}
                      </Text>
                      {session.userAgent ? (
                        <Text size="xs" c="dimmed" lineClamp={1} title={session.userAgent} maw={360}>
                          {session.userAgent}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{session.ip ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(session.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" title={formatDateTime(session.lastSeenAt)}>
                        {formatRelativeTime(session.lastSeenAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {session.current ? null : (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setPending(session.id)}
                          loading={revoke.isPending && revoke.variables === session.id}
                        >
                          Sign out
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {sessions.isSuccess && rows.every((session) => session.current) ? (
        <Text size="sm" c="dimmed" mt="sm">
          No other active sessions.
        </Text>
      ) : null}

      <ConfirmDialog
        opened={pending !== null}
        title="Sign out this session?"
        message="That device will be signed out of Parley right away."
        confirmLabel="Sign out"
        danger
        loading={revoke.isPending}
        onConfirm={handleConfirm}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}
