import { useState } from 'react';
import { Badge, Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { conversationLimits, conversationMessages, type ChatAgent } from '@parley/contracts/conversations';
import { useChatAgents } from '../api/get-chat-agents';

export type AgentPickerPurpose = 'transfer' | 'invite' | 'assign';

const titles: Record<AgentPickerPurpose, string> = {
  transfer: 'Transfer chat',
  invite: 'Invite an agent',
  assign: 'Assign chat',
};
const confirmLabels: Record<AgentPickerPurpose, string> = { transfer: 'Transfer', invite: 'Invite', assign: 'Assign' };
const statusColors: Record<ChatAgent['status'], string> = { online: 'teal', away: 'yellow', offline: 'gray' };

export interface AgentPick {
  userId?: string;
  departmentId?: string;
  note: string;
}

interface AgentPickerDialogProps {
  purpose: AgentPickerPurpose | null;
  /** The caller and the chat's participants are not offered. */
  excludeUserIds: string[];
  loading: boolean;
  onSubmit: (pick: AgentPick) => void;
  onClose: () => void;
}

function agentLabel(agent: ChatAgent): string {
  return `${agent.name} · ${agent.status} · ${agent.openChats}/${agent.capacity}`;
}

/** Chooses who takes the chat: an agent (status, open chats / capacity shown), or for a transfer a department. */
export function AgentPickerDialog({ purpose, excludeUserIds, loading, onSubmit, onClose }: AgentPickerDialogProps) {
  const agents = useChatAgents(purpose !== null);
  const [target, setTarget] = useState<'agent' | 'department'>('agent');
  const [userId, setUserId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setTarget('agent');
    setUserId(null);
    setDepartmentId(null);
    setNote('');
    setError(null);
  };
  const handleClose = () => {
    reset();
    onClose();
  };

  const offered = (agents.data?.agents ?? []).filter((agent) => !excludeUserIds.includes(agent.userId));
  const byId = new Map(offered.map((agent) => [agent.userId, agent]));
  const byDepartment = target === 'department' && purpose === 'transfer';

  const handleSubmit = () => {
    if (byDepartment ? !departmentId : !userId) {
      setError(purpose === 'transfer' ? conversationMessages.transferTarget : 'Choose an agent');
      return;
    }
    onSubmit(
      byDepartment ? { departmentId: departmentId!, note: note.trim() } : { userId: userId!, note: note.trim() },
    );
  };

  return (
    <Modal opened={purpose !== null} onClose={handleClose} title={purpose ? titles[purpose] : ''} centered>
      <Stack gap="sm">
        {purpose === 'transfer' ? (
          <SegmentedControl
            value={target}
            onChange={(value) => {
              setTarget(value as 'agent' | 'department');
              setError(null);
            }}
            data={[
              { value: 'agent', label: 'To an Agent' },
              { value: 'department', label: 'To a Department' },
            ]}
            aria-label="Transfer to"
          />
        ) : null}
        {byDepartment ? (
          <Select
            label="Department"
            placeholder="Choose a department"
            data={(agents.data?.departments ?? []).map((department) => ({
              value: department.id,
              label: department.name,
            }))}
            value={departmentId}
            onChange={(value) => {
              setDepartmentId(value);
              setError(null);
            }}
            error={error}
            searchable
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Select
            label="Agent"
            placeholder={agents.isPending ? 'Loading agents…' : 'Choose an agent'}
            data={offered.map((agent) => ({ value: agent.userId, label: agentLabel(agent) }))}
            value={userId}
            onChange={(value) => {
              setUserId(value);
              setError(null);
            }}
            error={error}
            searchable
            nothingFoundMessage="No agent"
            data-autofocus
            comboboxProps={{ withinPortal: true }}
            renderOption={({ option }) => {
              const agent = byId.get(option.value);
              if (!agent) return option.label;
              const full = agent.openChats >= agent.capacity;
              return (
                <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
                  <Text size="sm">{agent.name}</Text>
                  <Group gap={4} wrap="nowrap">
                    <Badge size="xs" variant="light" color={statusColors[agent.status]}>
                      {agent.status}
                    </Badge>
                    <Text size="xs" c={full ? 'red.8' : 'dimmed'}>
                      {agent.openChats}/{agent.capacity}
                    </Text>
                  </Group>
                </Group>
              );
            }}
          />
        )}
        {purpose === 'transfer' ? (
          <Textarea
            label="Note"
            description="What the next agent should know"
            maxLength={conversationLimits.noteMax}
            autosize
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose} disabled={loading}>
            Cancel
          </Button>
          <Button onClick={handleSubmit} loading={loading}>
            {purpose ? confirmLabels[purpose] : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
