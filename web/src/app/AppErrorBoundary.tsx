import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { messages } from '@parley/contracts/messages';

interface State {
  failed: boolean;
}

/** Last resort when a page fails to load or render (for example a stale chunk after an upgrade). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" gap="sm" maw={420} ta="center">
          <Text component="h1" fz={24} fw={650} m={0}>
            {messages.somethingWentWrong}
          </Text>
          <Text c="dimmed">The page could not be shown. Reloading usually fixes this.</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Center>
    );
  }
}
