import { useState } from 'react';
import { Alert, Badge, Button, Paper, Table, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import type { sessionInfo } from '@parley/contracts/account';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { describeUserAgent } from '../../../lib/format-user-agent';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';

export const SESSION_SIGNED_OUT_TEXT = 'The session has been signed out.';

const COLUMNS: DataTableColumn[] = [
  { key: 'device', header: 'Device' },
  { key: 'ip', header: 'IP Address' },
  { key: 'signedIn', header: 'Signed In' },
  { key: 'lastSeen', header: 'Last Seen' },
  { key: 'actions', header: 'Actions', hiddenHeader: true },
];

type Session = z.infer<typeof sessionInfo>;

const NO_OTHER_SESSIONS = 'No other active sessions.';

function SessionRow({
  session,
  signingOut,
  onSignOut,
}: {
  session: Session;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  return (
    <Table.Tr data-current={session.current || undefined}>
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
          <Button size="xs" variant="light" color="red" onClick={onSignOut} loading={signingOut}>
            Sign Out
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** My open sessions, with 'This device' marked and 'Sign Out' for the others. */
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
        Active Sessions
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Devices where you are signed in. Sign out any you do not recognise.
      </Text>

      {sessions.isError ? (
        <Alert color="red" variant="light" role="alert">
          {sessions.error.message}
        </Alert>
      ) : (
        <DataTable<Session>
          label="Active Sessions"
          columns={COLUMNS}
          rows={sessions.data ? rows : undefined}
          loading={sessions.isPending}
          skeletonRows={2}
          empty={NO_OTHER_SESSIONS}
          minWidth={640}
          renderRow={(session) => (
            <SessionRow
              key={session.id}
              session={session}
              signingOut={revoke.isPending && revoke.variables === session.id}
              onSignOut={() => setPending(session.id)}
            />
          )}
        />
      )}
      {rows.length > 0 && rows.every((session) => session.current) ? (
        <Text size="sm" c="dimmed" mt="sm">
          {NO_OTHER_SESSIONS}
        </Text>
      ) : null}

      <ConfirmDialog
        opened={pending !== null}
        title="Sign out this session?"
        message="That device will be signed out of Parley right away."
        confirmLabel="Sign Out"
        danger
        loading={revoke.isPending}
        onConfirm={handleConfirm}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}
