import { Group, Text } from '@mantine/core';
import type { ChangeEvent, Ref } from 'react';

interface InlineCheckboxProps {
  label: string;
  checked?: boolean;
  /** Accepted (and ignored) so `getInputProps()` can be spread. */
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with its label (lighter than Mantine's Checkbox family, for the login page). */
export function InlineCheckbox({ label, checked, onChange, ref }: InlineCheckboxProps) {
  return (
    <Group component="label" gap={8} wrap="nowrap" style={{ cursor: 'pointer' }}>
      <input
        type="checkbox"
        checked={checked ?? false}
        onChange={onChange}
        ref={ref}
        style={{ width: 16, height: 16, margin: 0, accentColor: 'var(--mantine-primary-color-filled)' }}
      />
      <Text component="span" size="sm">
        {label}
      </Text>
    </Group>
  );
}
