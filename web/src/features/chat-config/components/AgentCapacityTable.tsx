import { useState } from 'react';
import { ActionIcon, Badge, Group, NumberInput, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { conversationLimits, type ChatAgent } from '@parley/contracts/conversations';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { useChatAgents } from '../api/get-chat-agents';
import { useSetAgentCapacity } from '../api/set-agent-capacity';

const statusColor: Record<ChatAgent['status'], string> = { online: 'teal', away: 'yellow', offline: 'gray' };
const statusLabel: Record<ChatAgent['status'], string> = { online: 'Online', away: 'Away', offline: 'Offline' };

export const capacitySavedText = (name: string, capacity: number) =>
  `${name} now takes up to ${capacity} ${capacity === 1 ? 'chat' : 'chats'} at once`;

function capacityError(value: number | string): string | undefined {
  const number = typeof value === 'number' ? value : value === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(number) || number < 0 || number > conversationLimits.capacityMax)
    return `Enter a number from 0 to ${conversationLimits.capacityMax}`;
  return undefined;
}

/** One agent's row: the capacity is edited in place and saved with its own button (or Enter). */
function AgentRow({ agent }: { agent: ChatAgent }) {
  const [value, setValue] = useState<number | string>(agent.capacity);
  const [error, setError] = useState<string | undefined>();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const save = useSetAgentCapacity();
  const changed = Number(value) !== agent.capacity || value === '';

  const handleSave = () => {
    const invalid = capacityError(value);
    setError(invalid);
    if (invalid || !changed) return;
    const capacity = Number(value);
    save.mutate(
      { userId: agent.userId, capacity },
      {
        onSuccess: (saved) => {
          setValue(saved.capacity);
          setSavedAt(Date.now());
          showToast(capacitySavedText(saved.name, saved.capacity), { tone: 'success' });
        },
        onError: (failure) =>
          setError((failure instanceof ApiError && failure.fieldErrors?.capacity) || describeFailure(failure)),
      },
    );
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {agent.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {agent.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={statusColor[agent.status]} variant="light" radius="sm">
          {statusLabel[agent.status]}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{agent.openChats}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <NumberInput
            aria-label={`Capacity of ${agent.name}`}
            w={90}
            min={0}
            max={conversationLimits.capacityMax}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={value}
            error={error}
            onChange={(next) => {
              setValue(next);
              setError(undefined);
              setSavedAt(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                handleSave();
              }
            }}
          />
          <Tooltip label={`Save the capacity of ${agent.name}`} withArrow>
            <ActionIcon
              variant={changed ? 'filled' : 'default'}
              size={36}
              aria-label={`Save the capacity of ${agent.name}`}
              loading={save.isPending}
              disabled={!changed}
              onClick={handleSave}
            >
              <IconDeviceFloppy size={16} />
            </ActionIcon>
          </Tooltip>
          {savedAt !== null && !changed ? (
            <Group gap={2} c="teal.8" mt={9} wrap="nowrap" role="status">
              <IconCheck size={14} aria-hidden />
              <Text size="xs" c="teal.8">
                Saved
              </Text>
            </Group>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The users who handle chats: status, open chats, and how many chats each takes at once. */
export function AgentCapacityTable() {
  const agents = useChatAgents();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Capacity is how many open chats an agent takes at once (0 to {conversationLimits.capacityMax}).
      </Text>
      <DataTable
        label="Agents who handle chats"
        minWidth={760}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'email', header: 'Email' },
          { key: 'status', header: 'Status' },
          { key: 'open', header: 'Open chats', ta: 'right', w: 110 },
          { key: 'capacity', header: 'Capacity', w: 230 },
        ]}
        rows={agents.data}
        loading={agents.isPending}
        empty="No agent handles chats yet: give users the Handle Chats permission"
        error={loadError(agents, 'The agents could not be loaded')}
        renderRow={(agent) => <AgentRow key={agent.userId} agent={agent} />}
      />
    </Stack>
  );
}
