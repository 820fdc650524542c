import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { broadcastMessages } from '@parley/contracts/broadcasts';
import { describeFailure } from '../../../lib/failure-message';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useAddBlacklistNumbers } from '../api/add-blacklist-numbers';
import type { BlacklistResult } from '../api/import-blacklist';
import { BlacklistResultSummary } from './BlacklistResultSummary';

/** Numbers separated by commas or new lines, trimmed, empties dropped. */
export function splitNumbers(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Add numbers to the blacklist: typed or pasted, with a reason; lists back the lines that are not numbers. */
export function AddNumbersDialog({ onClose }: { onClose: () => void }) {
  const [numbers, setNumbers] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<BlacklistResult | null>(null);
  const add = useAddBlacklistNumbers();

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const phoneNumbers = splitNumbers(numbers);
    if (phoneNumbers.length === 0) {
      setError(broadcastMessages.mandatory);
      return;
    }
    setError(null);
    add.mutate(
      { phoneNumbers, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          setResult(answer);
          // Keep only what was refused, to fix and add again.
          setNumbers(answer.invalid.map((line) => line.value).join('\n'));
        },
        onError: (failed) => setFailure(describeFailure(failed)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Add Numbers" size="lg" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Mobile Numbers"
            description="With country code, separated by commas or new lines"
            placeholder={'+919876543210, +14155550123'}
            rows={5}
            resize="vertical"
            value={numbers}
            error={error}
            required
            data-autofocus
            onChange={(event) => setNumbers(event.currentTarget.value)}
          />
          <TextInput
            label="Reason"
            placeholder="e.g. Asked not to be contacted"
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {result ? <BlacklistResultSummary result={result} /> : null}
          <FormErrorAlert message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {result ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
