import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { endSession } from '../../lib/session-end';

/** The server could not be reached while checking the session: retry, or sign in again. */
export function ShellLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder radius="md" p="xl" maw={440}>
        <Stack gap="sm">
          <Title order={1} fz={20}>
            Your console could not be loaded
          </Title>
          <Text size="sm" c="dimmed" role="alert">
            {message}
          </Text>
          <Group mt="xs">
            <Button onClick={onRetry}>Try Again</Button>
            <Button variant="default" onClick={() => endSession('signedOut')}>
              Sign In Again
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
