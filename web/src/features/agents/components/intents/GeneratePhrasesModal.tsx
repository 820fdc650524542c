import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Spoiler,
  Stack,
  Text,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { nluLimits } from '@parley/contracts/nlu';
import { ApiError } from '../../../../lib/api-client';
import { describeFailure } from '../../../../lib/failure-message';
import { useGeneratePhrases } from '../../api/generate-phrases';

type Count = (typeof nluLimits.generateCounts)[number];

interface GeneratePhrasesModalProps {
  opened: boolean;
  agentId: string;
  /** The stored intent's name (candidates the model gives to another intent are dropped); null when new. */
  intentName: string | null;
  /** The selected phrases the candidates are written from. */
  lines: string[];
  /** Every phrase already in the editor (duplicates are dropped). */
  existing: string[];
  onAdd: (phrases: string[]) => void;
  onClose: () => void;
}

function failureText(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.fieldErrors ?? {})[0] ?? error.message;
  return describeFailure(error);
}

/**
 * Auto generate (agents.md §5, §9): 10 or 5 candidates from the selected phrases, through the
 * agent's GenAI configuration or the offline generator; the operator ticks the ones to add.
 */
export function GeneratePhrasesModal({
  opened,
  agentId,
  intentName,
  lines,
  existing,
  onAdd,
  onClose,
}: GeneratePhrasesModalProps) {
  const generate = useGeneratePhrases(agentId);
  const [count, setCount] = useState<Count>(10);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const result = generate.data ?? null;
  const failure = generate.error ? failureText(generate.error) : null;

  const run = (howMany: Count) => {
    setPicked(new Set());
    generate.mutate({ lines, num_return_sequences: howMany, intentName, existing });
  };

  // The modal is mounted afresh for each opening (its key) and generates once, with 10.
  useEffect(() => {
    if (opened) generate.mutate({ lines, num_return_sequences: 10, intentName, existing });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const candidates = result?.paraphrases ?? [];
  const allPicked = candidates.length > 0 && candidates.every((phrase) => picked.has(phrase));
  const somePicked = candidates.some((phrase) => picked.has(phrase));

  const toggle = (phrase: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(phrase);
      else next.delete(phrase);
      return next;
    });

  const handleAdd = () => {
    onAdd(candidates.filter((phrase) => picked.has(phrase)));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Auto Generate Training Phrases"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close auto generate' }}
    >
      <Stack gap="md">
        <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)">
          <Text size="xs" c="dimmed" mb={4}>
            From {lines.length} selected {lines.length === 1 ? 'phrase' : 'phrases'}
          </Text>
          <Spoiler maxHeight={66} showLabel="Show all" hideLabel="Show less">
            <Stack gap={2}>
              {lines.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Stack>
          </Spoiler>
        </Paper>

        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="generate-count-label">
              How Many Phrases
            </Text>
            <SegmentedControl
              aria-labelledby="generate-count-label"
              size="xs"
              value={String(count)}
              disabled={generate.isPending}
              data={nluLimits.generateCounts.map((value) => ({ value: String(value), label: String(value) }))}
              onChange={(value) => {
                const next = Number(value) as Count;
                setCount(next);
                run(next);
              }}
            />
          </Stack>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => run(count)}
            disabled={generate.isPending}
          >
            Generate Again
          </Button>
        </Group>

        {generate.isPending ? (
          <Group justify="center" gap="sm" py="xl" role="status">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Generating phrases…
            </Text>
          </Group>
        ) : failure ? (
          <Alert color="red" variant="light" role="alert" title="No phrases were generated">
            <Text size="sm">{failure}</Text>
          </Alert>
        ) : result ? (
          <Stack gap="xs">
            <Group justify="space-between">
              <Checkbox
                label={`Select All (${candidates.length})`}
                checked={allPicked}
                indeterminate={somePicked && !allPicked}
                disabled={candidates.length === 0}
                onChange={(event) => setPicked(event.currentTarget.checked ? new Set(candidates) : new Set())}
              />
              <Badge variant="light" color={result.generator === 'genai' ? 'violet' : 'gray'} tt="none">
                {result.generator === 'genai' ? 'Written by the GenAI configuration' : 'Offline generator'}
              </Badge>
            </Group>
            {candidates.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="md">
                No new phrases — every candidate repeated a phrase or belonged to another intent. Select other phrases
                and try again.
              </Text>
            ) : (
              <Paper withBorder radius="sm" role="group" aria-label="Generated phrases">
                {candidates.map((phrase, index) => (
                  <Checkbox
                    key={phrase}
                    label={phrase}
                    checked={picked.has(phrase)}
                    onChange={(event) => toggle(phrase, event.currentTarget.checked)}
                    px="sm"
                    py={8}
                    style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                  />
                ))}
              </Paper>
            )}
            {result.dropped > 0 ? (
              <Text size="xs" c="dimmed">
                {result.dropped} {result.dropped === 1 ? 'candidate was' : 'candidates were'} left out: a duplicate of a
                phrase, or closer to another intent.
              </Text>
            ) : null}
          </Stack>
        ) : null}

        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {picked.size > 0 ? `${picked.size} selected` : 'Tick the phrases to add to the intent'}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={handleAdd} disabled={picked.size === 0}>
              Add Selected
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
