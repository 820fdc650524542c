import { memo } from 'react';
import { Chip, Group, Input, NumberInput, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { Schedule } from '@parley/contracts/campaigns';
import type { FormErrors } from './campaign-form';

const kindLabels: Record<Schedule['kind'], string> = {
  now: 'Send now',
  once: 'Once at a date and time',
  daily: 'Daily',
  weekly: 'Weekly',
};

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

interface ScheduleSectionProps {
  value: Schedule;
  errors: FormErrors;
  /** The enterprise's IANA timezone, once known. */
  timeZone: string | undefined;
  /** The quiet hours and frequency caps in force, in words. */
  protections: string[];
  readOnly: boolean;
  onChange: (change: Partial<Schedule>, clears: string[]) => void;
}

/**
 * When the campaign sends (issue 21 item 1): now (when started), once at a date-time, or daily /
 * weekly from a first send until an end date; every time in the enterprise's timezone. The sends of
 * one run can be spread over some minutes (send-time spread, item 5).
 */
export const ScheduleSection = memo(function ScheduleSection({
  value,
  errors,
  timeZone,
  protections,
  readOnly,
  onChange,
}: ScheduleSectionProps) {
  const recurring = value.kind === 'daily' || value.kind === 'weekly';
  const zone = timeZone ? `the enterprise's timezone, ${timeZone}` : "the enterprise's timezone";
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Schedule">
      <Group gap={6} mb="sm">
        <IconClock size={16} aria-hidden />
        <Text size="sm" fw={600}>
          Schedule
        </Text>
      </Group>
      <Stack gap="sm">
        <Radio.Group
          label="When"
          value={value.kind}
          readOnly={readOnly}
          onChange={(kind) =>
            onChange({ kind: kind as Schedule['kind'] }, [
              'schedule.kind',
              'schedule.at',
              'schedule.until',
              'schedule.weekdays',
            ])
          }
        >
          <Group gap="lg" mt={6}>
            {(Object.keys(kindLabels) as Schedule['kind'][]).map((kind) => (
              <Radio key={kind} value={kind} label={kindLabels[kind]} disabled={readOnly && kind !== value.kind} />
            ))}
          </Group>
        </Radio.Group>

        {value.kind === 'now' ? (
          <Text size="sm" c="dimmed">
            Sends as soon as the approved campaign is started.
          </Text>
        ) : (
          <>
            {value.kind === 'weekly' ? (
              <Input.Wrapper label="On" error={errors['schedule.weekdays']} withAsterisk={!readOnly}>
                <Chip.Group
                  multiple
                  value={value.weekdays.map(String)}
                  onChange={(days) => {
                    if (!readOnly)
                      onChange({ weekdays: days.map(Number).sort((a, b) => a - b) }, ['schedule.weekdays']);
                  }}
                >
                  <Group gap={6} mt={4} role="group" aria-label="Days of the week">
                    {weekdays.map((day, index) => (
                      <Chip
                        key={day}
                        value={String(index)}
                        size="sm"
                        aria-label={weekdayNames[index]}
                        disabled={readOnly}
                      >
                        {day}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Input.Wrapper>
            ) : null}
            <Group gap="sm" align="flex-start" wrap="wrap">
              <TextInput
                label={recurring ? 'First send' : 'Send at'}
                type="datetime-local"
                w={240}
                withAsterisk={!readOnly}
                value={value.at}
                readOnly={readOnly}
                error={errors['schedule.at']}
                onChange={(event) => onChange({ at: event.currentTarget.value }, ['schedule.at'])}
              />
              {recurring ? (
                <TextInput
                  label="Until"
                  description="The last day it sends (inclusive)"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  type="date"
                  w={200}
                  withAsterisk={!readOnly}
                  value={value.until}
                  min={value.at ? value.at.slice(0, 10) : undefined}
                  readOnly={readOnly}
                  error={errors['schedule.until']}
                  onChange={(event) => onChange({ until: event.currentTarget.value }, ['schedule.until'])}
                />
              ) : null}
            </Group>
            {recurring ? (
              <Text size="sm" c="dimmed">
                {value.kind === 'daily' ? 'Every day' : 'On the days chosen'} at the time of the first send.
              </Text>
            ) : null}
          </>
        )}
        <Text size="xs" c="dimmed">
          Times are in {zone}.
        </Text>
        {protections.length > 0 ? (
          <Stack gap={2} aria-label="Protection rules in force">
            <Text size="xs" c="dimmed">
              A send due in quiet hours waits until they end (in the customer&apos;s timezone where the number tells
              it); a customer over a cap is left out:
            </Text>
            {protections.map((note) => (
              <Text key={note} size="xs" c="dimmed" pl="sm">
                · {note}
              </Text>
            ))}
          </Stack>
        ) : null}
        <NumberInput
          label="Spread sends over (minutes)"
          description="0 sends at the channel's pace; more spreads one run's messages evenly over that time"
          maw={460}
          min={0}
          max={7 * 24 * 60}
          allowDecimal={false}
          allowNegative={false}
          value={value.spreadMinutes}
          readOnly={readOnly}
          error={errors['schedule.spreadMinutes']}
          onChange={(minutes) =>
            onChange({ spreadMinutes: typeof minutes === 'number' ? minutes : 0 }, ['schedule.spreadMinutes'])
          }
        />
      </Stack>
    </Paper>
  );
});
