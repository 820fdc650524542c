import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useActivateAccount } from '../api/activate-account';
import { AuthLayout } from './AuthLayout';
import { SignInLink } from './SignInLink';

/** signup-verify/{id}: activates the account on load and shows the server's message (platform §2.5). */
export function SignupVerifyPage() {
  const { id = '' } = useParams();
  const activation = useActivateAccount(id);

  return (
    <AuthLayout title="Account Activation">
      <Stack gap="md">
        {activation.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">Activating your account…</Text>
          </Group>
        ) : activation.isError ? (
          <Alert color="red" variant="light" role="alert">
            {activation.error.message}
          </Alert>
        ) : (
          <Alert color="teal" variant="light" role="status">
            {activation.data.message}
          </Alert>
        )}
        {activation.isPending ? null : (
          <Text size="sm">
            Continue to <SignInLink />
          </Text>
        )}
      </Stack>
    </AuthLayout>
  );
}
