import { useState } from 'react';
import { ActionIcon, Checkbox, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import { intentMessages } from '@parley/contracts/agent-stories';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { showToast } from '../../../../lib/toast';
import { removeParameter, splitPrompts, updateParameter, type DraftParameter, type IntentDraft } from './intent-draft';
import { parameterColor } from './PhraseText';

interface ParametersTableProps {
  draft: IntentDraft;
  onChange: (change: (draft: IntentDraft) => IntentDraft) => void;
  entityNames: Map<string, string>;
}

function PromptsCell({
  parameter,
  onChange,
  onRemove,
}: {
  parameter: DraftParameter;
  onChange: (prompts: string[]) => void;
  onRemove: (index: number) => void;
}) {
  const [text, setText] = useState('');
  // 'prompt cannot be empty' waits until the field was left once (Save reports it too): a parameter
  // just tagged must not greet the user with an error before they could type its prompt.
  const [touched, setTouched] = useState(false);
  const handleAdd = () => {
    const added = splitPrompts(text);
    if (added.length === 0) return;
    onChange([...parameter.prompts, ...added]);
    setText('');
  };
  return (
    <Stack gap={4}>
      {parameter.prompts.length > 0 && (
        <Stack gap={2} role="list" aria-label={`Prompts of ${parameter.name}`}>
          {parameter.prompts.map((prompt, index) => (
            <Group key={`${index}:${prompt}`} gap={4} wrap="nowrap" role="listitem">
              <Text size="xs" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {prompt}
              </Text>
              <ActionIcon
                size="xs"
                variant="subtle"
                color="gray"
                aria-label={`Remove prompt "${prompt}"`}
                onClick={() => onRemove(index)}
              >
                <IconX size={12} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <TextInput
        size="xs"
        aria-label={`Add prompt for ${parameter.name}`}
        placeholder="Add a prompt, Enter"
        value={text}
        error={touched && parameter.prompts.length === 0 ? intentMessages.promptEmpty : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => {
          setTouched(true);
          handleAdd();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            handleAdd();
          }
        }}
      />
    </Stack>
  );
}

/** The Entities card: the intent's parameters (Required, Parameter name, Entity, Prompts, Value, Option). */
export function ParametersTable({ draft, onChange, entityNames }: ParametersTableProps) {
  const [deleting, setDeleting] = useState<string | null>(null);
  const [removingPrompt, setRemovingPrompt] = useState<{ parameter: number; prompt: number } | null>(null);

  if (draft.parameters.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        No entities — select text in a training phrase to tag one
      </Text>
    );

  const tagCount = (name: string) =>
    draft.phrases.reduce((sum, phrase) => sum + phrase.entityRefs.filter((ref) => ref.parameter === name).length, 0);

  return (
    <>
      <Table.ScrollContainer minWidth={700}>
        <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label="Entities" style={{ tableLayout: 'fixed' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={84}>Required</Table.Th>
              <Table.Th w={150}>Parameter name</Table.Th>
              <Table.Th w={110}>Entity</Table.Th>
              <Table.Th>Prompts</Table.Th>
              <Table.Th w={120}>Value</Table.Th>
              <Table.Th w={68}>Option</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.parameters.map((parameter, index) => (
              <Table.Tr key={`${index}:${parameter.entityId}`} data-parameter={parameter.name}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Required ${parameter.name}`}
                    checked={parameter.required}
                    onChange={(event) => {
                      const required = event.currentTarget.checked;
                      onChange((value) => updateParameter(value, index, { required }));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label="Parameter name"
                    value={parameter.name}
                    styles={{
                      input: { borderLeft: `4px solid var(--mantine-color-${parameterColor(parameter.name)}-filled)` },
                    }}
                    onChange={(event) => {
                      const name = event.currentTarget.value.replace(/[^A-Za-z0-9_]/g, '');
                      onChange((value) => updateParameter(value, index, { name }));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    @{entityNames.get(parameter.entityId) ?? parameter.entityName ?? parameter.entityId}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {tagCount(parameter.name)} tagged
                  </Text>
                </Table.Td>
                <Table.Td>
                  <PromptsCell
                    parameter={parameter}
                    onChange={(prompts) => onChange((value) => updateParameter(value, index, { prompts }))}
                    onRemove={(prompt) => setRemovingPrompt({ parameter: index, prompt })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`Value of ${parameter.name}`}
                    value={parameter.value}
                    onChange={(event) => {
                      const next = event.currentTarget.value;
                      onChange((value) => updateParameter(value, index, { value: next }));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Tooltip label="Remove from the intent">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete parameter ${parameter.name}`}
                      onClick={() => setDeleting(parameter.name)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={deleting !== null}
        title="Remove Entity"
        message={`Remove the parameter "${deleting ?? ''}"? Its tags are removed from the training phrases too.`}
        confirmLabel="Remove"
        danger
        onConfirm={() => {
          if (deleting !== null) onChange((value) => removeParameter(value, deleting));
          setDeleting(null);
          showToast(intentMessages.entityDeleted, { tone: 'success' });
        }}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        opened={removingPrompt !== null}
        title="Delete Prompt"
        message={`Delete the prompt "${
          removingPrompt ? (draft.parameters[removingPrompt.parameter]?.prompts[removingPrompt.prompt] ?? '') : ''
        }"?`}
        confirmLabel="Delete"
        danger
        onConfirm={() => {
          if (removingPrompt) {
            const { parameter, prompt } = removingPrompt;
            onChange((value) =>
              updateParameter(value, parameter, {
                prompts: (value.parameters[parameter]?.prompts ?? []).filter((_item, other) => other !== prompt),
              }),
            );
            showToast(intentMessages.promptDeleted, { tone: 'success' });
          }
          setRemovingPrompt(null);
        }}
        onClose={() => setRemovingPrompt(null)}
      />
    </>
  );
}
