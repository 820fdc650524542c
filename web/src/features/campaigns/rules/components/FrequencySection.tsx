import { useState } from 'react';
import { NumberInput, SegmentedControl, Input, Table, Text } from '@mantine/core';
import { frequencyRule, type FrequencyRule } from '@parley/contracts/campaigns';
import { useSaveFrequencyCap } from '../api/save-frequency-cap';
import { RuleDialog, RuleNameInput } from './RuleDialog';
import { RulesSection } from './RulesSection';
import { useRuleForm } from './use-rule-form';

type SavedFrequencyRule = FrequencyRule & { id: string };

const periodLabels = { day: 'per day', week: 'per week' } as const;

function FrequencyDialog({ rule, onClose }: { rule: SavedFrequencyRule | null; onClose: () => void }) {
  const save = useSaveFrequencyCap();
  const { values, errors, failure, set, handleSubmit, saving } = useRuleForm<FrequencyRule>({
    schema: frequencyRule,
    initial: rule ?? { name: '', maxMessages: 2, period: 'week', enabled: true },
    save,
    savedText: 'Frequency cap saved',
    onClose,
  });
  return (
    <RuleDialog
      title={rule ? 'Edit frequency cap' : 'Add frequency cap'}
      saving={saving}
      failure={failure}
      onSubmit={handleSubmit}
      onClose={onClose}
      enabled={values.enabled}
      onEnabledChange={(enabled) => set({ enabled })}
    >
      <RuleNameInput value={values.name} error={errors.name} onChange={(name) => set({ name })} />
      <NumberInput
        label="Most messages"
        description="Campaign messages one customer receives, across all campaigns"
        withAsterisk
        min={1}
        max={1000}
        allowDecimal={false}
        value={values.maxMessages}
        error={errors.maxMessages}
        onChange={(value) => set({ maxMessages: typeof value === 'number' ? value : Number(value) || 0 })}
      />
      <Input.Wrapper label="Per" error={errors.period}>
        <SegmentedControl
          mt={4}
          data={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
          value={values.period}
          onChange={(value) => set({ period: value as FrequencyRule['period'] })}
        />
      </Input.Wrapper>
    </RuleDialog>
  );
}

/** Frequency caps (engagement §7.4 frequent campaign): at most N campaign messages per customer per day or week. */
export function FrequencySection({ rules }: { rules: SavedFrequencyRule[] }) {
  const [editing, setEditing] = useState<{ rule: SavedFrequencyRule | null } | null>(null);
  return (
    <>
      <RulesSection
        kind="frequency"
        label="Frequency caps"
        description="A customer who has had this many campaign messages in the day or week gets no more; they count as excluded (Frequency cap reached)."
        addLabel="Add frequency cap"
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'cap', header: 'At most', w: 220 },
        ]}
        rows={rules}
        empty="No frequency caps"
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
              <Text size="sm">
                {rule.maxMessages} {rule.maxMessages === 1 ? 'message' : 'messages'} {periodLabels[rule.period]}
              </Text>
            </Table.Td>
          </>
        )}
      />
      {editing ? <FrequencyDialog rule={editing.rule} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
