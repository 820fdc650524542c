import { Box } from '@mantine/core';

/**
 * The server's message for a failed submit, read out by screen readers (role alert). A plain
 * box rather than Mantine's Alert keeps the login page light.
 */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Box
      role="alert"
      px="sm"
      py="xs"
      fz="sm"
      bg="red.0"
      c="red.9"
      style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-red-2)' }}
    >
      {message}
    </Box>
  );
}
