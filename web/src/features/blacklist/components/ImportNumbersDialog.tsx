import { useState } from 'react';
import { Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { describeFailure } from '../../../lib/failure-message';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useImportBlacklist, type BlacklistResult } from '../api/import-blacklist';
import { BlacklistResultSummary } from './BlacklistResultSummary';

/** The spec's upload message for a file that is not CSV (engagement.md §8). */
export const INVALID_FILE = 'Invalid File Format !';

/** Import numbers from a CSV file: one per line, or a column named phoneNumber, phone or mobile. */
export function ImportNumbersDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<BlacklistResult | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const upload = useImportBlacklist();

  const handleFile = (chosen: File | null) => {
    setResult(null);
    setImported(null);
    setFailure(null);
    if (chosen && !/\.csv$/i.test(chosen.name)) {
      setFile(null);
      setFailure(INVALID_FILE);
      return;
    }
    setFile(chosen);
  };

  const handleImport = () => {
    if (!file) return;
    setFailure(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer);
        setImported(file.name);
        setFile(null);
      },
      onError: (failed) => setFailure(describeFailure(failed)),
    });
  };

  return (
    <Modal opened onClose={onClose} title="Import Numbers" size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A CSV file with one number per line, or a header row with a column named phoneNumber, phone or mobile. Numbers
          need their country code.
        </Text>
        <Group gap="sm">
          <FileButton onChange={handleFile} accept=".csv,text/csv">
            {(props) => (
              <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} {...props}>
                Choose CSV File
              </Button>
            )}
          </FileButton>
          <Text size="sm" c={file || imported ? undefined : 'dimmed'} style={{ wordBreak: 'break-all' }}>
            {file ? file.name : imported ? `${imported} imported` : 'No file chosen'}
          </Text>
        </Group>
        {result ? <BlacklistResultSummary result={result} /> : null}
        <FormErrorAlert message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={handleImport} disabled={!file} loading={upload.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
