import { useState } from 'react';
import { Chip, Group, Input, Table, Text, TextInput } from '@mantine/core';
import { blockTimeRule, type BlockTimeRule } from '@parley/contracts/campaigns';
import { useSaveBlockTime } from '../api/save-block-time';
import { RuleDialog, RuleNameInput } from './RuleDialog';
import { RulesSection } from './RulesSection';
import { useRuleForm } from './use-rule-form';

type SavedBlockTime = BlockTimeRule & { id: string };

export const weekdayLabels = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const daysText = (weekdays: number[]) =>
  weekdays.length === 0 || weekdays.length === 7
    ? 'Every day'
    : [...weekdays]
        .sort((a, b) => a - b)
        .map((day) => weekdayLabels[day])
        .join(', ');

function BlockTimeDialog({
  rule,
  timeZone,
  onClose,
}: {
  rule: SavedBlockTime | null;
  timeZone: string;
  onClose: () => void;
}) {
  const save = useSaveBlockTime();
  const { values, errors, failure, set, handleSubmit, saving } = useRuleForm<BlockTimeRule>({
    schema: blockTimeRule,
    initial: rule ?? { name: '', from: '21:00', to: '09:00', weekdays: [], enabled: true },
    save,
    savedText: 'Quiet hours saved',
    onClose,
  });
  return (
    <RuleDialog
      title={rule ? 'Edit quiet hours' : 'Add quiet hours'}
      saving={saving}
      failure={failure}
      onSubmit={handleSubmit}
      onClose={onClose}
      enabled={values.enabled}
      onEnabledChange={(enabled) => set({ enabled })}
    >
      <RuleNameInput value={values.name} error={errors.name} onChange={(name) => set({ name })} />
      <Group grow align="flex-start">
        <TextInput
          label="From"
          type="time"
          withAsterisk
          value={values.from}
          error={errors.from}
          onChange={(event) => set({ from: event.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="time"
          withAsterisk
          value={values.to}
          error={errors.to}
          onChange={(event) => set({ to: event.currentTarget.value })}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Times of day in {timeZone} (a recipient whose number tells their timezone gets them in theirs). From after To
        crosses midnight.
      </Text>
      <Input.Wrapper label="Days" description="None chosen: every day" error={errors.weekdays}>
        <Chip.Group
          multiple
          value={values.weekdays.map(String)}
          onChange={(days) => set({ weekdays: days.map(Number).sort((a, b) => a - b) })}
        >
          <Group gap={6} mt={6}>
            {weekdayLabels.map((label, day) => (
              <Chip key={label} value={String(day)} size="sm">
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Input.Wrapper>
    </RuleDialog>
  );
}

/** Quiet hours (engagement §7.4 block time): no campaign message between From and To. */
export function BlockTimeSection({ rules, timeZone }: { rules: SavedBlockTime[]; timeZone: string }) {
  const [editing, setEditing] = useState<{ rule: SavedBlockTime | null } | null>(null);
  return (
    <>
      <RulesSection
        kind="block-time"
        label="Quiet hours"
        description={
          <>
            No campaign message goes out in these hours; what falls in them waits until they end. Times are in the
            enterprise&apos;s timezone, <strong>{timeZone}</strong>, unless a recipient&apos;s number tells their own.
          </>
        }
        addLabel="Add quiet hours"
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'hours', header: `Hours (${timeZone})`, w: 190 },
          { key: 'days', header: 'Days' },
        ]}
        rows={rules}
        empty="No quiet hours: campaigns send at any hour"
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
              <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {rule.from}–{rule.to}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{daysText(rule.weekdays)}</Text>
            </Table.Td>
          </>
        )}
      />
      {editing ? <BlockTimeDialog rule={editing.rule} timeZone={timeZone} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
