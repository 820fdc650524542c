import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';

export const RECOVERY_CODES_FILE = 'parley-recovery-codes.txt';

/** The recovery codes, shown once: copy or download them, then close. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Stack gap="sm" maw={460}>
      <Alert color="yellow" variant="light" title="Save your recovery codes">
        If you lose your authenticator app, sign in with one of these codes instead of a security code. Each code works
        once. They are shown only now.
      </Alert>
      <SimpleGrid
        cols={2}
        spacing={6}
        data-testid="recovery-codes"
        p="sm"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        {codes.map((code) => (
          <Text key={code} ff="monospace" size="sm">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={<IconCopy size={14} aria-hidden="true" />} onClick={copy}>
              {copied ? 'Copied' : 'Copy Codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" leftSection={<IconDownload size={14} aria-hidden="true" />} onClick={handleDownload}>
          Download
        </Button>
        <Button onClick={onDone}>I Have Saved Them</Button>
      </Group>
    </Stack>
  );
}
