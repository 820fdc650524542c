import { Center, Loader } from '@mantine/core';

/** Shown while a route's code or its first data loads. */
export function PageLoader({ fullScreen = false, label = 'Loading' }: { fullScreen?: boolean; label?: string }) {
  return (
    <Center h={fullScreen ? '100vh' : 240} role="status" aria-live="polite">
      <Loader size="md" role="progressbar" aria-label={label} />
    </Center>
  );
}
