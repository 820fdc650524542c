import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Anchor,
  Box,
  CloseButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconExternalLink, IconMessagePlus, IconSend } from '@tabler/icons-react';
import Markdown, { type Components } from 'react-markdown';
import { messages as commonMessages } from '@parley/contracts/messages';
import type { AgentDetails } from '@parley/contracts/agents';
import { emotionEmoji, nluLimits, nluMessages, type PredictResult } from '@parley/contracts/nlu';
import { ApiError } from '../../../lib/api-client';
import { usePredictIntent } from '../api/predict-intent';
import classes from './try-it.module.css';

/** One line of the test chat: what the operator typed, the agent's answer, or why there is none. */
export type TryItMessage =
  | { id: string; from: 'user'; text: string }
  | { id: string; from: 'bot'; text: string; result: PredictResult }
  | { id: string; from: 'error'; text: string };

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `try-it-${sequence}`;
};

/** The text of a failed message: the server's own words (NLU_NOT_TRAINED...), else the generic one. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.fieldErrors ?? {})[0] ?? error.message;
  return commonMessages.somethingWentWrong;
}

/** Only web addresses and the agent's own documents in the console become the View Source link. */
function safeSource(result: PredictResult): string | null {
  const first = result.source[0];
  if (!first) return null;
  return /^https?:\/\//i.test(first) ||
    /^\/api\/agents\/[0-9a-f-]+\/documents\/[0-9a-f-]+\/content(#page=\d+)?$/i.test(first)
    ? first
    : null;
}

/** Links in an answer open in a new tab; raw HTML is never rendered (skipHtml). */
const markdownComponents: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

/** What the classifier saw: the nearest training phrase and the next candidates. */
function classifierDetails(result: PredictResult): string | null {
  const parts: string[] = [];
  if (result.utterance) parts.push(`Nearest training phrase: "${result.utterance}"`);
  if (result.otherIntent.length > 0)
    parts.push(
      `Next: ${result.otherIntent.map((other) => `${other.intent} ${other.confidence.toFixed(2)}`).join(', ')}`,
    );
  if (!result.intentIdentified) parts.push('Below the confidence threshold: answered with the out-of-scope message');
  return parts.length > 0 ? parts.join('\n') : null;
}

/** The small line under an answer: intent and confidence, the user's emotion, an awaited parameter. */
function AnswerFacts({ result }: { result: PredictResult }) {
  const confidence = result.confidence.toFixed(2);
  const details = classifierDetails(result);
  const intent = (
    <span tabIndex={details ? 0 : undefined}>
      {result.intentIdentified ? (result.intent ?? 'knowledge base') : 'out of scope'} · {confidence}
    </span>
  );
  return (
    <div className={classes.meta} data-testid="try-it-answer-facts">
      {details ? (
        <Tooltip label={details} multiline maw={300} openDelay={200} style={{ whiteSpace: 'pre-line' }} withArrow>
          {intent}
        </Tooltip>
      ) : (
        intent
      )}
      <span className={classes.dot} title={`Emotion of the message: ${result.emotion}`}>
        <span aria-hidden>{emotionEmoji[result.emotion]}</span> {result.emotion}
      </span>
      {result.awaitingParameter ? (
        <span className={classes.dot} title="The agent waits for this parameter">
          awaiting {result.awaitingParameter}
        </span>
      ) : null}
    </div>
  );
}

function MessageBubble({ message }: { message: TryItMessage }) {
  if (message.from === 'user')
    return (
      <Box className={`${classes.bubble} ${classes.user}`} aria-label="You said">
        {message.text}
      </Box>
    );
  if (message.from === 'error')
    return (
      <div className={classes.botRow}>
        <Box className={`${classes.bubble} ${classes.error}`} role="alert" aria-label="Agent error">
          {message.text}
        </Box>
      </div>
    );
  const source = safeSource(message.result);
  return (
    <div className={classes.botRow}>
      <Box className={`${classes.bubble} ${classes.bot}`} aria-label="Agent answered">
        <div className={classes.markdown}>
          <Markdown skipHtml components={markdownComponents}>
            {message.text}
          </Markdown>
        </div>
        {source ? (
          <Anchor
            href={source}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            mt={4}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            {nluMessages.viewSource}
            <IconExternalLink size={12} aria-hidden />
          </Anchor>
        ) : null}
      </Box>
      <AnswerFacts result={message.result} />
    </div>
  );
}

/** The loader, or the answer so far while an LLM writes it. */
function WaitingBubble({ partial }: { partial: string }) {
  return (
    <div className={classes.botRow}>
      <Box className={`${classes.bubble} ${classes.bot}`} role="status" aria-label="The agent is answering">
        {partial ? (
          <div className={classes.markdown}>
            <Markdown skipHtml components={markdownComponents}>
              {partial}
            </Markdown>
          </div>
        ) : (
          <Loader type="dots" size="sm" color="gray" />
        )}
      </Box>
    </div>
  );
}

interface TryItPanelProps {
  agent: AgentDetails;
  onClose: () => void;
}

/**
 * The Try it side panel (agents.md §2.11): a test chat beside the agent through predictIntent,
 * sent on Enter or the send icon. The session id of the first answer goes with the next
 * messages, so slot filling carries over; New conversation starts again.
 */
export function TryItPanel({ agent, onClose }: TryItPanelProps) {
  const [messages, setMessages] = useState<TryItMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  /** An LLM's answer as it is written (streamed), until the whole answer arrives. */
  const [partial, setPartial] = useState('');
  const predict = usePredictIntent();
  const input = useRef<HTMLInputElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  /** Bumped by New conversation, so an answer to the old conversation is dropped. */
  const conversation = useRef(0);

  useEffect(() => {
    input.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    const node = viewport.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [messages, waiting, partial]);

  const send = (text: string) => {
    const value = text.trim();
    // An empty message is not sent (agents.md §5); one at a time, so answers keep their order.
    if (!value || waiting) return;
    const current = conversation.current;
    setMessages((previous) => [...previous, { id: nextId(), from: 'user', text: value }]);
    setDraft('');
    setWaiting(true);
    setPartial('');
    input.current?.focus();
    predict.mutate(
      {
        body: {
          agentId: agent.id,
          sessionId,
          message: { type: 'text', text: value, lnCode: agent.config?.language ?? 'en' },
          metadata: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        },
        onToken: (token) => {
          if (conversation.current === current) setPartial((previous) => previous + token);
        },
      },
      {
        onSuccess: (result) => {
          if (conversation.current !== current) return;
          setPartial('');
          setSessionId(result.sessionId);
          setMessages((previous) => [...previous, { id: nextId(), from: 'bot', text: result.output.text, result }]);
        },
        onError: (error) => {
          if (conversation.current !== current) return;
          setPartial('');
          setMessages((previous) => [...previous, { id: nextId(), from: 'error', text: failureText(error) }]);
        },
        onSettled: () => {
          if (conversation.current !== current) return;
          setWaiting(false);
          input.current?.focus();
        },
      },
    );
  };

  const startOver = () => {
    conversation.current += 1;
    setMessages([]);
    setSessionId(null);
    setWaiting(false);
    setPartial('');
    input.current?.focus();
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
      <Group
        justify="space-between"
        px="md"
        py="sm"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="md">
            Try it
          </Title>
          <Text size="xs" c="dimmed" truncate="end" maw={260}>
            Test chat with {agent.name}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="New conversation" openDelay={300}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="New conversation"
              onClick={startOver}
              disabled={messages.length === 0 && !waiting}
            >
              <IconMessagePlus size={18} />
            </ActionIcon>
          </Tooltip>
          <CloseButton aria-label="Close Try it" onClick={onClose} />
        </Group>
      </Group>

      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} type="auto">
        {messages.length === 0 && !waiting ? (
          <Stack align="center" justify="center" h={260} px="md">
            <Text size="sm" c="dimmed">
              {nluMessages.noMessages}
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm" p="md" role="log" aria-label="Test chat messages" aria-live="polite">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
            {waiting ? <WaitingBubble partial={partial} /> : null}
          </Stack>
        )}
      </ScrollArea>

      <form onSubmit={handleSubmit} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="xs" p="sm" wrap="nowrap">
          <TextInput
            ref={input}
            aria-label="Message"
            placeholder={nluMessages.placeholder}
            value={draft}
            maxLength={nluLimits.messageMax}
            onChange={(event) => setDraft(event.currentTarget.value)}
            style={{ flex: 1 }}
            autoComplete="off"
          />
          <ActionIcon
            type="submit"
            size="lg"
            variant="filled"
            aria-label="Send"
            loading={waiting}
            onMouseDown={(event) => event.preventDefault()}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </form>
    </Paper>
  );
}
