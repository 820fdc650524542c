import { Alert, Anchor, Box, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import type { AgentAnalytics } from '@parley/contracts/agents';
import { useAgentAnalytics } from '../api/get-agent-analytics';
import { useAgentDetails } from './agent-details-context';

export type AnalyticsFrameKind = 'conversation' | 'call-classification' | 'sentiment';

const frames: Record<AnalyticsFrameKind, { title: string; about: string; url: (a: AgentAnalytics) => string | null }> =
  {
    conversation: {
      title: 'Conversation Analytics',
      about: 'The conversation designer analytics of this agent.',
      url: (analytics) => analytics.conversationUrl,
    },
    'call-classification': {
      title: 'Call Classification Analytics',
      about: 'How calls of your enterprise are classified.',
      url: (analytics) => analytics.callClassificationUrl,
    },
    sentiment: {
      title: 'Sentiment Analytics',
      about: 'Sentiment and emotions of the conversations with this agent.',
      url: (analytics) => analytics.sentimentUrl,
    },
  };

/**
 * The Designer, Call Classification and Sentiment tabs (agents.md §2.2): the analytics service's page
 * in a full-size frame, at the address the server builds from PARLEY_ANALYTICS_URL and the enterprise id.
 */
export default function AnalyticsFrameTab({ kind }: { kind: AnalyticsFrameKind }) {
  const { agent } = useAgentDetails();
  const analytics = useAgentAnalytics(agent.id);
  const frame = frames[kind];

  if (analytics.isPending) return <Skeleton h={480} radius="md" aria-label={`Loading ${frame.title}`} />;
  if (analytics.isError)
    return (
      <Alert color="red" variant="light" role="alert" title={`${frame.title} could not be loaded`}>
        {analytics.error.message}
      </Alert>
    );

  const url = frame.url(analytics.data);
  if (!analytics.data.configured || !url)
    return (
      <Paper withBorder radius="md" p="xl">
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} title={frame.title} maw={720}>
          <Stack gap={6}>
            <Text size="sm">{analytics.data.hint}</Text>
            <Text size="sm" c="dimmed">
              {frame.about} Once set, this tab shows the analytics page for this agent.
            </Text>
          </Stack>
        </Alert>
      </Paper>
    );

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {frame.about}
        </Text>
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} wrap="nowrap">
            Open in a new tab <IconExternalLink size={14} />
          </Group>
        </Anchor>
      </Group>
      <Box
        component="iframe"
        src={url}
        title={frame.title}
        referrerPolicy="no-referrer"
        style={{
          width: '100%',
          height: 'calc(100vh - 300px)',
          minHeight: 480,
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
        }}
      />
    </Stack>
  );
}
