import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { broadcastLimits, splitMobileNumbers } from '@parley/contracts/broadcasts';

/** The placeholder example of §2.10: two comma-separated numbers with their country code. */
export const MOBILE_NUMBERS_PLACEHOLDER = '+919876543210, +14155550123';

interface MobileNumbersFieldProps {
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onPickCustomers: () => void;
}

/** Mobile Numbers: comma-separated, with the count of numbers and the customer master picker. */
export function MobileNumbersField({
  value,
  error,
  disabled,
  onChange,
  onBlur,
  onPickCustomers,
}: MobileNumbersFieldProps) {
  const count = splitMobileNumbers(value).length;
  const tooMany = count > broadcastLimits.maxRecipients;
  return (
    <div>
      <Textarea
        label="Mobile Numbers"
        withAsterisk
        description="With the country code, separated by commas"
        placeholder={MOBILE_NUMBERS_PLACEHOLDER}
        autosize
        minRows={3}
        maxRows={8}
        value={value}
        error={error}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
      />
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="xs" c={tooMany ? 'red.7' : 'dimmed'} aria-live="polite" data-testid="number-count">
          {count.toLocaleString('en-US')} {count === 1 ? 'number' : 'numbers'}
          {tooMany ? ` (at most ${broadcastLimits.maxRecipients.toLocaleString('en-US')})` : ''}
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconAddressBook size={14} />}
          onClick={onPickCustomers}
          disabled={disabled}
        >
          Get from customer master
        </Button>
      </Group>
    </div>
  );
}
