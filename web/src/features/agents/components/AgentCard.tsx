import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDotsVertical, IconMessageChatbot, IconPencil, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { trainingStatusLabels, type AgentSummary, type TrainingStatus } from '@parley/contracts/agents';
import { agentQueryOptions } from '../api/get-agent';
import { formatAgentDate } from './agent-dates';

export const statusColors: Record<TrainingStatus, string> = {
  not_trained: 'gray',
  training: 'blue',
  trained: 'teal',
  failed: 'red',
};

/** Where an agent opens (agents.md §2.1): prompt agents on their prompt, the others on the details. */
export function agentPath(agent: Pick<AgentSummary, 'id' | 'type'>): string {
  return agent.type === 'prompt' ? `/bots/${agent.id}/prompt` : `/bots/${agent.id}`;
}

/** The training status; a failed one carries its reason as the badge's title. */
export function TrainingStatusBadge({ status, reason }: { status: TrainingStatus; reason?: string | null }) {
  return (
    <Badge
      color={statusColors[status]}
      variant="light"
      radius="sm"
      tt="none"
      title={status === 'failed' && reason ? reason : undefined}
    >
      {trainingStatusLabels[status]}
    </Badge>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" fw={500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

interface AgentCardProps {
  agent: AgentSummary;
  onEdit: (agent: AgentSummary) => void;
  onDelete: (agent: AgentSummary) => void;
}

/** One agent on the list: name, dates, type, training status and its Edit/Delete menu. */
export function AgentCard({ agent, onEdit, onDelete }: AgentCardProps) {
  const prompt = agent.type === 'prompt';
  const queryClient = useQueryClient();
  // The details page opens with the agent already on its way.
  const prefetch = () => void queryClient.prefetchQuery(agentQueryOptions(agent.id));
  return (
    <Card withBorder radius="md" padding="md" className="agent-card" component="article" aria-label={agent.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={38} radius="md" variant="light" color={prompt ? 'violet' : 'blue'} aria-hidden>
            {prompt ? <IconSparkles size={20} stroke={1.7} /> : <IconMessageChatbot size={20} stroke={1.7} />}
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Link to={agentPath(agent)} className="agent-card-link" onMouseEnter={prefetch} onFocus={prefetch}>
              <Text fw={600} size="md" lineClamp={2} title={agent.name} style={{ overflowWrap: 'anywhere' }}>
                {agent.name}
              </Text>
            </Link>
            <Text size="xs" c="dimmed" lineClamp={1} title={agent.description}>
              {agent.description || 'No description'}
            </Text>
          </div>
        </Group>
        <Menu position="bottom-end" withinPortal shadow="md" width={150}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label="Agent actions" className="agent-card-menu">
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(agent)}>
              Edit
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(agent)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Stack gap={6} mt="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Fact label="Created On" value={formatAgentDate(agent.createdAt)} />
        <Fact label="Updated On" value={formatAgentDate(agent.updatedAt)} />
        <Fact label="Agent Type" value={(agent.type || 'nlp').toUpperCase()} />
      </Stack>
      <Group mt="sm" justify="flex-start">
        <TrainingStatusBadge status={agent.trainingStatus} reason={agent.trainingMessage} />
      </Group>
    </Card>
  );
}
