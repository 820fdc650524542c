import { useState } from 'react';
import { Badge, Button, EmptyState, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Invitation, InvitationStatus } from '@parley/contracts/invitations';
import { isRoleId, roles } from '@parley/contracts/permissions';
import { formatDateTime } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { INVITATIONS_PAGE_SIZE, useInvitations } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { InviteUserModal } from './InviteUserModal';

const statusColor: Record<InvitationStatus, string> = {
  pending: 'blue',
  accepted: 'teal',
  revoked: 'gray',
  expired: 'orange',
};
const statusLabel: Record<InvitationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  revoked: 'Revoked',
  expired: 'Expired',
};

function readFrom(params: URLSearchParams): number {
  const value = Number(params.get('from') ?? 0);
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

function roleNames(ids: number[]) {
  return ids.map((id) => (isRoleId(id) ? roles[id] : String(id))).join(', ');
}

/** Invitations (MANAGE): invite by email with roles, see their state, resend or revoke. */
export function InvitationsPage() {
  const [params, setParams] = useSearchParams();
  const from = readFrom(params);
  const list = useInvitations({ from, perPage: INVITATIONS_PAGE_SIZE });
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const invitations = list.data?.invitations ?? [];

  const goTo = (next: number) => setParams(next > 0 ? { from: String(next) } : {});

  const handleResend = (invitation: Invitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => showToast(`Invitation sent again to ${invitation.emailId}`, { tone: 'success' }),
    });

  const handleRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => showToast('Invitation revoked', { tone: 'success' }),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Invitations
          </Title>
          <Text c="dimmed" size="sm">
            Invite people by email. They choose their name and password from the link, valid for 7 days.
          </Text>
        </div>
        <Button onClick={() => setInviting(true)}>Invite User</Button>
      </Group>

      <DataTable
        label="Invitations"
        minWidth={760}
        tableProps={{ horizontalSpacing: 'md', highlightOnHover: false }}
        columns={[
          { key: 'email', header: 'Email' },
          { key: 'roles', header: 'Roles' },
          { key: 'status', header: 'Status', w: 120 },
          { key: 'invitedBy', header: 'Invited by' },
          { key: 'expires', header: 'Expires', w: 190 },
          { key: 'actions', header: 'Actions', hiddenHeader: true, w: 180 },
        ]}
        rows={list.data ? invitations : undefined}
        loading={list.isPending}
        skeletonRows={3}
        stale={list.isPlaceholderData}
        empty={
          from === 0 ? (
            <EmptyState title="No invitations yet" description="Invite a colleague and the invitation appears here." />
          ) : (
            'No more invitations.'
          )
        }
        error={loadError(list, 'The invitations could not be loaded')}
        pager={{
          from,
          pageSize: INVITATIONS_PAGE_SIZE,
          more: list.data?.more ?? false,
          busy: list.isPlaceholderData,
          onPage: goTo,
        }}
        renderRow={(invitation) => {
          const open = invitation.status === 'pending' || invitation.status === 'expired';
          return (
            <Table.Tr key={invitation.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {invitation.emailId}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{roleNames(invitation.roles)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={statusColor[invitation.status]} variant="light" tt="none" style={{ flexShrink: 0 }}>
                  {statusLabel[invitation.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{invitation.invitedBy ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {invitation.status === 'accepted' && invitation.acceptedAt
                    ? `Accepted ${formatDateTime(invitation.acceptedAt)}`
                    : formatDateTime(invitation.expiresAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                {open ? (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Resend invitation to ${invitation.emailId}`}
                      loading={resend.isPending && resend.variables === invitation.id}
                      onClick={() => handleResend(invitation)}
                    >
                      Resend
                    </Button>
                    {invitation.status === 'pending' ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Revoke invitation to ${invitation.emailId}`}
                        onClick={() => setRevoking(invitation)}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        }}
      />

      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke Invitation"
        message={`The link sent to ${revoking?.emailId ?? ''} will stop working.`}
        confirmLabel="Revoke"
        danger
        loading={revoke.isPending}
        onConfirm={handleRevoke}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
