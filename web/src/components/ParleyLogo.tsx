import { Group, Text } from '@mantine/core';

interface ParleyLogoProps {
  size?: 'sm' | 'lg';
  /** Hide the word mark (collapsed navigation). */
  markOnly?: boolean;
  /** The word beside the mark: the enterprise's console title inside the console. */
  label?: string;
}

/** The product mark: a speech bubble and the word 'Parley'. */
export function ParleyLogo({ size = 'sm', markOnly = false, label = 'Parley' }: ParleyLogoProps) {
  const px = size === 'lg' ? 36 : 22;
  return (
    <Group gap={size === 'lg' ? 10 : 6} wrap="nowrap" aria-label={markOnly ? label : undefined}>
      <svg width={px} height={px} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-blue-6)" />
        <path
          d="M8 10.5A3.5 3.5 0 0 1 11.5 7h9A3.5 3.5 0 0 1 24 10.5v6a3.5 3.5 0 0 1-3.5 3.5H15l-5 4v-4.2A3.5 3.5 0 0 1 8 16.5z"
          fill="#fff"
        />
      </svg>
      {markOnly ? null : (
        <Text component="span" fw={700} fz={size === 'lg' ? 26 : 17} lh={1} c="dark.7" style={{ letterSpacing: -0.3 }}>
          {label}
        </Text>
      )}
    </Group>
  );
}
