import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { resetPasswordBody } from '@parley/contracts/account';
import { coreErrors } from '@parley/contracts/core-errors';
import { messages } from '@parley/contracts/messages';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema } from '../../../lib/form-validation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { showToast } from '../../../lib/toast';
import { PasswordField } from '../../../components/PasswordField';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from './AuthLayout';
import { AuthDoneCard } from './AuthDoneCard';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SignInLink } from './SignInLink';

/** Reset codes that mean "forced reset": on success the user goes straight to /login (platform §4.6). */
const RETURN_TO_LOGIN_CODES = new Set(['900', '901']);

const passwordFields = new Set(['password', 'confirmPassword']);

/** Reset password from a mailed link: `?uId&eId&resetCode[&code]` (platform §2.5). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const link = {
    uId: params.get('uId') ?? '',
    eId: params.get('eId') ?? '',
    resetCode: params.get('resetCode') ?? '',
  };
  const code = params.get('code');
  const linkValid =
    resetPasswordBody.shape.uId.safeParse(link.uId).success &&
    resetPasswordBody.shape.eId.safeParse(link.eId).success &&
    resetPasswordBody.shape.resetCode.safeParse(link.resetCode).success;

  const form = useSchemaForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => {
      const errors = validateWithSchema(resetPasswordBody, { ...link, ...values });
      return Object.fromEntries(Object.entries(errors).filter(([field]) => passwordFields.has(field)));
    },
  });

  if (!linkValid) {
    return (
      <AuthLayout title="Reset Password">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {coreErrors.RESET_LINK_INVALID.message}
          </Alert>
          <Text size="sm">
            Back to <SignInLink />
          </Text>
        </Stack>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return <AuthDoneCard title="Password changed" message={messages.resetDone} lead="Continue to" />;
  }

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    reset.mutate(
      { ...link, ...values },
      {
        onSuccess: () => {
          if (code !== null && RETURN_TO_LOGIN_CODES.has(code)) {
            showToast(messages.resetDone, { tone: 'success' });
            void navigate('/login', { replace: true });
          }
        },
        onError: (failure) => {
          setError(describeFailure(failure));
          if (failure instanceof ApiError && failure.fieldErrors) form.setErrors(mapFieldErrors(failure.fieldErrors));
        },
      },
    );
  });

  return (
    <AuthLayout
      title="Reset Password"
      subtitle="Choose a new password of at least 8 characters."
      footer={
        <>
          Back to <SignInLink />
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <FormErrorAlert message={error} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
