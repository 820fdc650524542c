import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { departmentBody, type Department } from '@parley/contracts/departments';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema, type FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCreateDepartment } from '../api/create-department';
import { useUpdateDepartment } from '../api/update-department';
import { useUserOptions } from '../api/get-user-options';

interface DepartmentFormModalProps {
  /** The department to edit; null to create one. */
  department: Department | null;
  opened: boolean;
  onClose: () => void;
}

function DepartmentForm({ department, onClose }: { department: Department | null; onClose: () => void }) {
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const [name, setName] = useState(department?.name ?? '');
  const [desc, setDesc] = useState(department?.desc ?? '');
  const [manager, setManager] = useState<string | null>(department?.manager ?? null);
  const [managerLabel, setManagerLabel] = useState(department?.managerName ?? '');
  const [search, setSearch] = useState(department?.managerName ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const options = useUserOptions(search === managerLabel ? '' : search);

  const data = (options.data ?? []).map((user) => ({ value: user.id, label: user.name, email: user.email }));
  if (manager && !data.some((option) => option.value === manager))
    data.unshift({ value: manager, label: managerLabel, email: '' });

  const pending = create.isPending || update.isPending;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, desc, manager };
    const found = validateWithSchema(departmentBody, body);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    const callbacks = {
      onSuccess: () => {
        showToast(department ? 'Department updated' : 'Department created', { tone: 'success' });
        onClose();
      },
      onError: (failure: Error) => {
        if (failure instanceof ApiError && failure.fieldErrors) setErrors(mapFieldErrors(failure.fieldErrors));
        else setError(describeFailure(failure));
      },
    };
    if (department) update.mutate({ id: department.id, ...body }, callbacks);
    else create.mutate(body, callbacks);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          withAsterisk
          data-autofocus
          value={name}
          error={errors.name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((previous) => ({ ...previous, name: '' }));
          }}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          value={desc}
          error={errors.desc}
          onChange={(event) => setDesc(event.currentTarget.value)}
        />
        <Select
          label="Manager"
          placeholder="Search users"
          searchable
          clearable
          nothingFoundMessage={options.isFetching ? 'Searching…' : 'No users found'}
          data={data}
          value={manager}
          searchValue={search}
          onSearchChange={setSearch}
          error={errors.manager}
          onChange={(value, option) => {
            setManager(value);
            setManagerLabel(option?.label ?? '');
            setErrors((previous) => ({ ...previous, manager: '' }));
          }}
          filter={({ options: items }) => items}
        />
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {department ? 'Save' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create or edit a department: name, description and a manager from the enterprise's users. */
export function DepartmentFormModal({ department, opened, onClose }: DepartmentFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={department ? 'Edit Department' : 'Create Department'} centered>
      {opened ? <DepartmentForm key={department?.id ?? 'new'} department={department} onClose={onClose} /> : null}
    </Modal>
  );
}
