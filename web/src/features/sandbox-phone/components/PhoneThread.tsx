import { Fragment, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Anchor, Loader, Skeleton, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SandboxMessage } from '@parley/contracts/channels';
import type { TemplateButton, TemplateValues } from '@parley/contracts/templates';
import type { PreviewButtonPosition } from '../../../components/template-preview/TemplateMessageBubble';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { formatDatePattern } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { PhoneMessage } from './PhoneMessage';
import classes from './sandbox-phone.module.css';

export const TEMPLATES_PATH = '/admin/messageTemplate/whatsapp';
const REPLY_LIMIT = 4096;

export interface PhoneThreadProps {
  businessName: string;
  businessNumber: string;
  phone: string;
  messages: SandboxMessage[] | undefined;
  loading: boolean;
  /** Sends a reply as the customer; rejects with the server's refusal. */
  onReply: (reply: { text: string; buttonPayload?: string; buttonReplyId?: string }) => Promise<unknown>;
  replying: boolean;
}

function dayLabel(value: string): string {
  const date = new Date(value);
  const today = new Date();
  const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000);
  const same = (a: Date, b: Date) => a.toDateString() === b.toDateString();
  if (same(date, today)) return 'Today';
  if (same(date, yesterday)) return 'Yesterday';
  return formatDatePattern(date, 'dd MMM yyyy');
}

/** The value of a URL button or copy-code button of a received template, card by card. */
function buttonValue(values: TemplateValues | undefined, position: PreviewButtonPosition): string | undefined {
  const key = String(position.index);
  return position.card === undefined ? values?.buttons?.[key] : values?.cards?.[position.card]?.buttons?.[key];
}

/**
 * The phone of one Sandbox number: the business's chat as the customer sees it, with the delivery
 * ticks Parley receives, pressable buttons, and a box to reply as the customer.
 */
export function PhoneThread({
  businessName,
  businessNumber,
  phone,
  messages,
  loading,
  onReply,
  replying,
}: PhoneThreadProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chat = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;
  const lastStatus = messages?.at(-1)?.status;

  useEffect(() => {
    const node = chat.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [count, lastStatus, phone]);

  async function send(reply: { text: string; buttonPayload?: string; buttonReplyId?: string }) {
    setError(null);
    try {
      await onReply(reply);
      return true;
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fieldErrors?.text : undefined;
      setError(fieldError ?? describeFailure(failure, 'The reply could not be sent'));
      return false;
    }
  }

  async function handleSubmit(event?: FormEvent) {
    event?.preventDefault();
    const value = text.trim();
    if (!value) {
      setError('Type a message');
      return;
    }
    if (await send({ text: value })) setText('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!replying) void handleSubmit();
    }
  }

  function handleButton(button: TemplateButton, values: TemplateValues | undefined, position: PreviewButtonPosition) {
    if (button.type === 'QUICK_REPLY') {
      void send({ text: button.text, buttonPayload: button.text });
      return;
    }
    if (button.type === 'URL') {
      const url = button.url.replace(/\{\{[^{}]*\}\}$/, buttonValue(values, position) ?? '');
      window.open(url, '_blank', 'noopener,noreferrer');
      return;
    }
    if (button.type === 'COPY_CODE') {
      const code = buttonValue(values, position) || button.example;
      void navigator.clipboard
        ?.writeText(code)
        .then(() => showToast(`Offer code ${code} copied`, { tone: 'success' }))
        .catch(() => showToast(`Offer code: ${code}`));
      return;
    }
    showToast(`This button calls ${button.phone_number}`);
  }

  const initial = businessName.trim().charAt(0).toUpperCase() || 'B';
  return (
    <figure className={classes.phone} aria-label={`Sandbox phone of ${phone}`}>
      <div className={classes.screen}>
        <div className={classes.topBar}>
          <IconArrowLeft size={20} aria-hidden />
          <span className={classes.avatar} aria-hidden>
            {initial}
          </span>
          <div style={{ minWidth: 0 }}>
            <div className={classes.businessName}>{businessName}</div>
            <div className={classes.businessNote}>Business account · +{businessNumber.replace(/^\+/, '')}</div>
          </div>
        </div>
        <div className={classes.chat} ref={chat} role="log" aria-label="Messages" aria-busy={loading || undefined}>
          {loading ? (
            <Stack gap={10} role="status" aria-label="Loading messages">
              <Skeleton height={90} width="70%" radius="md" />
              <Skeleton height={40} width="50%" radius="md" style={{ alignSelf: 'flex-end' }} />
              <Skeleton height={70} width="65%" radius="md" />
            </Stack>
          ) : count === 0 ? (
            <div className={classes.emptyThread}>
              <Text size="sm" fw={600} mb={4}>
                No messages yet. Send a test template from Message Templates
              </Text>
              <Anchor component={Link} to={TEMPLATES_PATH} size="sm">
                Open Message Templates
              </Anchor>
              <Text size="xs" c="dimmed" mt={6}>
                Or write first as the customer: a reply opens the 24-hour window for text messages.
              </Text>
            </div>
          ) : (
            messages!.map((message, index) => {
              const day = dayLabel(message.createdAt);
              const showDay = index === 0 || dayLabel(messages![index - 1]!.createdAt) !== day;
              return (
                <Fragment key={message.id}>
                  {showDay ? <span className={classes.dayChip}>{day}</span> : null}
                  <PhoneMessage
                    message={message}
                    onButton={handleButton}
                    onReplyButton={(button) => void send({ text: button.title, buttonReplyId: button.id })}
                  />
                </Fragment>
              );
            })
          )}
        </div>
        <form className={classes.composer} onSubmit={(event) => void handleSubmit(event)}>
          <Textarea
            aria-label="Reply as the customer"
            placeholder="Reply as the customer"
            autosize
            minRows={1}
            maxRows={4}
            maxLength={REPLY_LIMIT}
            radius="xl"
            style={{ flex: 1 }}
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (error) setError(null);
            }}
            onKeyDown={handleKeyDown}
          />
          <Tooltip label="Send (Enter)" withArrow>
            <ActionIcon
              type="submit"
              size={38}
              radius="xl"
              color="teal"
              variant="filled"
              aria-label="Send reply"
              disabled={replying}
            >
              {replying ? <Loader size={16} color="white" /> : <IconSend size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </form>
      </div>
    </figure>
  );
}
