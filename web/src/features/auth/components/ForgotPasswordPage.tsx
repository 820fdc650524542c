import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { recoverBody } from '@parley/contracts/account';
import { messages } from '@parley/contracts/messages';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema } from '../../../lib/form-validation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRecoverPassword } from '../api/recover-password';
import { AuthLayout } from './AuthLayout';
import { AuthDoneCard } from './AuthDoneCard';
import { CaptchaField } from './CaptchaField';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SignInLink } from './SignInLink';
import { useCaptchaForForm } from './use-captcha-for-form';

const aliases = { captchaId: 'captcha' };

/** Forgot password (platform §2.5, §4.6): form first, then the confirmation with a Sign In link. */
export function ForgotPasswordPage() {
  const recover = useRecoverPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm({
    initialValues: { emailId: '', captcha: '', captchaId: '' },
    validate: (values) => validateWithSchema(recoverBody, values, aliases),
  });
  const captcha = useCaptchaForForm('forgetPassword', (captchaId) => {
    form.setFieldValue('captchaId', captchaId);
    form.setFieldValue('captcha', '');
  });

  if (recover.isSuccess) {
    return <AuthDoneCard title="Check your inbox" message={messages.forgotSent} lead="Back to" />;
  }

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    recover.mutate(values, {
      onError: (failure) => {
        setError(describeFailure(failure, messages.forgotFailed));
        if (failure instanceof ApiError && failure.fieldErrors) {
          form.setErrors(mapFieldErrors(failure.fieldErrors, aliases));
        }
        captcha.reload();
      },
    });
  });

  return (
    <AuthLayout
      title="Forgot Password"
      subtitle="Enter the email you sign in with and we will send you a link to reset your password."
      footer={
        <>
          Remembered it? <SignInLink />
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" autoFocus {...form.getInputProps('emailId')} />
          <CaptchaField captcha={captcha} inputProps={form.getInputProps('captcha')} />
          <FormErrorAlert message={error} />
          <Button type="submit" fullWidth loading={recover.isPending}>
            Send Reset Link
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
