import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import {
  agentBody,
  agentLimits,
  agentMessages,
  agentTypeLabels,
  agentTypes,
  type AgentSummary,
  type AgentType,
} from '@parley/contracts/agents';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { mapFieldErrors, validateWithSchema, type FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCreateAgent } from '../api/create-agent';
import { useUpdateAgent } from '../api/update-agent';

interface AgentFormModalProps {
  /** The agent to edit; null to create one. */
  agent: AgentSummary | null;
  opened: boolean;
  onClose: () => void;
}

/** Radio order of the original: Prompt Based first. */
const typeOrder: readonly AgentType[] = ['prompt', 'nlp'];

function AgentForm({ agent, onClose }: { agent: AgentSummary | null; onClose: () => void }) {
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const [name, setName] = useState(agent?.name ?? '');
  const [description, setDescription] = useState(agent?.description ?? '');
  const [type, setType] = useState<AgentType>(agent?.type ?? 'nlp');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const clear = (field: string) => setErrors((previous) => (previous[field] ? { ...previous, [field]: '' } : previous));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, description, type };
    const found = validateWithSchema(agentBody, body);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    const callbacks = {
      onSuccess: () => {
        showToast(agent ? agentMessages.updated : agentMessages.created, { tone: 'success' });
        onClose();
      },
      onError: (failure: Error) => {
        // 'duplication of name' is a toast in the spec; it also stays beside the field.
        if (failure instanceof ApiError && failure.fieldErrors) {
          setErrors(mapFieldErrors(failure.fieldErrors));
          showToast(failure.message, { tone: 'error' });
        } else setError(describeFailure(failure));
      },
    };
    if (agent) update.mutate({ id: agent.id, ...body }, callbacks);
    else create.mutate(body, callbacks);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Customer Support"
          withAsterisk
          data-autofocus
          maxLength={agentLimits.nameMax}
          value={name}
          error={errors.name || undefined}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('name');
          }}
        />
        <Radio.Group
          label="Agent Type"
          withAsterisk
          value={type}
          error={errors.type || undefined}
          onChange={(value) => {
            if ((agentTypes as readonly string[]).includes(value)) setType(value as AgentType);
            clear('type');
          }}
        >
          <Group gap="xl" mt={6}>
            {typeOrder.map((value) => (
              <Radio key={value} value={value} label={agentTypeLabels[value]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Description"
          placeholder="What does this agent help with?"
          withAsterisk
          autosize
          minRows={3}
          maxRows={6}
          maxLength={agentLimits.descriptionMax}
          value={description}
          error={errors.description || undefined}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            clear('description');
          }}
        />
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create or edit an agent (agents.md §2.1): name, type (Prompt Based / NLP Based) and description. */
export function AgentFormModal({ agent, opened, onClose }: AgentFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={agent ? 'Edit Agent' : 'Create New Agent'} centered size="md">
      {opened ? <AgentForm key={agent?.id ?? 'new'} agent={agent} onClose={onClose} /> : null}
    </Modal>
  );
}
