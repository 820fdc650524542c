import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { messages } from '@parley/contracts/messages';
import type { ReactNode } from 'react';

interface ComingSoonProps {
  /** The screen's name, e.g. 'Users'. */
  screen: string;
  /** Where the screen lives, e.g. 'Manage'. */
  area?: string;
  description?: string;
  children?: ReactNode;
}

/** A finished-looking placeholder for a screen that is not built yet (never a broken route). */
export function ComingSoon({ screen, area, description, children }: ComingSoonProps) {
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl" shadow="xs" data-screen="coming-soon">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M6.5 7h11M6.5 17h11M8 3h8v4l-4 5-4-5zM8 21h8v-4l-4-5-4 5z" strokeLinejoin="round" />
          </svg>
        </ThemeIcon>
        {area ? (
          <Badge variant="light" color="gray" radius="sm">
            {area}
          </Badge>
        ) : null}
        <Title order={1} fz={26}>
          {screen}
        </Title>
        <Text c="dimmed">{messages.comingSoon}</Text>
        {description ? (
          <Text size="sm" c="dimmed" maw={420}>
            {description}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
