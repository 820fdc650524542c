import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { loginBody, type LoginResult } from '@parley/contracts/sign-in';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema } from '../../../lib/form-validation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { InlineCheckbox } from '../../../components/InlineCheckbox';
import { PasswordField } from '../../../components/PasswordField';
import { useAppConfig } from '../api/get-app-config';
import { useLogin } from '../api/login';
import { CaptchaField } from './CaptchaField';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCaptchaForForm } from './use-captcha-for-form';

type LoginFormValues = {
  email: string;
  password: string;
  captcha: string;
  captchaId: string;
  removeExistingSession: boolean;
};

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
    validate: (values) => validateWithSchema(loginBody, values, aliases),
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
        <CaptchaField
          image={captcha.image}
          loading={captcha.loading}
          failed={captcha.failed}
          onReload={captcha.reload}
          inputProps={form.getInputProps('captcha')}
        />
        <Group justify="space-between" align="center" wrap="nowrap">
          <InlineCheckbox label="Sign out my other sessions" {...form.getInputProps('removeExistingSession')} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <FormErrorAlert message={error} />
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign In
        </Button>
        {appConfig.data && !appConfig.data.hideSignup ? (
          <Text size="sm" ta="center" c="dimmed">
            New to {appConfig.data.title}?{' '}
            <Anchor component={Link} to="/signup">
              Sign up
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
