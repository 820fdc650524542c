import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, NumberInput, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  agentConfigBody,
  agentLanguages,
  agentLimits,
  agentMessages,
  genAiModelTypes,
  modelTypes,
  thresholdModelTypes,
  type AgentConfig,
  type ModelType,
} from '@parley/contracts/agents';
import { ApiError } from '../../../../lib/api-client';
import { describeFailure } from '../../../../lib/failure-message';
import { validateWithSchema, type FieldErrors } from '../../../../lib/form-validation';
import { useUnsavedChangesGuard } from '../../../../components/UnsavedChangesGuard';
import { showToast } from '../../../../lib/toast';
import { FormErrorAlert } from '../../../../components/FormErrorAlert';
import { useUpdateAgentConfig } from '../../api/update-agent-config';
import { useAgentDetails } from '../agent-details-context';
import { ConfigurationSelect } from './ConfigurationSelect';

interface Values {
  modelType: ModelType;
  entityExtractRetries: string | number;
  outOfScopeMessage: string;
  language: string;
  confidenceThreshold: string | number;
  openaiKey: string | null;
}

/** Model types that answer with a GenAI endpoint and need a configuration (the server checks). */

const fromConfig = (config: AgentConfig): Values => ({
  modelType: config.modelType,
  entityExtractRetries: config.entityExtractRetries,
  outOfScopeMessage: config.outOfScopeMessage,
  language: config.language,
  confidenceThreshold: config.confidenceThreshold,
  openaiKey: config.openaiKey,
});

const toBody = (values: Values) => ({
  ...values,
  entityExtractRetries: values.entityExtractRetries === '' ? undefined : values.entityExtractRetries,
  confidenceThreshold: values.confidenceThreshold === '' ? undefined : values.confidenceThreshold,
});

/** Agent configuration (agents.md §2.6): model type, retries, out-of-scope message, language, threshold. */
export default function AgentConfigurationTab() {
  const { agent } = useAgentDetails();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() => fromConfig(agent.config));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateAgentConfig(agent.id);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const showsThreshold = thresholdModelTypes.includes(values.modelType) || values.modelType === 'SVM';
  const thresholdReadOnly = values.modelType === 'SVM';
  const configurationRequired = genAiModelTypes.has(values.modelType);

  const [baseline, setBaseline] = useState(() => JSON.stringify(toBody(values)));
  /** Validates and saves; resolves whether it worked (Update and the unsaved-changes dialog). */
  const saveForm = async (): Promise<boolean> => {
    setFailure(null);
    const found = validateWithSchema(agentConfigBody, toBody(values));
    if (configurationRequired && !values.openaiKey) found.openaiKey = agentMessages.selectConfiguration;
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      const saved = await update.mutateAsync(agentConfigBody.parse(toBody(values)));
      const next = fromConfig(saved);
      setValues(next);
      setBaseline(JSON.stringify(toBody(next)));
      showToast(agentMessages.configUpdated, { tone: 'success' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
      setFailure(describeFailure(error));
      return false;
    }
  };
  const leaveGuard = useUnsavedChangesGuard(JSON.stringify(toBody(values)) !== baseline, { onSave: saveForm });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveForm();
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={760}>
      <form onSubmit={handleSubmit} noValidate aria-label="Agent configuration">
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              Configuration
            </Title>
            <Text size="sm" c="dimmed">
              How this agent understands messages and what it answers when it does not.
            </Text>
          </div>
          <FormErrorAlert message={failure} />
          <Group grow align="flex-start">
            <Select
              label="Model Type"
              withAsterisk
              data={[...modelTypes]}
              value={values.modelType}
              allowDeselect={false}
              error={errors.modelType}
              onChange={(value) => value && set('modelType', value as ModelType)}
            />
            <Select
              label="Language"
              withAsterisk
              data={Object.entries(agentLanguages).map(([value, label]) => ({ value, label }))}
              value={values.language}
              allowDeselect={false}
              error={errors.language}
              onChange={(value) => value && set('language', value)}
            />
          </Group>
          <Group grow align="flex-start">
            <NumberInput
              label="Entity Extract Retries"
              description={`Asks again for a missing value, 1 to ${agentLimits.retriesMax} times`}
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
              value={values.entityExtractRetries}
              error={errors.entityExtractRetries}
              onChange={(value) => set('entityExtractRetries', value)}
            />
            {showsThreshold ? (
              <NumberInput
                label="Threshold"
                description={
                  thresholdReadOnly ? 'Read-only for the SVM model' : 'Confidence to pick an intent, between 0 and 1'
                }
                withAsterisk={!thresholdReadOnly}
                readOnly={thresholdReadOnly}
                variant={thresholdReadOnly ? 'filled' : 'default'}
                decimalScale={3}
                step={0.05}
                allowNegative={false}
                value={values.confidenceThreshold}
                error={errors.confidenceThreshold}
                onChange={(value) => set('confidenceThreshold', value)}
              />
            ) : (
              <div />
            )}
          </Group>
          <Textarea
            label="Out of Scope Message"
            description="The answer when no intent matches"
            withAsterisk
            autosize
            minRows={2}
            maxRows={6}
            value={values.outOfScopeMessage}
            error={errors.outOfScopeMessage}
            onChange={(event) => set('outOfScopeMessage', event.currentTarget.value)}
          />
          <div>
            <ConfigurationSelect
              value={values.openaiKey}
              onChange={(id) => set('openaiKey', id)}
              error={errors.openaiKey}
              required={configurationRequired}
              disabled={update.isPending}
            />
            <Text size="xs" c="dimmed" mt={6}>
              {configurationRequired
                ? `The ${values.modelType} model answers through this GenAI configuration.`
                : 'The GenAI configuration is optional for this model type.'}
            </Text>
          </div>
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              onClick={() => {
                // Cancel is the explicit way to drop the changes: no question.
                leaveGuard.allowNextNavigation();
                void navigate(`/bots/${agent.id}/intents`);
              }}
              disabled={update.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
      {leaveGuard.dialog}
    </Paper>
  );
}
