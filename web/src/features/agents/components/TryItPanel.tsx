import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Box, CloseButton, Group, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import type { AgentDetails } from '@parley/contracts/agents';

/** One line of the test chat. 'bot' answers arrive with the NLU engine (next issue). */
export interface TryItMessage {
  id: string;
  from: 'user' | 'bot' | 'system';
  text: string;
}

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `try-it-${sequence}`;
};

/**
 * What answers a test message. Until the NLU engine lands nothing answers, and the panel says so
 * instead of inventing a reply; the engine's predictIntent call replaces this with the bot's answer.
 */
function answerFor(agent: AgentDetails): TryItMessage {
  return {
    id: nextId(),
    from: 'system',
    text:
      agent.type === 'prompt'
        ? 'Test answers arrive with the knowledge-base engine. Your message was not sent to the agent.'
        : 'Test answers arrive with the NLU engine. Your message was not sent to the agent.',
  };
}

function MessageBubble({ message }: { message: TryItMessage }) {
  if (message.from === 'system')
    return (
      <Group gap={6} wrap="nowrap" align="flex-start" px="xs" role="note">
        <IconInfoCircle size={16} color="var(--mantine-color-gray-6)" style={{ flex: 'none', marginTop: 2 }} />
        <Text size="xs" c="dimmed">
          {message.text}
        </Text>
      </Group>
    );
  const mine = message.from === 'user';
  return (
    <Box
      maw="85%"
      px="sm"
      py={6}
      style={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        background: mine ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-1)',
        color: mine ? 'white' : 'inherit',
        borderRadius: mine ? '12px 12px 2px 12px' : '12px 12px 12px 2px',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      <Text size="sm" inherit>
        {message.text}
      </Text>
    </Box>
  );
}

interface TryItPanelProps {
  agent: AgentDetails;
  onClose: () => void;
}

/** The Try it side panel (agents.md §2.11): a test chat beside the agent, sent on Enter or the send icon. */
export function TryItPanel({ agent, onClose }: TryItPanelProps) {
  const [messages, setMessages] = useState<TryItMessage[]>([]);
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    input.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    const node = viewport.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [messages]);

  const send = (text: string) => {
    const value = text.trim();
    // An empty message is not sent (agents.md §5).
    if (!value) return;
    setMessages((previous) => [...previous, { id: nextId(), from: 'user', text: value }, answerFor(agent)]);
    setDraft('');
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(draft);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <Paper
      component="aside"
      withBorder
      radius="md"
      shadow="sm"
      className="try-it-panel"
      aria-label="Try it"
      onKeyDown={handleKeyDown}
    >
      <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <div>
          <Title order={2} fz="md">
            Try it
          </Title>
          <Text size="xs" c="dimmed" truncate="end" maw={280}>
            Test chat with {agent.name}
          </Text>
        </div>
        <CloseButton aria-label="Close Try it" onClick={onClose} />
      </Group>

      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} type="auto">
        {messages.length === 0 ? (
          <Stack align="center" justify="center" h={260} px="md">
            <Text size="sm" c="dimmed">
              No messages available
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm" p="md" role="log" aria-label="Test chat messages">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
          </Stack>
        )}
      </ScrollArea>

      <form onSubmit={handleSubmit} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="xs" p="sm" wrap="nowrap">
          <TextInput
            ref={input}
            aria-label="Message"
            placeholder="Start Typing....."
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            style={{ flex: 1 }}
            autoComplete="off"
          />
          <ActionIcon type="submit" size="lg" variant="filled" aria-label="Send">
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </form>
    </Paper>
  );
}
