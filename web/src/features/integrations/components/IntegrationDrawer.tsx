import { useState } from 'react';
import { Button, Drawer, Group, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import {
  integrationTypeIds,
  integrationTypes,
  type Integration,
  type IntegrationBody,
  type IntegrationType,
} from '@parley/contracts/integrations';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import type { FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCreateIntegration } from '../api/create-integration';
import { useUpdateIntegration } from '../api/update-integration';
import { integrationFields, type FieldSpec } from './integration-fields';
import { messages } from '@parley/contracts/messages';

type Values = Record<string, string>;

function initialValues(editing: Integration | null, authType: IntegrationType): Values {
  const values: Values = { name: editing?.name ?? '' };
  for (const field of integrationFields[authType]) {
    const [group, key] = field.key.split('.') as ['settings' | 'secrets', string];
    const stored = editing?.authType === authType ? editing[group][key] : undefined;
    values[field.key] = stored === undefined || stored === null ? (field.defaultValue ?? '') : String(stored);
  }
  return values;
}

function toBody(authType: IntegrationType, values: Values): IntegrationBody {
  const settings: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const field of integrationFields[authType]) {
    const [group, key] = field.key.split('.') as ['settings' | 'secrets', string];
    const value = values[field.key] ?? '';
    if (group === 'secrets') secrets[key] = value;
    else if (field.kind === 'number' || (authType === 5 && key === 'llm'))
      settings[key] = value === '' ? undefined : Number(value);
    else settings[key] = value;
  }
  return { authType, name: values.name ?? '', settings, secrets } as IntegrationBody;
}

/** A stored secret is shown masked; 'Replace' swaps in an empty field for a new value. */
function SecretField(props: {
  field: FieldSpec;
  masked: string | undefined;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const [replacing, setReplacing] = useState(props.masked === undefined);
  if (!replacing) {
    return (
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label={props.field.label} value={props.masked} readOnly style={{ flex: 1 }} error={props.error} />
        <Button
          variant="default"
          aria-label={`Replace ${props.field.label}`}
          onClick={() => {
            setReplacing(true);
            props.onChange('');
          }}
        >
          Replace
        </Button>
      </Group>
    );
  }
  return (
    <PasswordInput
      label={props.field.label}
      description={props.masked ? 'Leave blank to keep the stored value' : props.field.description}
      withAsterisk={props.field.required && props.masked === undefined}
      autoComplete="new-password"
      value={props.value}
      error={props.error}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/** Create or edit an integration: name, type, and the fields of the chosen type. */
export function IntegrationDrawer({
  opened,
  editing,
  onClose,
}: {
  opened: boolean;
  editing: Integration | null;
  onClose: () => void;
}) {
  const [authType, setAuthType] = useState<IntegrationType>((editing?.authType as IntegrationType) ?? 5);
  const [values, setValues] = useState<Values>(() => initialValues(editing, authType));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const saving = create.isPending || update.isPending;

  const set = (key: string, value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };
  const handleType = (next: string | null) => {
    if (!next) return;
    const type = Number(next) as IntegrationType;
    setAuthType(type);
    setValues((previous) => ({ ...initialValues(editing, type), name: previous.name ?? '' }));
    setErrors({});
  };
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: FieldErrors = {};
    if (!values.name?.trim()) found.name = messages.required('Name');
    for (const field of integrationFields[authType]) {
      const isStoredSecret = field.kind === 'secret' && editing?.secrets[field.key.split('.')[1]!] !== undefined;
      if (field.required && !isStoredSecret && !values[field.key]?.trim()) found[field.key] = messages.fieldRequired;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = toBody(authType, values);
    const options = {
      onSuccess: (saved: Integration) => {
        showToast(`${saved.name} has been saved`, { tone: 'success' });
        onClose();
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        else setFailure(describeFailure(error));
      },
    };
    if (editing) update.mutate({ id: editing.id, body }, options);
    else create.mutate(body, options);
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={editing ? `Edit ${editing.name}` : 'Add integration'}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            value={values.name ?? ''}
            error={errors.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <Select
            label="Type"
            data={integrationTypeIds.map((id) => ({ value: String(id), label: integrationTypes[id] }))}
            value={String(authType)}
            onChange={handleType}
            allowDeselect={false}
          />
          {integrationFields[authType].map((field) => {
            const value = values[field.key] ?? '';
            const error = errors[field.key];
            if (field.kind === 'secret') {
              const masked = editing?.authType === authType ? editing.secrets[field.key.split('.')[1]!] : undefined;
              return (
                <SecretField
                  key={`${authType}-${field.key}`}
                  field={field}
                  masked={masked}
                  value={value}
                  error={error}
                  onChange={(next) => set(field.key, next)}
                />
              );
            }
            if (field.kind === 'select') {
              return (
                <Select
                  key={field.key}
                  label={field.label}
                  data={field.options ?? []}
                  value={value}
                  error={error}
                  allowDeselect={false}
                  onChange={(next) => set(field.key, next ?? '')}
                />
              );
            }
            return (
              <TextInput
                key={field.key}
                label={field.label}
                description={field.description}
                placeholder={field.placeholder}
                withAsterisk={field.required}
                inputMode={field.kind === 'number' ? 'numeric' : undefined}
                value={value}
                error={error}
                onChange={(event) => set(field.key, event.currentTarget.value)}
              />
            );
          })}
          <FormErrorAlert message={failure} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
