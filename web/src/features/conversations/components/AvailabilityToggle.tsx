import { SegmentedControl, Skeleton } from '@mantine/core';
import type { AgentSelf } from '@parley/contracts/conversations';
import { useSetAgentStatus } from '../api/set-agent-status';

const options: { value: AgentSelf['agentStatus']; label: string }[] = [
  { value: 'online', label: 'Online' },
  { value: 'away', label: 'Away' },
  { value: 'offline', label: 'Offline' },
];

/** The agent's availability: only online agents are offered new chats (update_agent_status). */
export function AvailabilityToggle({ status }: { status: AgentSelf['agentStatus'] | undefined }) {
  const setStatus = useSetAgentStatus();
  const value = setStatus.isPending ? setStatus.variables : status;
  // Until the status is known a placeholder holds the place (a greyed-out control would read as off).
  if (value === undefined) return <Skeleton height={26} width={170} radius="sm" aria-hidden />;
  return (
    <SegmentedControl
      size="xs"
      aria-label="Availability"
      value={value}
      onChange={(next) => setStatus.mutate(next as AgentSelf['agentStatus'])}
      data={options}
      color={value === 'online' ? 'teal' : value === 'away' ? 'yellow' : 'gray'}
    />
  );
}
