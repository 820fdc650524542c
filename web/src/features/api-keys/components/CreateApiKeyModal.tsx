import { useState } from 'react';
import { Alert, Button, Checkbox, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { createApiKeyBody } from '@parley/contracts/api-keys';
import { isRoleId, roleIds, roles } from '@parley/contracts/permissions';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema, type FieldErrors } from '../../../lib/form-validation';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCreateApiKey } from '../api/create-api-key';

const empty = { name: '', roles: [] as number[] };

export const KEY_SHOWN_ONCE_TEXT = 'Copy this key now. For your security it will not be shown again.';

/** 'Create API key': a name and the roles the key acts with; then the full key, shown once. */
export function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const createKey = useCreateApiKey();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const set = <K extends keyof typeof empty>(field: K, value: (typeof empty)[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const handleClose = () => {
    setValues(empty);
    setErrors({});
    setFailure(null);
    setSecret(null);
    onClose();
  };
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateWithSchema(createApiKeyBody, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    createKey.mutate(values, {
      onSuccess: (created) => setSecret(created.secret),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(mapFieldErrors(error.fieldErrors));
        else setFailure(describeFailure(error));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={secret ? 'Your new API key' : 'Create API key'} centered>
      {secret ? (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" role="alert">
            {KEY_SHOWN_ONCE_TEXT}
          </Alert>
          <TextInput label="API Key" value={secret} readOnly onFocus={(event) => event.currentTarget.select()} />
          <Text size="xs" c="dimmed">
            Send it in the <code>x-api-key</code> header (or as <code>Authorization: Bearer …</code>).
          </Text>
          <Group justify="flex-end" mt="xs">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={handleClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Name"
              description="What the key is for, e.g. 'CRM sync'"
              withAsterisk
              data-autofocus
              value={values.name}
              error={errors.name}
              onChange={(event) => set('name', event.currentTarget.value)}
            />
            <Checkbox.Group
              label="Roles"
              description="The key acts with the permissions of these roles."
              value={values.roles.map(String)}
              onChange={(next) => set('roles', next.map(Number).sort())}
              error={errors.roles}
              withAsterisk
            >
              <Stack gap={6} mt={6}>
                {roleIds.map((role) => (
                  <Checkbox key={role} value={String(role)} label={isRoleId(role) ? roles[role] : `Role ${role}`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <FormErrorAlert message={failure} />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={handleClose}>
                Cancel
              </Button>
              <Button type="submit" loading={createKey.isPending}>
                Create Key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
