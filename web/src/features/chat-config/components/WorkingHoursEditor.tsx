import { Button, Group, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { WorkingDay } from '@parley/contracts/conversations';
import { hoursKey, weekdays } from './chat-config-form';

interface WorkingHoursEditorProps {
  /** Indexed by day (0 Sunday … 6 Saturday). */
  hours: readonly WorkingDay[];
  timezone: string;
  errorFor: (key: string) => string | undefined;
  onChange: (day: number, change: Partial<Omit<WorkingDay, 'day'>>) => void;
  /** A time input was left (its text is tidied, its message may show). */
  onBlurTime: (day: number, field: 'start' | 'end') => void;
  onCopyMonday: () => void;
}

/** Open switch and 24-hour start and end per weekday, Monday first, in the enterprise's timezone. */
export function WorkingHoursEditor({
  hours,
  timezone,
  errorFor,
  onChange,
  onBlurTime,
  onCopyMonday,
}: WorkingHoursEditorProps) {
  return (
    <div>
      <Group justify="space-between" align="flex-end" mb={4} wrap="nowrap">
        <Text size="sm" c="dimmed">
          24-hour times in {timezone}
        </Text>
        <Button size="compact-sm" variant="subtle" leftSection={<IconCopy size={14} />} onClick={onCopyMonday}>
          Copy Monday to All Weekdays
        </Button>
      </Group>
      <Table verticalSpacing={6} horizontalSpacing="xs" aria-label="Working hours" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>Day</Table.Th>
            <Table.Th>Opens</Table.Th>
            <Table.Th>Closes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weekdays.map(({ day, name }) => {
            const entry = hours[day]!;
            const startError = errorFor(hoursKey(day, 'start'));
            const endError = errorFor(hoursKey(day, 'end'));
            return (
              <Table.Tr key={day} style={{ verticalAlign: 'top' }}>
                <Table.Td pt={12}>
                  <Switch
                    label={name}
                    checked={entry.open}
                    onChange={(event) => onChange(day, { open: event.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${name} opens at`}
                    placeholder={entry.open ? 'HH:mm' : 'Closed'}
                    inputMode="numeric"
                    maxLength={5}
                    disabled={!entry.open}
                    value={entry.open ? entry.start : ''}
                    error={entry.open ? startError : undefined}
                    onChange={(event) => onChange(day, { start: event.currentTarget.value })}
                    onBlur={() => onBlurTime(day, 'start')}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${name} closes at`}
                    placeholder={entry.open ? 'HH:mm' : 'Closed'}
                    inputMode="numeric"
                    maxLength={5}
                    disabled={!entry.open}
                    value={entry.open ? entry.end : ''}
                    error={entry.open ? endError : undefined}
                    onChange={(event) => onChange(day, { end: event.currentTarget.value })}
                    onBlur={() => onBlurTime(day, 'end')}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
