import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import type { SandboxConversation } from '@parley/contracts/channels';
import { formatWhatsAppText } from '../../../components/template-preview/whatsapp-format';
import { dateFormats, formatDatePattern, formatDateTime } from '../../../lib/format-date';
import classes from './sandbox-phone.module.css';

const numberPattern = /^\+?\d{6,16}$/;

/** The time of a conversation's last message: the hour today, else the day. */
function shortTime(value: string): string {
  const date = new Date(value);
  return date.toDateString() === new Date().toDateString()
    ? formatDatePattern(date, dateFormats.time)
    : formatDatePattern(date, 'dd MMM');
}

export interface ConversationListProps {
  conversations: SandboxConversation[] | undefined;
  loading: boolean;
  selected: string | undefined;
  onSelect: (phone: string) => void;
}

/** The numbers of the Sandbox channel that received messages, latest first, and a way to open any number. */
export function ConversationList({ conversations, loading, selected, onSelect }: ConversationListProps) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleOpen(event: FormEvent) {
    event.preventDefault();
    const value = number.replace(/[\s-]/g, '');
    if (!numberPattern.test(value)) {
      setError('Enter a number with its country code, e.g. +919000000010');
      return;
    }
    setError(null);
    setNumber('');
    onSelect(value.startsWith('+') ? value : `+${value}`);
  }

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} w={{ base: '100%', md: 340 }}>
      <Group justify="space-between" px="md" py="sm" bg="gray.0">
        <Text fw={600} size="sm" id="sandbox-numbers-title">
          Numbers
        </Text>
        {conversations ? (
          <Text size="xs" c="dimmed">
            {conversations.length} {conversations.length === 1 ? 'number' : 'numbers'}
          </Text>
        ) : null}
      </Group>
      <ScrollArea.Autosize mah={480}>
        {loading ? (
          <Stack gap={0} role="status" aria-label="Loading numbers">
            {[0, 1, 2].map((row) => (
              <div key={row} className={classes.numberItem}>
                <Skeleton height={12} width="55%" mb={8} />
                <Skeleton height={10} width="85%" />
              </div>
            ))}
          </Stack>
        ) : conversations && conversations.length > 0 ? (
          <nav aria-labelledby="sandbox-numbers-title">
            {conversations.map((conversation) => (
              <UnstyledButton
                key={conversation.phone}
                className={classes.numberItem}
                aria-current={conversation.phone === selected ? 'true' : undefined}
                onClick={() => onSelect(conversation.phone)}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap">
                    <IconDeviceMobile size={16} aria-hidden color="var(--mantine-color-teal-7)" />
                    <Text fw={600} size="sm">
                      {conversation.customerName ?? conversation.phone}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" title={formatDateTime(conversation.lastMessageAt)}>
                    {shortTime(conversation.lastMessageAt)}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
                  <Text size="xs" c="dimmed" lineClamp={1} style={{ flex: 1 }}>
                    {conversation.lastText ? formatWhatsAppText(conversation.lastText) : '—'}
                  </Text>
                  <Badge size="xs" variant="light" color="gray" aria-label={`${conversation.count} messages`}>
                    {conversation.count}
                  </Badge>
                </Group>
              </UnstyledButton>
            ))}
          </nav>
        ) : (
          <Text size="sm" c="dimmed" px="md" py="lg">
            No number has received a message on this channel yet.
          </Text>
        )}
      </ScrollArea.Autosize>
      <form onSubmit={handleOpen}>
        <Group
          gap="xs"
          p="sm"
          align="flex-start"
          wrap="nowrap"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <TextInput
            aria-label="Open a number"
            placeholder="Open a number: +919000000010"
            size="xs"
            style={{ flex: 1 }}
            value={number}
            error={error}
            onChange={(event) => {
              setNumber(event.currentTarget.value);
              if (error) setError(null);
            }}
          />
          <Button type="submit" size="xs" variant="light">
            Open
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
