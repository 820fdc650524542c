import { Alert } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ChannelTestResult } from '@parley/contracts/channels';

/** The answer of 'Test connection': green when the vendor accepted the stored credentials, red otherwise. */
export function ConnectionResult({ result }: { result: ChannelTestResult }) {
  return (
    <Alert
      role="status"
      variant="light"
      color={result.ok ? 'teal' : 'red'}
      icon={result.ok ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
      title={result.ok ? 'Connection works' : 'Connection failed'}
      data-ok={result.ok}
      p="xs"
    >
      {result.message}
    </Alert>
  );
}
