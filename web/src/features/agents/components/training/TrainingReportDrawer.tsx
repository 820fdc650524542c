import {
  Alert,
  Badge,
  Center,
  Drawer,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconCopy, IconArrowsExchange } from '@tabler/icons-react';
import type { TrainingReport, TrainingState } from '@parley/contracts/nlu';
import { describeFailure } from '../../../../lib/failure-message';
import { useTrainingState } from '../../api/get-training-state';
import { formatAgentDate } from '../agent-dates';
import { confusionSentence, formatPercent, formatScore, formatSeconds, scoreColor } from './report-format';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={22} lh={1.3}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function Section({ title, icon, children }: { title: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group gap={6}>
        {icon}
        <Title order={3} fz="sm">
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  );
}

function ScoreCell({ value }: { value: number | null }) {
  return (
    <Table.Td ta="right">
      <Text size="sm" fw={500} c={value === null ? 'dimmed' : scoreColor(value)}>
        {formatScore(value)}
      </Text>
    </Table.Td>
  );
}

function PerIntentTable({ report }: { report: TrainingReport }) {
  // The weakest intents first: they are the ones to fix.
  const rows = [...report.perIntent].sort((a, b) => (a.f1 ?? -1) - (b.f1 ?? -1) || a.intent.localeCompare(b.intent));
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped highlightOnHover verticalSpacing={6} aria-label="Per-intent figures">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Intent</Table.Th>
            <Table.Th ta="right">Phrases</Table.Th>
            <Table.Th ta="right">Precision</Table.Th>
            <Table.Th ta="right">Recall</Table.Th>
            <Table.Th ta="right">F1</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.intent}>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.intent}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{row.phrases}</Text>
              </Table.Td>
              <ScoreCell value={row.precision} />
              <ScoreCell value={row.recall} />
              <ScoreCell value={row.f1} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReportBody({ report }: { report: TrainingReport }) {
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Trained {formatAgentDate(report.trainedAt)} with the {report.modelType} model on {report.intents} intents and{' '}
        {report.phrases} training phrases in {formatSeconds(report.trainingSeconds)} s.
      </Text>
      <SimpleGrid cols={3} spacing="sm">
        <Figure
          label="Cross-Validated Accuracy"
          value={formatPercent(report.accuracy)}
          hint={report.folds > 1 ? `${report.folds}-fold` : 'Not enough phrases'}
        />
        <Figure label="Intents" value={String(report.intents)} />
        <Figure label="Training Phrases" value={String(report.phrases)} />
      </SimpleGrid>

      {report.warnings.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Warnings">
          <List size="sm" spacing={2}>
            {report.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      <Section title="Per Intent" icon={<IconChartBar size={16} aria-hidden />}>
        <Text size="xs" c="dimmed">
          How often each intent is recognised when its phrases are held out (precision: answers for it that were right;
          recall: its phrases that were found). Weakest first.
        </Text>
        {report.perIntent.length === 0 ? (
          <Text size="sm" c="dimmed">
            No intent had enough phrases to measure.
          </Text>
        ) : (
          <PerIntentTable report={report} />
        )}
      </Section>

      <Section title="Most Confused Intents" icon={<IconArrowsExchange size={16} aria-hidden />}>
        {report.confusedPairs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No intent was taken for another one.
          </Text>
        ) : (
          <Stack gap="xs">
            {report.confusedPairs.map((pair) => (
              <Paper key={`${pair.intent}>${pair.predictedAs}`} withBorder radius="sm" p="sm">
                <Text size="sm" fw={500}>
                  {confusionSentence(pair.intent, pair.predictedAs, pair.count)}
                  {pair.examples.length > 0 ? ':' : ''}
                </Text>
                {pair.examples.length > 0 ? (
                  <List size="sm" c="dimmed" mt={4} spacing={2}>
                    {pair.examples.map((example) => (
                      <List.Item key={example}>“{example}”</List.Item>
                    ))}
                  </List>
                ) : null}
              </Paper>
            ))}
          </Stack>
        )}
      </Section>

      <Section title="Near-Duplicate Phrases Across Intents" icon={<IconCopy size={16} aria-hidden />}>
        {report.nearDuplicates.length === 0 ? (
          <Text size="sm" c="dimmed">
            No phrase sits in two intents.
          </Text>
        ) : (
          <Stack gap="xs">
            {report.nearDuplicates.map((pair) => (
              <Paper key={`${pair.phrase}|${pair.otherPhrase}`} withBorder radius="sm" p="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm">
                      “{pair.phrase}”{' '}
                      <Text span c="dimmed" size="xs">
                        in {pair.intent}
                      </Text>
                    </Text>
                    <Text size="sm">
                      “{pair.otherPhrase}”{' '}
                      <Text span c="dimmed" size="xs">
                        in {pair.otherIntent}
                      </Text>
                    </Text>
                  </Stack>
                  <Badge variant="light" color="orange" style={{ flex: 'none' }}>
                    {formatPercent(pair.similarity)} alike
                  </Badge>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}

function EmptyReport({ state }: { state: TrainingState }) {
  if (state.trainingStatus === 'training')
    return (
      <Center py="xl">
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Training Inprogress — the report appears when it finishes.
          </Text>
        </Stack>
      </Center>
    );
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={360}>
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconChartBar size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>No training report yet</Text>
        <Text size="sm" c="dimmed" ta="center">
          Press Train Agent. The report then shows how well each intent is recognised, which intents are confused and
          which phrases sit in two intents.
        </Text>
      </Stack>
    </Center>
  );
}

interface TrainingReportDrawerProps {
  agentId: string;
  opened: boolean;
  onClose: () => void;
}

/** The last training's cross-validation figures, confusions and near-duplicates (issue 5 §9). */
export function TrainingReportDrawer({ agentId, opened, onClose }: TrainingReportDrawerProps) {
  const state = useTrainingState(agentId, { enabled: opened, poll: opened });
  const data = state.data;

  let body: React.ReactNode;
  if (state.isPending)
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading training report">
        <Skeleton height={16} width="80%" />
        <SimpleGrid cols={3} spacing="sm">
          <Skeleton height={70} />
          <Skeleton height={70} />
          <Skeleton height={70} />
        </SimpleGrid>
        {Array.from({ length: 5 }, (_item, index) => (
          <Skeleton key={index} height={24} />
        ))}
      </Stack>
    );
  else if (state.isError)
    body = (
      <QueryErrorAlert
        title="The training report could not be loaded"
        message={describeFailure(state.error)}
        onRetry={() => void state.refetch()}
      />
    );
  else if (data)
    body = (
      <Stack gap="md">
        {data.trainingStatus === 'failed' && data.trainingMessage ? (
          <Alert color="red" variant="light" title="The last training failed" icon={<IconAlertTriangle size={18} />}>
            <Text size="sm">{data.trainingMessage}</Text>
            {data.report ? (
              <Text size="xs" mt={4}>
                The report below is from the training before it; that model still answers.
              </Text>
            ) : null}
          </Alert>
        ) : null}
        {data.trainingStatus === 'training' && data.report ? (
          <Alert color="blue" variant="light" icon={<Loader size={16} />}>
            <Text size="sm">Training Inprogress — this is the report of the current model.</Text>
          </Alert>
        ) : null}
        {data.report ? <ReportBody report={data.report} /> : <EmptyReport state={data} />}
      </Stack>
    );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title="Training Report"
      closeButtonProps={{ 'aria-label': 'Close training report' }}
    >
      {body}
    </Drawer>
  );
}
