import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconMessageCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { agentMessages } from '@parley/contracts/agents';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { useTrainAgent } from '../api/train-agent';
import { TrainingStatusBadge } from './AgentCard';
import { useAgentDetails } from './agent-details-context';

interface AgentHeaderProps {
  tryItOpen: boolean;
  onToggleTryIt: () => void;
}

/** Back, the agent's name and status, Train Agent and Try it (agents.md §2.2, §4). */
export function AgentHeader({ tryItOpen, onToggleTryIt }: AgentHeaderProps) {
  const { agent, unsaved } = useAgentDetails();
  const navigate = useNavigate();
  const train = useTrainAgent();

  const handleBack = () => {
    // Back is blocked while a tab has unsaved changes.
    if (unsaved) {
      showToast(agentMessages.unsavedBack, { tone: 'error', id: 'agent-unsaved-back' });
      return;
    }
    void navigate('/bots');
  };

  const handleTrain = () =>
    train.mutate(agent.id, {
      onSuccess: (result) =>
        showToast(result.trainMessage, { tone: result.trainingStatus === 'failed' ? 'error' : 'info' }),
      onError: (failure) => showToast(describeFailure(failure), { tone: 'error' }),
    });

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
              <TrainingStatusBadge status={agent.trainingStatus} />
            </Group>
            {agent.description ? (
              <Text size="sm" c="dimmed" lineClamp={1} title={agent.description}>
                {agent.description}
              </Text>
            ) : null}
          </div>
        </Group>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlayerPlay size={16} />}
            loading={train.isPending}
            onClick={handleTrain}
          >
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
      {train.isPending ? (
        <Alert color="yellow" variant="light" role="status" py="xs">
          <Group gap="sm" wrap="nowrap">
            <Loader size="xs" color="yellow" aria-hidden />
            <Text size="sm">{agentMessages.trainWait}</Text>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
