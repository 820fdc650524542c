import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconMessageCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { agentMessages } from '@parley/contracts/agents';
import { TrainingStatusBadge } from './AgentCard';
import { useAgentDetails } from './agent-details-context';
import { TrainingReportDrawer } from './training/TrainingReportDrawer';
import { useTrainFlow } from './training/use-train-flow';

interface AgentHeaderProps {
  tryItOpen: boolean;
  onToggleTryIt: () => void;
}

/** Back, the agent's name and status, Train Agent and Try it (agents.md §2.2, §4). */
export function AgentHeader({ tryItOpen, onToggleTryIt }: AgentHeaderProps) {
  const { agent } = useAgentDetails();
  const navigate = useNavigate();
  const train = useTrainFlow(agent);
  const [reportOpen, setReportOpen] = useState(false);
  const nlp = agent.type !== 'prompt';

  // An editor with unsaved changes asks Save / Discard / Stay before the page changes.
  const handleBack = () => void navigate('/bots');

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Tooltip label="Back to agents" openDelay={400}>
            <ActionIcon variant="default" size="lg" aria-label="Back to agents" onClick={handleBack}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Title order={1} fz={22} lineClamp={1} title={agent.name}>
                {agent.name}
              </Title>
              <Badge variant="outline" color="gray" radius="sm" style={{ flex: 'none' }}>
                {agent.type.toUpperCase()}
              </Badge>
              {train.status === 'failed' && agent.trainingMessage ? (
                <Tooltip label={agent.trainingMessage} multiline maw={360} withArrow>
                  <span tabIndex={0} aria-label={`Training Failed: ${agent.trainingMessage}`}>
                    <TrainingStatusBadge status={train.status} />
                  </span>
                </Tooltip>
              ) : (
                <TrainingStatusBadge status={train.status} />
              )}
            </Group>
            {agent.description ? (
              <Text size="sm" c="dimmed" lineClamp={1} title={agent.description}>
                {agent.description}
              </Text>
            ) : null}
          </div>
        </Group>
        <Group gap="sm">
          {nlp ? (
            <Button variant="default" leftSection={<IconChartBar size={16} />} onClick={() => setReportOpen(true)}>
              Training Report
            </Button>
          ) : null}
          <Button variant="light" leftSection={<IconPlayerPlay size={16} />} loading={train.busy} onClick={train.start}>
            Train Agent
          </Button>
          <Button
            variant={tryItOpen ? 'filled' : 'default'}
            leftSection={<IconMessageCircle size={16} />}
            aria-pressed={tryItOpen}
            onClick={onToggleTryIt}
          >
            Try it
          </Button>
        </Group>
      </Group>
      {train.busy ? (
        <Alert color="yellow" variant="light" role="status" py="xs">
          <Group gap="sm" wrap="nowrap">
            <Loader size="xs" color="yellow" aria-hidden />
            <div>
              <Text size="sm">{agentMessages.trainWait}</Text>
              {train.startMessage ? (
                <Text size="xs" c="dimmed">
                  {train.startMessage}
                </Text>
              ) : null}
            </div>
          </Group>
        </Alert>
      ) : null}
      {nlp ? (
        <TrainingReportDrawer agentId={agent.id} opened={reportOpen} onClose={() => setReportOpen(false)} />
      ) : null}
    </Stack>
  );
}
