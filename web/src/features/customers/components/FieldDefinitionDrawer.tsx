import { useState, type FormEvent, type MouseEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Group,
  List,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  customerLimits,
  customerMessages,
  fieldTypeLabels,
  fieldTypes,
  inputTypeLabels,
  inputTypesFor,
  isTextField,
  type CustomerField,
  type FieldType,
  type InputType,
} from '@parley/contracts/customer-master';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import type { FieldErrors } from '../../../lib/form-validation';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { showToast } from '../../../lib/toast';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useCreateCustomerField } from '../api/create-customer-field';
import { useCustomerField } from '../api/get-customer-field';
import { useUpdateCustomerField } from '../api/update-customer-field';
import {
  changeAllowSpecialChars,
  changeFieldType,
  emptyFieldDefinition,
  fieldDefinitionLabels,
  panelFieldErrors,
  toFieldBody,
  validateFieldDefinition,
  valuesFromField,
  type FieldDefinitionKey,
  type FieldDefinitionValues,
} from './field-definition-form';

interface FieldDefinitionDrawerProps {
  opened: boolean;
  /** The field to edit; null adds a new one. */
  fieldId: string | null;
  onClose: () => void;
  /** After a successful save (the page goes back to /customer-master/definition). */
  onSaved: () => void;
}

const keepFocus = (event: MouseEvent) => event.preventDefault();

/** The list of errors a failed save shows in the panel: 'Field Label: message'. */
function failureLines(fieldErrors: FieldErrors): string[] {
  return Object.entries(fieldErrors).map(([key, message]) => {
    const label = fieldDefinitionLabels[key as FieldDefinitionKey];
    return label ? `${label}: ${message}` : message;
  });
}

function FieldDefinitionForm({
  field,
  onClose,
  onSaved,
}: {
  field: CustomerField | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const create = useCreateCustomerField();
  const update = useUpdateCustomerField();
  const [values, setValues] = useState<FieldDefinitionValues>(() =>
    field ? valuesFromField(field) : emptyFieldDefinition,
  );
  /** Fields the user changed; a changed field shows its message once it loses the focus. */
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const markDirty = (keys: readonly string[]) =>
    setDirty((previous) => (keys.every((key) => previous.has(key)) ? previous : new Set([...previous, ...keys])));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const saving = create.isPending || update.isPending;
  const clientErrors = validateFieldDefinition(values);
  const text = values.fieldType !== '' && isTextField(values.fieldType);
  const dropdown = values.fieldType !== '' && !text;

  const errorOf = (key: FieldDefinitionKey): string | undefined =>
    serverErrors[key] ?? (submitted || touched.has(key) ? clientErrors[key] : undefined);

  const change = (next: FieldDefinitionValues, keys: FieldDefinitionKey[]) => {
    markDirty(keys);
    setValues(next);
    setServerErrors((previous) => {
      if (!keys.some((key) => previous[key] !== undefined)) return previous;
      const rest = { ...previous };
      for (const key of keys) delete rest[key];
      return rest;
    });
  };
  const set = <K extends FieldDefinitionKey>(key: K, value: FieldDefinitionValues[K]) =>
    change({ ...values, [key]: value }, [key]);
  // Only a changed field: an untouched one showing its message on blur would move the buttons
  // under the pointer between mouse down and up, and the click would be lost.
  const touch = (key: FieldDefinitionKey) => () => {
    if (dirty.has(key)) setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
  };

  // Leaving the page (side menu, Back) with changes asks first; Cancel and a save close the panel.
  const leaveGuard = useUnsavedChangesGuard(dirty.size > 0);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure([]);
    if (Object.keys(clientErrors).length > 0) return;
    const body = toFieldBody(values);
    const callbacks = {
      onSuccess: () => {
        showToast(field ? customerMessages.fieldUpdated : customerMessages.fieldCreated, { tone: 'success' });
        leaveGuard.allowNextNavigation();
        onSaved();
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) {
          const mapped = panelFieldErrors(error.fieldErrors);
          setServerErrors(mapped);
          setFailure(Object.keys(mapped).length > 0 ? failureLines(mapped) : [error.message]);
          showToast(customerMessages.saveFailed, { tone: 'error' });
        } else {
          showToast(describeFailure(error), { tone: 'error' });
        }
      },
    };
    if (field) update.mutate({ id: field.id, body }, callbacks);
    else create.mutate(body, callbacks);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={field ? 'Edit Field' : 'Add New Field'}>
      <Stack gap="md">
        {failure.length > 0 ? (
          <Alert color="red" variant="light" title={customerMessages.saveFailed} role="alert">
            <List size="sm" spacing={2}>
              {failure.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <TextInput
          label="Field Name"
          description="Letters, digits and _, starting with a letter"
          withAsterisk
          data-autofocus
          maxLength={customerLimits.fieldNameMax}
          value={values.fieldName}
          error={errorOf('fieldName')}
          onChange={(event) => set('fieldName', event.currentTarget.value)}
          onBlur={touch('fieldName')}
        />
        <TextInput
          label="Field Label"
          withAsterisk
          maxLength={customerLimits.fieldLabelMax}
          value={values.fieldLabel}
          error={errorOf('fieldLabel')}
          onChange={(event) => set('fieldLabel', event.currentTarget.value)}
          onBlur={touch('fieldLabel')}
        />
        <Textarea
          label="Field Name Help Text"
          withAsterisk
          autosize
          minRows={2}
          maxRows={4}
          maxLength={customerLimits.helptextMax}
          value={values.fieldHelptext}
          error={errorOf('fieldHelptext')}
          onChange={(event) => set('fieldHelptext', event.currentTarget.value)}
          onBlur={touch('fieldHelptext')}
        />
        <SimpleGrid cols={2} spacing="md">
          <Radio.Group
            label="Mandatory"
            withAsterisk
            value={values.mandatory}
            error={errorOf('mandatory')}
            onChange={(value) => {
              set('mandatory', value === 'yes' ? 'yes' : 'no');
              touch('mandatory')();
            }}
          >
            <Group gap="lg" mt={8}>
              <Radio value="yes" label="Yes" />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
          <Select
            label="Field Type"
            placeholder="Choose a type"
            withAsterisk
            data={fieldTypes.map((type) => ({ value: type, label: fieldTypeLabels[type] }))}
            value={values.fieldType || null}
            error={errorOf('fieldType')}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              change(changeFieldType(values, value as FieldType), [
                'fieldType',
                'inputType',
                'minLength',
                'maxLength',
                'allowedChars',
                'defaultValues',
              ]);
            }}
            onBlur={touch('fieldType')}
          />
        </SimpleGrid>

        {text ? (
          <>
            <Select
              label="Input Type"
              placeholder="Choose an input type"
              withAsterisk
              data={inputTypesFor[values.fieldType as 'text' | 'textarea'].map((type) => ({
                value: type,
                label: inputTypeLabels[type],
              }))}
              value={values.inputType || null}
              error={errorOf('inputType')}
              allowDeselect={false}
              onChange={(value) => value && set('inputType', value as InputType)}
              onBlur={touch('inputType')}
            />
            <SimpleGrid cols={2} spacing="md">
              <NumberInput
                label="Min Length"
                min={0}
                allowNegative={false}
                allowDecimal={false}
                value={values.minLength}
                error={errorOf('minLength')}
                onChange={(value) => set('minLength', String(value))}
                onBlur={touch('minLength')}
              />
              <NumberInput
                label="Max Length"
                min={0}
                allowNegative={false}
                allowDecimal={false}
                value={values.maxLength}
                error={errorOf('maxLength')}
                onChange={(value) => set('maxLength', String(value))}
                onBlur={touch('maxLength')}
              />
            </SimpleGrid>
            <Radio.Group
              label="Allow Special Characters"
              value={values.allowSpecialChars ? 'true' : 'false'}
              onChange={(value) =>
                change(changeAllowSpecialChars(values, value === 'true'), ['allowSpecialChars', 'allowedChars'])
              }
            >
              <Group gap="lg" mt={8}>
                <Radio value="true" label="True" />
                <Radio value="false" label="False" />
              </Group>
            </Radio.Group>
            {values.allowSpecialChars ? (
              <>
                <TextInput
                  label="Allowed Special Characters"
                  description="Comma separated, e.g. -, _, @ (leave empty to allow any)"
                  placeholder="-, _, @"
                  value={values.allowedChars}
                  error={errorOf('allowedChars')}
                  onChange={(event) => set('allowedChars', event.currentTarget.value)}
                  onBlur={touch('allowedChars')}
                />
                <Checkbox
                  label="Include Comma"
                  checked={values.commaIncluded}
                  onChange={(event) => set('commaIncluded', event.currentTarget.checked)}
                />
              </>
            ) : null}
          </>
        ) : null}

        {dropdown ? (
          <TextInput
            label="Default Values"
            description="The options of the dropdown, comma separated"
            placeholder="Gold, Silver, Bronze"
            withAsterisk
            value={values.defaultValues}
            error={errorOf('defaultValues')}
            onChange={(event) => set('defaultValues', event.currentTarget.value)}
            onBlur={touch('defaultValues')}
          />
        ) : null}

        {/* Keeping the focus where it is on mouse down: a message shown on blur of the field
            being typed in would move the buttons before mouse up, and lose the click. (The
            buttons stay up here, not pinned to the bottom, where the toasts would cover them.) */}
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            onClick={() => {
              leaveGuard.allowNextNavigation();
              onClose();
            }}
            disabled={saving}
            onMouseDown={keepFocus}
          >
            Cancel
          </Button>
          <Button type="submit" loading={saving} onMouseDown={keepFocus}>
            {field ? 'Save' : 'Create'}
          </Button>
        </Group>
      </Stack>
      {leaveGuard.dialog}
    </form>
  );
}

function EditFieldLoader({ id, onClose, onSaved }: { id: string; onClose: () => void; onSaved: () => void }) {
  const query = useCustomerField(id);
  if (query.isError)
    return (
      <QueryErrorAlert
        title="The field could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending)
    return (
      <Stack gap="md" role="status" aria-label="Loading the field">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={index === 2 ? 64 : 36} />
        ))}
      </Stack>
    );
  return <FieldDefinitionForm key={query.data.id} field={query.data} onClose={onClose} onSaved={onSaved} />;
}

/** Add New Field / Edit Field side panel (engagement.md §2.3, §5 "Field definition"). */
export function FieldDefinitionDrawer({ opened, fieldId, onClose, onSaved }: FieldDefinitionDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={480}
      title={fieldId ? 'Edit Field' : 'Add New Field'}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened ? (
        fieldId ? (
          <EditFieldLoader id={fieldId} onClose={onClose} onSaved={onSaved} />
        ) : (
          <FieldDefinitionForm field={null} onClose={onClose} onSaved={onSaved} />
        )
      ) : null}
    </Drawer>
  );
}
