import { useState } from 'react';
import { Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type { DeleteUserResult, UserSummary } from '@parley/contracts/users';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useDeleteCheck, useDeleteUser } from '../api/delete-user';

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** What deleting would do, in words (the validation step of DELETE users/{id}). */
export function deleteSummary(result: DeleteUserResult): string[] {
  const lines: string[] = [];
  if (result.departmentsManaged.length > 0)
    lines.push(
      `Manages ${plural(result.departmentsManaged.length, 'department')} (${result.departmentsManaged
        .map((department) => department.name)
        .join(', ')}), which will have no manager`,
    );
  if (result.departmentsMember > 0) lines.push(`Is removed from ${plural(result.departmentsMember, 'department')}`);
  lines.push(
    result.openSessions > 0
      ? `${plural(result.openSessions, 'open session')} will be signed out at once`
      : 'Has no open sessions',
  );
  return lines;
}

/** Delete a user: first the server's summary of what would happen, then the confirmation. */
export function DeleteUserModal({
  user,
  onClose,
}: {
  user: Pick<UserSummary, 'id' | 'name'> | null;
  onClose: () => void;
}) {
  const remove = useDeleteUser();
  const check = useDeleteCheck(user?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const summary = check.data ?? null;
  const shownFailure = failure ?? (check.isError ? describeFailure(check.error) : null);
  const handleClose = () => {
    setFailure(null);
    onClose();
  };

  const handleConfirm = () => {
    if (!user) return;
    setFailure(null);
    remove.mutate(
      { id: user.id, validateOnly: false },
      {
        onSuccess: () => {
          showToast(`${user.name} has been deleted`, { tone: 'success' });
          handleClose();
        },
        onError: (error) => setFailure(describeFailure(error)),
      },
    );
  };

  return (
    <Modal opened={user !== null} onClose={handleClose} title="Delete user?" centered>
      <Stack gap="sm">
        {summary === null && shownFailure === null ? (
          <Group gap="xs">
            <Loader size="xs" role="progressbar" aria-label="Checking" />
            <Text size="sm">Checking what deleting {user?.name} would do…</Text>
          </Group>
        ) : null}
        {summary ? (
          <>
            <Text size="sm">
              Deleting <b>{user?.name}</b> cannot be undone. This user:
            </Text>
            <List size="sm" spacing={4}>
              {deleteSummary(summary).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </>
        ) : null}
        <FormErrorAlert message={shownFailure} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={handleClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={handleConfirm} loading={remove.isPending} disabled={summary === null}>
            Delete User
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
