import { useEffect, useState } from 'react';
import { Anchor, Button, Center, Loader, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { signupBody } from '@parley/contracts/account';
import { messages } from '@parley/contracts/messages';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema } from '../../../lib/form-validation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { showToast } from '../../../lib/toast';
import { PasswordField } from '../../../components/PasswordField';
import { useAppConfig } from '../api/get-app-config';
import { useSignup } from '../api/signup';
import { AuthLayout } from './AuthLayout';
import { AuthDoneCard } from './AuthDoneCard';
import { FormErrorAlert } from '../../../components/FormErrorAlert';

/** Sign-up (platform §2.1): refused with 'Access Denied' when the console hides sign-up. */
export function SignupPage() {
  const appConfig = useAppConfig();
  const navigate = useNavigate();
  const signup = useSignup();
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm({
    initialValues: { name: '', enterpriseName: '', emailId: '', password: '', confirmPassword: '' },
    validate: (values) => validateWithSchema(signupBody, values),
  });

  const hidden = appConfig.data?.hideSignup === true;
  useEffect(() => {
    if (!hidden) return;
    showToast(messages.accessDenied, { tone: 'error', id: 'access-denied' });
    void navigate('/login', { replace: true });
  }, [hidden, navigate]);

  if (appConfig.isPending || hidden) {
    return (
      <Center h="100vh">
        <Loader role="progressbar" aria-label="Loading" />
      </Center>
    );
  }

  if (signup.isSuccess) {
    const { message, activationPath } = signup.data;
    // Without mail (docs/decisions/012) the server hands the activation link over on screen.
    return (
      <AuthDoneCard
        title="Almost there"
        message={
          activationPath ? (
            <Stack gap="sm" align="flex-start">
              <span>{message}</span>
              <Button component={Link} to={activationPath} size="sm">
                Activate Your Account
              </Button>
            </Stack>
          ) : (
            message
          )
        }
        lead="Already activated?"
      />
    );
  }

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    signup.mutate(values, {
      onError: (failure) => {
        setError(describeFailure(failure));
        if (failure instanceof ApiError && failure.fieldErrors) form.setErrors(mapFieldErrors(failure.fieldErrors));
      },
    });
  });

  return (
    <AuthLayout
      title="Create Your Account"
      subtitle="Set up your enterprise and its administrator."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign In
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Full Name" autoComplete="name" autoFocus {...form.getInputProps('name')} />
          <TextInput label="Enterprise Name" autoComplete="organization" {...form.getInputProps('enterpriseName')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('emailId')} />
          <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <FormErrorAlert message={error} />
          <Button type="submit" fullWidth loading={signup.isPending}>
            Sign Up
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
