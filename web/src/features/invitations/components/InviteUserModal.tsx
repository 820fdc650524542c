import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { inviteBody } from '@parley/contracts/invitations';
import { roleAltLabels, roleIds, roles } from '@parley/contracts/permissions';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema, type FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCreateInvitation } from '../api/create-invitation';

function roleLabel(id: (typeof roleIds)[number]) {
  const alt = roleAltLabels[id];
  return alt ? `${roles[id]} (${alt})` : roles[id];
}

/** Invite by email with roles; the invitee gets a mail with the accept link. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateInvitation();
  const [emailId, setEmailId] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const handleClose = () => {
    setEmailId('');
    setSelected([]);
    setErrors({});
    setError(null);
    create.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { emailId, roles: selected.map(Number) };
    const found = validateWithSchema(inviteBody, body);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: () => {
        showToast(`Invitation sent to ${emailId.trim()}`, { tone: 'success' });
        handleClose();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.fieldErrors) setErrors(mapFieldErrors(failure.fieldErrors));
        else setError(describeFailure(failure));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={handleClose} title="Invite User" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            data-autofocus
            value={emailId}
            error={errors.emailId}
            onChange={(event) => {
              setEmailId(event.currentTarget.value);
              setErrors((previous) => ({ ...previous, emailId: '' }));
            }}
          />
          <Checkbox.Group
            label="Roles"
            value={selected}
            error={errors.roles}
            onChange={(value) => {
              setSelected(value);
              setErrors((previous) => ({ ...previous, roles: '' }));
            }}
          >
            <Stack gap={6} mt={6}>
              {roleIds.map((id) => (
                <Checkbox key={id} value={String(id)} label={roleLabel(id)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <FormErrorAlert message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Send Invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
