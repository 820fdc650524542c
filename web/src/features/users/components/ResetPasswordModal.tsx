import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { adminResetPasswordBody, type UserSummary } from '@parley/contracts/users';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema, type FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PasswordField } from '../../../components/PasswordField';
import { useResetUserPassword } from '../api/reset-user-password';

const empty = { adminPassword: '', password: '' };

/** Sets a user's password; the admin confirms with their own password. */
export function ResetPasswordModal({
  user,
  onClose,
}: {
  user: Pick<UserSummary, 'id' | 'name'> | null;
  onClose: () => void;
}) {
  const resetPassword = useResetUserPassword();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const handleClose = () => {
    setValues(empty);
    setErrors({});
    setFailure(null);
    onClose();
  };
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!user) return;
    setFailure(null);
    const found = validateWithSchema(adminResetPasswordBody, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    resetPassword.mutate(
      { id: user.id, ...values },
      {
        onSuccess: () => {
          showToast(`The password of ${user.name} has been reset`, { tone: 'success' });
          handleClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(mapFieldErrors(error.fieldErrors));
          else setFailure(describeFailure(error));
        },
      },
    );
  };

  return (
    <Modal opened={user !== null} onClose={handleClose} title="Reset Password" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {user ? `Set a new password for ${user.name}. Their sessions end at once.` : null}
          </Text>
          <PasswordField
            label="Your Password"
            withAsterisk
            autoComplete="current-password"
            data-autofocus
            value={values.adminPassword}
            error={errors.adminPassword}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((previous) => ({ ...previous, adminPassword: value }));
            }}
          />
          <PasswordField
            label="New Password"
            withAsterisk
            autoComplete="new-password"
            value={values.password}
            error={errors.password}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((previous) => ({ ...previous, password: value }));
            }}
          />
          <FormErrorAlert message={failure} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" loading={resetPassword.isPending}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
