import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { createUserBody } from '@parley/contracts/users';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema, type FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PasswordField } from '../../../components/PasswordField';
import { useCreateUser } from '../api/create-user';
import { RoleChecklist } from './RoleChecklist';

const empty = { name: '', emailId: '', password: '', roles: [] as number[] };

/** 'Add user': name, email, password and roles, checked with the contract's schema. */
export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const createUser = useCreateUser();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof typeof empty>(field: K, value: (typeof empty)[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const handleClose = () => {
    setValues(empty);
    setErrors({});
    setFailure(null);
    onClose();
  };
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateWithSchema(createUserBody, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    createUser.mutate(values, {
      onSuccess: (user) => {
        showToast(`${user.name} has been added`, { tone: 'success' });
        handleClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(mapFieldErrors(error.fieldErrors));
        else setFailure(describeFailure(error));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={handleClose} title="Add User" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            value={values.name}
            error={errors.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="off"
            value={values.emailId}
            error={errors.emailId}
            onChange={(event) => set('emailId', event.currentTarget.value)}
          />
          <PasswordField
            label="Password"
            withAsterisk
            autoComplete="new-password"
            value={values.password}
            error={errors.password}
            onChange={(event) => set('password', event.currentTarget.value)}
          />
          <RoleChecklist value={values.roles} onChange={(roles) => set('roles', roles)} error={errors.roles} />
          <FormErrorAlert message={failure} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" loading={createUser.isPending}>
              Add User
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
