import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { LoginResult } from '@parley/contracts/sign-in';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors } from '../../../lib/form-validation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { InlineCheckbox } from '../../../components/InlineCheckbox';
import { PasswordField } from '../../../components/PasswordField';
import { useAppConfig } from '../api/get-app-config';
import { useLogin } from '../api/login';
import { CaptchaField } from './CaptchaField';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCaptchaForForm } from './use-captcha-for-form';
import { validateLoginCredentials } from './login-validation';

type LoginFormValues = {
  email: string;
  password: string;
  captcha: string;
  captchaId: string;
  removeExistingSession: boolean;
};

/** The server's field errors on the hidden captchaId show on the captcha input. */
const aliases = { captchaId: 'captcha' };

export function LoginCredentialsForm({
  notice,
  onResult,
  onSubmitStart,
}: {
  notice: string | null;
  onResult: (result: LoginResult) => void;
  /** Called when valid credentials are sent (the page preloads its next step). */
  onSubmitStart?: () => void;
}) {
  const appConfig = useAppConfig();
  const login = useLogin();
  const [error, setError] = useState<string | null>(notice);
  const form = useSchemaForm<LoginFormValues>({
    initialValues: { email: '', password: '', captcha: '', captchaId: '', removeExistingSession: false },
    // `loginBody`'s checks without zod, to keep the login page light (see login-validation.ts).
    validate: validateLoginCredentials,
  });
  const captcha = useCaptchaForForm('login', (captchaId) => {
    form.setFieldValue('captchaId', captchaId);
    form.setFieldValue('captcha', '');
  });

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    onSubmitStart?.();
    login.mutate(values, {
      onSuccess: onResult,
      onError: (failure) => {
        setError(describeFailure(failure));
        if (failure instanceof ApiError && failure.fieldErrors) {
          form.setErrors(mapFieldErrors(failure.fieldErrors, aliases));
        }
        captcha.reload();
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <CaptchaField captcha={captcha} inputProps={form.getInputProps('captcha')} />
        <Group justify="space-between" align="center" wrap="nowrap">
          <InlineCheckbox label="Sign Out My Other Sessions" {...form.getInputProps('removeExistingSession')} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot Password?
          </Anchor>
        </Group>
        <FormErrorAlert message={error} />
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign In
        </Button>
        {appConfig.data && !appConfig.data.hideSignup ? (
          <Text size="sm" ta="center" c="dimmed">
            New to {appConfig.data.title}?{' '}
            <Anchor component={Link} to="/signup" underline="always">
              Sign Up
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
