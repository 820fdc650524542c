import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Center, Stack, Text, Title } from '@mantine/core';

/** The channel the WhatsApp onboarding window listens on for the partner's redirect. */
export const DIALOG360_CHANNEL = 'dialog360-redirect';

/**
 * dialog360-redirect (platform §2.1): relays its query parameters to the console window that
 * opened it, over a broadcast channel, and thanks the user.
 */
export default function Dialog360RedirectRoute() {
  const [searchParams] = useSearchParams();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(DIALOG360_CHANNEL);
    channel.postMessage(Object.fromEntries(searchParams.entries()));
    channel.close();
  }, [searchParams]);
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={1}>Thank you</Title>
        <Text c="dimmed">You can close this window and return to the console.</Text>
      </Stack>
    </Center>
  );
}
