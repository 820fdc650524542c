import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import {
  genAiConfigBody,
  genAiConfigMessages,
  genAiProviders,
  type GenAiConfigEntry,
} from '@parley/contracts/integrations';
import { ApiError } from '../../../../lib/api-client';
import { describeFailure } from '../../../../lib/failure-message';
import { validateWithSchema, type FieldErrors } from '../../../../lib/form-validation';
import { showToast } from '../../../../lib/toast';
import { FormErrorAlert } from '../../../../components/FormErrorAlert';
import { PasswordField } from '../../../../components/PasswordField';
import { useCreateGenAiConfig } from '../../api/create-genai-config';

interface Values {
  name: string;
  llm: string;
  apikey: string;
  baseUrl: string;
  model: string;
}

const emptyValues: Values = { name: '', llm: '', apikey: '', baseUrl: '', model: '' };
const llmOptions = Object.entries(genAiProviders).map(([value, label]) => ({ value, label }));

const toBody = (values: Values) => ({
  name: values.name,
  llm: values.llm ? Number(values.llm) : undefined,
  apikey: values.apikey,
  baseUrl: values.baseUrl.trim(),
  model: values.model,
});

/**
 * Create Configuration (agents.md §2.9): a GenAI integration made from the agent screens.
 * Messages appear only after the first submit attempt, then follow the typing.
 */
export function CreateConfigurationModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (entry: GenAiConfigEntry) => void;
}) {
  const [values, setValues] = useState<Values>(emptyValues);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateGenAiConfig();

  const errors: FieldErrors = submitted
    ? { ...serverErrors, ...validateWithSchema(genAiConfigBody, toBody(values)) }
    : {};

  const set = (field: keyof Values, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const handleClose = () => {
    if (create.isPending) return;
    setValues(emptyValues);
    setSubmitted(false);
    setServerErrors({});
    setFailure(null);
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The modal sits (through a portal) inside the tab's own form: its submit must not reach that form.
    event.stopPropagation();
    setSubmitted(true);
    setFailure(null);
    const parsed = genAiConfigBody.safeParse(toBody(values));
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (entry) => {
        showToast(genAiConfigMessages.created, { tone: 'success' });
        onCreated(entry);
        setValues(emptyValues);
        setSubmitted(false);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setServerErrors(error.fieldErrors);
        else setFailure(describeFailure(error));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={handleClose} title="Create Configuration" centered size="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <FormErrorAlert message={failure} />
          <TextInput
            label="Configuration Name"
            placeholder="e.g. Support OpenAI"
            withAsterisk
            data-autofocus
            value={values.name}
            error={errors.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <Select
            label="LLM Type"
            placeholder="Select the LLM type"
            withAsterisk
            data={llmOptions}
            value={values.llm || null}
            error={errors.llm}
            onChange={(value) => set('llm', value ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
          <PasswordField
            label="API Key"
            withAsterisk
            autoComplete="new-password"
            value={values.apikey}
            error={errors.apikey}
            onChange={(event) => set('apikey', event.currentTarget.value)}
          />
          <TextInput
            label="Base URL"
            description="Optional: an OpenAI-compatible endpoint. Leave blank for api.openai.com."
            placeholder="https://api.openai.com/v1"
            value={values.baseUrl}
            error={errors.baseUrl}
            onChange={(event) => set('baseUrl', event.currentTarget.value)}
          />
          <TextInput
            label="Model"
            description="Optional, e.g. gpt-4o-mini"
            value={values.model}
            error={errors.model}
            onChange={(event) => set('model', event.currentTarget.value)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={handleClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
