import { useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import {
  chatPermissionKeys,
  chatPermissionLabels,
  updateRolesBody,
  type UserDetails,
  type UserSummary,
} from '@parley/contracts/users';
import { describeFailure } from '../../../lib/failure-message';
import { validateWithSchema, type FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useUser } from '../api/get-user';
import { useUpdateUserRoles } from '../api/update-user-roles';
import { RoleChecklist } from './RoleChecklist';

function EditRolesForm({ user, onClose }: { user: UserDetails; onClose: () => void }) {
  const updateRoles = useUpdateUserRoles();
  const [roles, setRoles] = useState<number[]>(user.roles);
  const [chat, setChat] = useState<Record<string, boolean>>(user.chatPermissions);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = { roles, chat };
    const found = validateWithSchema(updateRolesBody, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    updateRoles.mutate(
      { id: user.id, ...body },
      {
        onSuccess: () => {
          showToast(`Roles of ${user.name} have been updated`, { tone: 'success' });
          onClose();
        },
        onError: (error) => setFailure(describeFailure(error)),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <RoleChecklist value={roles} onChange={setRoles} error={errors.roles} />
        <Stack gap={6}>
          <Text fw={500} size="sm">
            Chat Permissions
          </Text>
          {chatPermissionKeys.map((key) => (
            <Switch
              key={key}
              label={chatPermissionLabels[key]}
              checked={chat[key] === true}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setChat((previous) => ({ ...previous, [key]: checked }));
              }}
            />
          ))}
        </Stack>
        <FormErrorAlert message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={updateRoles.isPending}>
            Save Roles
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit roles and chat permissions of one user (update_roles, platform §6). */
export function EditRolesModal({
  user,
  onClose,
}: {
  user: Pick<UserSummary, 'id' | 'name'> | null;
  onClose: () => void;
}) {
  const details = useUser(user?.id ?? null);
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Edit Roles: ${user.name}` : 'Edit Roles'} centered>
      {details.isError ? (
        <FormErrorAlert message={describeFailure(details.error)} />
      ) : details.data && details.data.id === user?.id && !details.isFetching ? (
        <EditRolesForm key={details.dataUpdatedAt} user={details.data} onClose={onClose} />
      ) : (
        <Group justify="center" p="lg">
          <Loader size="sm" role="progressbar" aria-label="Loading" />
        </Group>
      )}
    </Modal>
  );
}
