import type { ReactNode } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { AuthLayout } from './AuthLayout';
import { SignInLink } from './SignInLink';

/** The end of an account flow (sign-up, forgot, reset): the server's message and a way to sign in. */
export function AuthDoneCard({ title, message, lead }: { title: string; message: ReactNode; lead: string }) {
  return (
    <AuthLayout title={title}>
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status">
          {message}
        </Alert>
        <Text size="sm">
          {lead} <SignInLink />
        </Text>
      </Stack>
    </AuthLayout>
  );
}
