import { useState } from 'react';
import { Badge, Button, Center, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { twoFactorCode } from '@parley/contracts/account';
import type { SessionUser } from '@parley/contracts/account';
import { describeFailure } from '../../../lib/failure-message';
import { validateWithSchema } from '../../../lib/form-validation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

export const TWO_FACTOR_ENABLED_TEXT = 'Two-factor authentication is now on.';
export const TWO_FACTOR_DISABLED_TEXT = 'Two-factor authentication is now off.';

type Mode =
  | { kind: 'idle' }
  | { kind: 'enrolling'; secret: string; qrCode: string }
  | { kind: 'disabling' }
  | { kind: 'regenerating' }
  | { kind: 'codes'; codes: string[] };

/** Status of two-factor sign-in, with enrolment (QR code, secret, first code) and removal. */
export function TwoFactorCard({ user }: { user: SessionUser }) {
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const form = useSchemaForm({
    initialValues: { code: '' },
    validate: (values) => validateWithSchema(twoFactorCode, values),
  });
  const enabled = user.twoFactorAuth;
  const requiredByEnterprise = user.enterprise.twoFactAuthEnterpriseLevel;

  const close = () => {
    setMode({ kind: 'idle' });
    setError(null);
    form.reset();
  };

  const handleStartEnrolment = () => {
    setError(null);
    setup.mutate(undefined, {
      onSuccess: (data) => setMode({ kind: 'enrolling', secret: data.secret, qrCode: data.qrCode }),
      onError: (failure) => setError(describeFailure(failure)),
    });
  };

  const handleSubmit = form.onSubmit(({ code }) => {
    setError(null);
    const onError = (failure: Error) => {
      setError(describeFailure(failure));
      form.setFieldValue('code', '');
    };
    const showCodes = (codes: string[]) => {
      form.reset();
      setMode({ kind: 'codes', codes });
    };
    if (mode.kind === 'enrolling') {
      enable.mutate(code.trim(), {
        onSuccess: (data) => {
          showToast(TWO_FACTOR_ENABLED_TEXT, { tone: 'success' });
          showCodes(data.recoveryCodes);
        },
        onError,
      });
    } else if (mode.kind === 'regenerating') {
      regenerate.mutate(code.trim(), { onSuccess: (data) => showCodes(data.recoveryCodes), onError });
    } else {
      disable.mutate(code.trim(), {
        onSuccess: () => {
          showToast(TWO_FACTOR_DISABLED_TEXT, { tone: 'success' });
          close();
        },
        onError,
      });
    }
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="two-factor-heading">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={2} fz="lg" id="two-factor-heading">
          Two-Factor Authentication
        </Title>
        <Badge color={enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-status">
          {enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {enabled
          ? 'Signing in asks for a code from your authenticator app.'
          : 'Add a second step to sign-in: a 6-digit code from an authenticator app.'}
      </Text>

      {mode.kind === 'codes' ? (
        <RecoveryCodesPanel codes={mode.codes} onDone={close} />
      ) : mode.kind === 'idle' ? (
        <Stack gap="sm" align="flex-start">
          <FormErrorAlert message={error} />
          {!enabled ? (
            <Button onClick={handleStartEnrolment} loading={setup.isPending}>
              Enable Two-Factor
            </Button>
          ) : (
            <>
              {requiredByEnterprise ? (
                <Text size="sm">Your enterprise requires two-factor authentication, so it cannot be turned off.</Text>
              ) : null}
              <Group gap="sm">
                <Button variant="light" onClick={() => setMode({ kind: 'regenerating' })}>
                  New Recovery Codes
                </Button>
                {requiredByEnterprise ? null : (
                  <Button variant="light" color="red" onClick={() => setMode({ kind: 'disabling' })}>
                    Disable Two-Factor
                  </Button>
                )}
              </Group>
            </>
          )}
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm" maw={420}>
            {mode.kind === 'enrolling' ? (
              <>
                <Text size="sm">
                  Scan this QR code with your authenticator app, or type the secret key into it. Then enter the code the
                  app shows.
                </Text>
                <Center
                  p={8}
                  w={200}
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
                >
                  <img src={mode.qrCode} alt="Two-factor QR code" width={180} height={180} />
                </Center>
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    Secret key
                  </Text>
                  <Code data-testid="two-factor-secret" style={{ letterSpacing: 1, userSelect: 'all' }}>
                    {mode.secret}
                  </Code>
                </Group>
              </>
            ) : mode.kind === 'regenerating' ? (
              <Text size="sm">
                Enter a current code from your authenticator app to create new recovery codes. The old ones stop
                working.
              </Text>
            ) : (
              <Text size="sm">Enter a current code from your authenticator app to turn two-factor off.</Text>
            )}
            <TextInput
              label="Authentication Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              autoFocus
              {...form.getInputProps('code')}
            />
            <FormErrorAlert message={error} />
            <Group>
              <Button
                type="submit"
                color={mode.kind === 'disabling' ? 'red' : undefined}
                loading={enable.isPending || disable.isPending || regenerate.isPending}
              >
                {mode.kind === 'enrolling'
                  ? 'Verify and enable'
                  : mode.kind === 'regenerating'
                    ? 'Create new codes'
                    : 'Confirm disable'}
              </Button>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
