import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The NLP Report tab: the report is its own page (agents.md §2.10), reached from here. */
export default function NlpReportLinkTab() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="flex-start" gap="sm" maw={620}>
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <IconChartBar size={24} stroke={1.7} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          NLP Report
        </Title>
        <Text size="sm" c="dimmed">
          Conversations, scope trend, active users, top intents and every user message with the intent it was matched to
          are on the NLP Report page, where you can pick this agent and a date range.
        </Text>
        <Button component={Link} to="/nlp-report/overview" variant="light">
          Open NLP Report
        </Button>
      </Stack>
    </Paper>
  );
}
