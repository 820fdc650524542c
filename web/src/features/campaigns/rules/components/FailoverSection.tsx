import { useState } from 'react';
import { Group, Input, Loader, NumberInput, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { failoverRule, type FailoverRule } from '@parley/contracts/campaigns';
import type { VariableMapping } from '@parley/contracts/broadcasts';
import { useRuleChannels, type RuleChannel } from '../api/get-rule-channels';
import { useRuleColumns } from '../api/get-rule-columns';
import { useRuleTemplateVariables } from '../api/get-rule-template-variables';
import { useRuleTemplates } from '../api/get-rule-templates';
import { useSaveFailover } from '../api/save-failover';
import { RuleDialog, RuleNameInput } from './RuleDialog';
import { RulesSection } from './RulesSection';
import { useRuleForm } from './use-rule-form';

type SavedFailover = FailoverRule & { id: string };

const mappingTypes = [
  { value: 'static', label: 'Assign Constant Value' },
  { value: 'column', label: 'Map Column Value' },
];

/** Each variable of the fallback template filled with a constant or a customer column. */
function VariableMappingRows({
  channelId,
  templateId,
  mapping,
  error,
  onChange,
}: {
  channelId: string;
  templateId: string;
  mapping: VariableMapping[];
  error?: string;
  onChange: (mapping: VariableMapping[]) => void;
}) {
  const variables = useRuleTemplateVariables(channelId, templateId);
  const columns = useRuleColumns(templateId !== '');
  if (!templateId) return null;
  if (variables.isPending) return <Loader size="xs" role="status" aria-label="Loading the template's variables" />;
  if (variables.isError) {
    return (
      <Text size="sm" c="red.8">
        {variables.error.message}
      </Text>
    );
  }
  if (variables.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This template has no variables.
      </Text>
    );
  }
  const entryOf = (variable: string): VariableMapping =>
    mapping.find((entry) => entry.variable === variable) ?? { variable, type: 'static', value: '' };
  const update = (variable: string, change: Partial<VariableMapping>) =>
    onChange([...mapping.filter((entry) => entry.variable !== variable), { ...entryOf(variable), ...change }]);
  return (
    <Input.Wrapper label="Variable mapping" error={error}>
      <Stack gap="xs" mt={4}>
        {variables.data.map((variable) => {
          const entry = entryOf(variable.variable);
          return (
            <Paper key={variable.variable} withBorder p="xs" radius="sm">
              <Text size="xs" fw={600} mb={4}>
                {variable.label || `{{${variable.variable}}}`}
              </Text>
              <Group grow gap="xs" align="flex-start">
                <Select
                  aria-label={`How ${variable.label || variable.variable} is filled`}
                  data={mappingTypes}
                  value={entry.type === 'expression' ? 'static' : entry.type}
                  allowDeselect={false}
                  onChange={(value) =>
                    update(variable.variable, { type: (value ?? 'static') as VariableMapping['type'], value: '' })
                  }
                />
                {entry.type === 'column' ? (
                  <Select
                    aria-label={`Column for ${variable.label || variable.variable}`}
                    placeholder="Choose a column"
                    data={columns.data ?? []}
                    value={entry.value || null}
                    searchable
                    onChange={(value) => update(variable.variable, { value: value ?? '' })}
                  />
                ) : (
                  <TextInput
                    aria-label={`Value for ${variable.label || variable.variable}`}
                    placeholder={variable.example || 'Value'}
                    value={entry.value}
                    onChange={(event) => update(variable.variable, { value: event.currentTarget.value })}
                  />
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}

function FailoverDialog({
  rule,
  channels,
  onClose,
}: {
  rule: SavedFailover | null;
  channels: RuleChannel[];
  onClose: () => void;
}) {
  const save = useSaveFailover();
  const { values, errors, failure, set, handleSubmit, saving } = useRuleForm<FailoverRule>({
    schema: failoverRule,
    initial: rule ?? {
      name: '',
      fromChannelId: '',
      toChannelId: '',
      templateId: '',
      columnMapping: [],
      undeliveredMinutes: 0,
      enabled: true,
    },
    save,
    savedText: 'Failover saved',
    onClose,
  });
  const templates = useRuleTemplates(values.toChannelId);
  return (
    <RuleDialog
      title={rule ? 'Edit failover' : 'Add failover'}
      saving={saving}
      failure={failure}
      onSubmit={handleSubmit}
      onClose={onClose}
      enabled={values.enabled}
      onEnabledChange={(enabled) => set({ enabled })}
      size="lg"
    >
      <RuleNameInput value={values.name} error={errors.name} onChange={(name) => set({ name })} />
      <Group grow align="flex-start">
        <Select
          label="From channel"
          withAsterisk
          placeholder="The channel that fails"
          data={channels}
          value={values.fromChannelId || null}
          searchable
          error={errors.fromChannelId}
          onChange={(value) => set({ fromChannelId: value ?? '' })}
        />
        <Select
          label="To channel"
          withAsterisk
          placeholder="The channel sent on instead"
          data={channels.filter((channel) => channel.value !== values.fromChannelId)}
          value={values.toChannelId || null}
          searchable
          error={errors.toChannelId}
          onChange={(value) => set({ toChannelId: value ?? '', templateId: '', columnMapping: [] })}
        />
      </Group>
      <Select
        label="Template"
        withAsterisk
        placeholder={values.toChannelId ? 'An approved template of the to channel' : 'Choose the to channel first'}
        data={templates.data ?? []}
        value={values.templateId || null}
        disabled={!values.toChannelId}
        searchable
        nothingFoundMessage={templates.isPending ? 'Loading…' : 'No approved template on this channel'}
        error={errors.templateId ?? (templates.isError ? templates.error.message : undefined)}
        onChange={(value) => set({ templateId: value ?? '', columnMapping: [] })}
      />
      <VariableMappingRows
        channelId={values.toChannelId}
        templateId={values.templateId}
        mapping={values.columnMapping}
        error={errors.columnMapping}
        onChange={(columnMapping) => set({ columnMapping })}
      />
      <NumberInput
        label="Not delivered within (minutes)"
        description="0 = only when it fails"
        min={0}
        max={7 * 24 * 60}
        allowDecimal={false}
        value={values.undeliveredMinutes}
        error={errors.undeliveredMinutes}
        onChange={(value) => set({ undeliveredMinutes: typeof value === 'number' ? value : Number(value) || 0 })}
      />
    </RuleDialog>
  );
}

function TemplateName({ channelId, templateId }: { channelId: string; templateId: string }) {
  const templates = useRuleTemplates(channelId);
  const name = templates.data?.find((template) => template.value === templateId)?.label;
  return <Text size="sm">{name ?? '—'}</Text>;
}

/** Channel failover (engagement §7.4): a failed or undelivered campaign message is sent again on another channel. */
export function FailoverSection({ rules }: { rules: SavedFailover[] }) {
  const [editing, setEditing] = useState<{ rule: SavedFailover | null } | null>(null);
  const channels = useRuleChannels(true);
  const channelName = (id: string) => channels.data?.find((channel) => channel.value === id)?.label ?? '—';
  return (
    <>
      <RulesSection
        kind="failover"
        label="Channel failover"
        description="When a campaign message fails for good, or is not delivered in time, an approved template goes out on the other channel instead; the report counts it as fallback."
        addLabel="Add failover"
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'from', header: 'From channel' },
          { key: 'to', header: 'To channel' },
          { key: 'template', header: 'Template' },
          { key: 'when', header: 'When', w: 190 },
        ]}
        rows={rules}
        empty="No failover: a failed message stays failed"
        nameOf={(rule) => rule.name}
        onEdit={(rule) => setEditing({ rule })}
        renderCells={(rule) => (
          <>
            <Table.Td>
              <Text size="sm" fw={500}>
                {rule.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{channelName(rule.fromChannelId)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{channelName(rule.toChannelId)}</Text>
            </Table.Td>
            <Table.Td>
              <TemplateName channelId={rule.toChannelId} templateId={rule.templateId} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {rule.undeliveredMinutes === 0
                  ? 'When it fails'
                  : `Failed or not delivered in ${rule.undeliveredMinutes} min`}
              </Text>
            </Table.Td>
          </>
        )}
      />
      {editing ? (
        <FailoverDialog rule={editing.rule} channels={channels.data ?? []} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
