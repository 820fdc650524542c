import { Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@parley/contracts/messages';
import { useSessionUser } from '../shell/session-user';

/** /dashboard and every unknown path: 'Welcome To {title}!' (platform §1). */
export default function WelcomeRoute() {
  const user = useSessionUser();
  return (
    <Paper
      radius="lg"
      p={{ base: 'lg', sm: 48 }}
      mt="md"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-cyan-0) 60%, var(--mantine-color-white) 100%)',
        border: '1px solid var(--mantine-color-blue-1)',
      }}
    >
      <Stack gap="xs">
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {messages.welcome(user.enterprise.title)}
        </Title>
        <Text c="dimmed" size="lg">
          Hello {user.name}. Pick a screen from the menu on the left to get started.
        </Text>
      </Stack>
    </Paper>
  );
}
