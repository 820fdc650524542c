import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  List,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { knowledgeSourceUrl } from '@parley/contracts/agents';
import type {
  KnowledgeProgress,
  KnowledgeSource,
  KnowledgeSourceStatus,
  KnowledgeState,
} from '@parley/contracts/knowledge';
import { describeFailure } from '../../../../lib/failure-message';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { useKnowledgeProgress, useKnowledgeState } from '../../api/get-knowledge-state';
import { formatAgentDate } from '../agent-dates';
import { FileIcon } from './settings-icons';

const statusBadge: Record<KnowledgeSourceStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'gray' },
  indexing: { label: 'Reading', color: 'blue' },
  indexed: { label: 'Indexed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/** Pages read against pages known: the share the bar shows while a build runs. */
function share(state: KnowledgeState, progress: KnowledgeProgress | undefined): number {
  if (progress && progress.status === 'running' && progress.pagesTotal > 0)
    return Math.min(100, (progress.pagesDone / progress.pagesTotal) * 100);
  const total = state.sources.reduce((sum, source) => sum + (source.pagesTotal ?? 0), 0);
  const done = state.sources.reduce((sum, source) => sum + source.pagesDone, 0);
  return total > 0 ? Math.min(100, (done / total) * 100) : 0;
}

function SourceFailures({ source }: { source: KnowledgeSource }) {
  const [open, setOpen] = useState(false);
  if (source.failureCount === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        color="red"
        size="compact-xs"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
      >
        {source.failureCount === 1 ? '1 problem' : `${source.failureCount} problems`}
      </Button>
      <Collapse expanded={open} keepMounted={false}>
        <List size="xs" spacing={2} maw={360}>
          {source.failures.map((failure, index) => (
            <List.Item key={index}>
              {failure.url && failure.url !== source.id ? `${failure.url}: ` : ''}
              {failure.reason}
            </List.Item>
          ))}
          {source.failureCount > source.failures.length ? (
            <List.Item>and {source.failureCount - source.failures.length} more</List.Item>
          ) : null}
        </List>
      </Collapse>
    </Stack>
  );
}

/**
 * What the knowledge base holds and how its last build went (issue 20): a progress bar while Train
 * builds it, then every document and web page with its pages, passages and the problems met.
 */
export function KnowledgeIndexPanel({ agentId }: { agentId: string }) {
  const query = useKnowledgeState(agentId);
  const progress = useKnowledgeProgress(agentId);
  const state = query.data;

  if (query.isError && !state)
    return (
      <QueryErrorAlert
        title="The knowledge base's index could not be loaded"
        message={describeFailure(query.error)}
        onRetry={() => void query.refetch()}
      />
    );

  const running = progress?.status === 'running' || state?.status === 'running';
  const passages = running && progress ? progress.passages : (state?.passages ?? 0);
  return (
    <Paper withBorder radius="md" p="md" aria-label="Knowledge base index" component="section">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={3} fz="md">
            Indexed knowledge
          </Title>
          <Text size="sm" c="dimmed">
            What Train Agent read from the websites and documents, and what the agent answers from.
          </Text>
        </div>
        {state ? (
          <Badge variant="light" color={running ? 'blue' : state.status === 'failed' ? 'red' : 'gray'} size="lg">
            {passages === 1 ? '1 passage' : `${passages} passages`}
          </Badge>
        ) : null}
      </Group>

      {!state ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the index">
          <Skeleton h={14} w="60%" />
          <Skeleton h={48} />
        </Stack>
      ) : (
        <Stack gap="sm">
          {running ? (
            <Stack gap={4}>
              <Progress
                value={share(state, progress)}
                animated
                striped
                aria-label="Building the knowledge base"
                size="lg"
              />
              <Text size="sm" aria-live="polite">
                {progress
                  ? `Reading ${progress.current ?? 'the sources'}: ${progress.pagesDone} of ${progress.pagesTotal || '?'} pages, ${progress.sourcesDone} of ${progress.sources} sources done`
                  : 'Building the knowledge base…'}
              </Text>
            </Stack>
          ) : state.message ? (
            <Text size="sm" c={state.status === 'failed' ? 'red.8' : undefined} role="status">
              {state.message}
              {state.finishedAt ? ` (${formatAgentDate(state.finishedAt)})` : ''}
            </Text>
          ) : null}

          {state.sources.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing is indexed yet. Add websites or PDF documents above, press Update, then Train Agent.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" striped aria-label="Indexed sources">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Source</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Pages</Table.Th>
                    <Table.Th ta="right">Passages</Table.Th>
                    <Table.Th>Problems</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {state.sources.map((source) => (
                    <Table.Tr key={`${source.kind}:${source.id}`}>
                      <Table.Td maw={320}>
                        <Group gap={6} wrap="nowrap">
                          {source.kind === 'document' ? <FileIcon /> : null}
                          <Anchor
                            href={knowledgeSourceUrl(agentId, { kind: source.kind, id: source.id, page: null })}
                            target="_blank"
                            rel="noopener noreferrer"
                            size="sm"
                            truncate="end"
                            title={source.label}
                          >
                            {source.label}
                          </Anchor>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={statusBadge[source.status].color} variant="light">
                          {statusBadge[source.status].label}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        {source.pagesTotal === null ? source.pagesDone : `${source.pagesDone} / ${source.pagesTotal}`}
                      </Table.Td>
                      <Table.Td ta="right">{source.passages}</Table.Td>
                      <Table.Td>
                        <SourceFailures source={source} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Paper>
  );
}
