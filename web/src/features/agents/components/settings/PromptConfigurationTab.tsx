import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { agentLimits, agentMessages, promptConfigBody, type PromptConfig } from '@parley/contracts/agents';
import { ApiError } from '../../../../lib/api-client';
import { describeFailure } from '../../../../lib/failure-message';
import { validateWithSchema, type FieldErrors } from '../../../../lib/form-validation';
import { useUnsavedChangesGuard } from '../../../../components/UnsavedChangesGuard';
import { showToast } from '../../../../lib/toast';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { useUpdateAgentPrompt } from '../../api/update-agent-prompt';
import { useAgentDetails } from '../agent-details-context';
import { GenAiConfigBar } from './GenAiConfigBar';
import { PlusIcon, TrashIcon } from './settings-icons';

interface Row {
  key: number;
  name: string;
  description: string;
}

let rowKey = 0;
const newRow = (name = '', description = ''): Row => {
  rowKey += 1;
  return { key: rowKey, name, description };
};

const fromPrompt = (config: PromptConfig) => ({
  openaiKey: config.openaiKey,
  prompt: config.prompt,
  extractData: config.extractData,
  rows: config.userData.map((row) => newRow(row.name, row.description)),
});

/**
 * The prompt section (agents.md §2.8): the prompt, its GenAI configuration, and the variables the
 * agent collects after a conversation.
 */
export default function PromptConfigurationTab() {
  const { agent } = useAgentDetails();
  const [form, setForm] = useState(() => fromPrompt(agent.promptConfig));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [removing, setRemoving] = useState<Row | null>(null);
  const update = useUpdateAgentPrompt(agent.id);

  const change = (patch: Partial<typeof form>, clears: string[]) => {
    setForm((previous) => ({ ...previous, ...patch }));
    setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => !clears.includes(key))));
  };
  const setRow = (key: number, patch: Partial<Row>) =>
    change({ rows: form.rows.map((row) => (row.key === key ? { ...row, ...patch } : row)) }, ['userData']);
  const removeRow = (key: number) => change({ rows: form.rows.filter((row) => row.key !== key) }, ['userData']);

  const bodyOf = (of: typeof form) => ({
    openaiKey: of.openaiKey,
    prompt: of.prompt,
    extractData: of.extractData,
    userData: of.rows.map(({ name, description }) => ({ name, description })),
  });
  const body = () => bodyOf(form);
  const [baseline, setBaseline] = useState(() => JSON.stringify(bodyOf(form)));

  /** Validates and saves; resolves whether it worked (Update and the unsaved-changes dialog). */
  const saveForm = async (): Promise<boolean> => {
    const found = validateWithSchema(promptConfigBody, body());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.userData) showToast(found.userData, { tone: 'error' });
      return false;
    }
    try {
      const saved = await update.mutateAsync(body());
      const next = fromPrompt(saved);
      setForm(next);
      setBaseline(JSON.stringify(bodyOf(next)));
      showToast(agentMessages.configUpdated, { tone: 'success' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
      showToast(describeFailure(error), { tone: 'error' });
      return false;
    }
  };
  const handleUpdate = () => void saveForm();
  const leaveGuard = useUnsavedChangesGuard(JSON.stringify(body()) !== baseline, { onSave: saveForm });

  const handleToggle = (extractData: boolean) =>
    change({ extractData, rows: extractData && form.rows.length === 0 ? [newRow()] : form.rows }, ['userData']);

  const incomplete = (row: Row) => form.extractData && (!row.name.trim() || !row.description.trim());
  const showRowErrors = errors.userData !== undefined;

  return (
    <Stack gap="md">
      <GenAiConfigBar
        label="Prompt"
        value={form.openaiKey}
        onChange={(openaiKey) => change({ openaiKey }, ['openaiKey'])}
        error={errors.openaiKey}
        onUpdate={handleUpdate}
        updating={update.isPending}
      />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Textarea
            label="Prompt Section"
            description="What the agent is, how it should answer, and what it must not do"
            placeholder="Enter a Prompt Configuration"
            withAsterisk
            autosize
            minRows={8}
            maxRows={20}
            maxLength={agentLimits.promptMax}
            value={form.prompt}
            error={errors.prompt}
            onChange={(event) => change({ prompt: event.currentTarget.value }, ['prompt'])}
          />
          <Group justify="space-between" align="center">
            <Switch
              label="Do you want to collect data after conversation?"
              checked={form.extractData}
              onChange={(event) => handleToggle(event.currentTarget.checked)}
            />
            {form.extractData ? (
              <Button
                variant="light"
                leftSection={<PlusIcon />}
                disabled={form.rows.length >= agentLimits.variablesMax}
                onClick={() => change({ rows: [...form.rows, newRow()] }, ['userData'])}
              >
                Add Variable
              </Button>
            ) : null}
          </Group>
          <div>
            <Title order={4} size="h5" mb="xs">
              Variables
            </Title>
            <Table withTableBorder verticalSpacing="xs" aria-label="Variables">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>S.No</Table.Th>
                  <Table.Th>Variable name</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th w={80}>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center" py="lg">
                        No Record
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  form.rows.map((row, index) => (
                    <Table.Tr key={row.key}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Variable name ${index + 1}`}
                          placeholder="e.g. email"
                          value={row.name}
                          disabled={!form.extractData}
                          maxLength={100}
                          error={showRowErrors && incomplete(row) && !row.name.trim()}
                          onChange={(event) => setRow(row.key, { name: event.currentTarget.value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Description ${index + 1}`}
                          placeholder="e.g. The customer's email address"
                          value={row.description}
                          disabled={!form.extractData}
                          maxLength={500}
                          error={showRowErrors && incomplete(row) && !row.description.trim()}
                          onChange={(event) => setRow(row.key, { description: event.currentTarget.value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete variable ${index + 1}`}
                          onClick={() => (row.name || row.description ? setRemoving(row) : removeRow(row.key))}
                        >
                          <TrashIcon />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
            {errors.userData ? (
              <Text size="sm" c="red" mt="xs" role="alert">
                {errors.userData}
              </Text>
            ) : null}
          </div>
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={removing !== null}
        title="Delete Variable"
        message={`Delete the variable "${removing?.name || removing?.description || ''}"? It is removed when you Update.`}
        confirmLabel="Delete"
        danger
        onConfirm={() => {
          if (removing) removeRow(removing.key);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
      {leaveGuard.dialog}
    </Stack>
  );
}
