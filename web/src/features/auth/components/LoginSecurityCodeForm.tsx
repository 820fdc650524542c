import { useState } from 'react';
import { Button, Center, Code, Stack, Text, TextInput } from '@mantine/core';
import type { LoginResult } from '@parley/contracts/sign-in';
import { coreErrors } from '@parley/contracts/core-errors';
import { messages } from '@parley/contracts/messages';
import { ApiError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useVerifyLogin } from '../api/verify-login';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { validateSecurityCode } from './login-validation';

export type SecurityCodeStep =
  | { kind: 'twoFactor'; challengeId: string }
  | { kind: 'enrolTwoFactor'; challengeId: string; secret: string; qrCode: string; otpauthUrl: string };

export function LoginSecurityCodeForm({
  step,
  onResult,
  onRestart,
}: {
  step: SecurityCodeStep;
  onResult: (result: LoginResult) => void;
  /** Back to email and password (with a message when the challenge expired). */
  onRestart: (notice: string | null) => void;
}) {
  const verify = useVerifyLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm({
    initialValues: { securityCode: '' },
    // `verifyBody`'s checks without zod (see login-validation.ts).
    validate: (values) => validateSecurityCode({ ...values, challengeId: step.challengeId }),
  });

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    verify.mutate(
      { challengeId: step.challengeId, securityCode: values.securityCode.trim() },
      {
        onSuccess: (result) => {
          if (result.state === 'signedIn') onResult(result);
          else setError(messages.somethingWentWrong);
        },
        onError: (failure) => {
          const text = failure instanceof ApiError ? failure.message : messages.somethingWentWrong;
          if (failure instanceof ApiError && failure.code === coreErrors.TWO_FACTOR_CHALLENGE_EXPIRED.code) {
            onRestart(text);
            return;
          }
          setError(text);
          form.setFieldValue('securityCode', '');
          form.focusField('securityCode');
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {step.kind === 'enrolTwoFactor' ? (
          <Stack gap="xs" align="center">
            <Center
              p={8}
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <img src={step.qrCode} alt="Two-factor QR code" width={180} height={180} />
            </Center>
            <Text size="sm" c="dimmed">
              Secret key
            </Text>
            <Code data-testid="two-factor-secret" fz="sm" style={{ letterSpacing: 1, userSelect: 'all' }}>
              {step.secret}
            </Code>
          </Stack>
        ) : null}
        <TextInput
          label="Security Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          placeholder="123456"
          autoFocus
          {...form.getInputProps('securityCode')}
        />
        <FormErrorAlert message={error} />
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        <Button variant="subtle" color="gray" onClick={() => onRestart(null)} disabled={verify.isPending}>
          Back to Sign In
        </Button>
      </Stack>
    </form>
  );
}
