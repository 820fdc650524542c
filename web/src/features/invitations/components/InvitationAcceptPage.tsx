import { useState, type ComponentType, type ReactNode } from 'react';
import { Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { acceptInvitationBody } from '@parley/contracts/invitations';
import type { SessionUser } from '@parley/contracts/account';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema } from '../../../lib/form-validation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { PasswordField } from '../../../components/PasswordField';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useInvitationPreview } from '../api/get-invitation-preview';
import { useAcceptInvitation } from '../api/accept-invitation';

export interface InvitationFrameProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

interface InvitationAcceptPageProps {
  token: string;
  /** The frame of the pages outside the console (the auth layout). */
  frame: ComponentType<InvitationFrameProps>;
  signInLink: ReactNode;
  onSignedIn: (token: string, user: SessionUser) => void;
}

const formFields = new Set(['name', 'password', 'confirmPassword']);

/** /invitation-accept?token=: the invitee sets name and password and lands signed in (platform §2.1, §7.3). */
export function InvitationAcceptPage({ token, frame: Frame, signInLink, onSignedIn }: InvitationAcceptPageProps) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm({
    initialValues: { name: '', password: '', confirmPassword: '' },
    validate: (values) => {
      const errors = validateWithSchema(acceptInvitationBody, { token: token || 'x', ...values });
      return Object.fromEntries(Object.entries(errors).filter(([field]) => formFields.has(field)));
    },
  });

  const footer = <>Already have an account? {signInLink}</>;

  if (token === '' || preview.isError) {
    return (
      <Frame title="Invitation" footer={footer}>
        <Stack gap="md">
          <FormErrorAlert
            message={token === '' ? 'This invitation link is not valid' : describeFailure(preview.error)}
          />
          <Text size="sm">Ask your administrator for a new invitation, or sign in if you already have an account.</Text>
        </Stack>
      </Frame>
    );
  }

  if (preview.isPending) {
    return (
      <Frame title="Accept Invitation">
        <Stack gap="md" aria-busy="true">
          <Skeleton h={16} />
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      </Frame>
    );
  }

  const invitation = preview.data;

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    accept.mutate(
      { token, ...values },
      {
        onSuccess: (result) => {
          if (result.state === 'signedIn') onSignedIn(result.token, result.user);
        },
        onError: (failure) => {
          setError(describeFailure(failure));
          if (failure instanceof ApiError && failure.fieldErrors) form.setErrors(mapFieldErrors(failure.fieldErrors));
        },
      },
    );
  });

  return (
    <Frame
      title={`Join ${invitation.enterpriseName}`}
      subtitle={`${invitation.invitedBy} invited you. Choose your name and a password to finish.`}
      footer={footer}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" value={invitation.emailId} readOnly disabled />
          <TextInput label="Name" autoComplete="name" autoFocus {...form.getInputProps('name')} />
          <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <FormErrorAlert message={error} />
          <Button type="submit" fullWidth loading={accept.isPending}>
            Accept Invitation
          </Button>
        </Stack>
      </form>
    </Frame>
  );
}
