import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { changePasswordBody } from '@parley/contracts/account';
import { messages } from '@parley/contracts/messages';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema } from '../../../lib/form-validation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PasswordField } from '../../../components/PasswordField';
import { useChangePassword } from '../api/change-password';

export const PASSWORD_CHANGED_TEXT = 'Your password has been changed. Your other sessions have been signed out.';

/** Change password; the server signs out every other session (platform §7.6 changepassword). */
export function ChangePasswordCard({ userName }: { userName: string }) {
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useSchemaForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: (values) => validateWithSchema(changePasswordBody, values),
  });

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    setDone(false);
    changePassword.mutate(values, {
      onSuccess: () => {
        setDone(true);
        form.reset();
      },
      onError: (failure) => {
        setError(describeFailure(failure, messages.forgotFailed));
        if (failure instanceof ApiError && failure.fieldErrors) form.setErrors(mapFieldErrors(failure.fieldErrors));
      },
    });
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="change-password-heading">
      <Title order={2} fz="lg" id="change-password-heading">
        Change Password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Changing your password signs you out everywhere else.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          {/* Lets password managers pair the new password with the account. */}
          <input type="text" autoComplete="username" value={userName} readOnly hidden />
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField label="New Password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <FormErrorAlert message={error} />
          {done ? (
            <Alert color="teal" variant="light" role="status">
              {PASSWORD_CHANGED_TEXT}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={changePassword.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
