import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, CloseButton, FileButton, Group, Progress, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { errorCatalog } from '@parley/contracts/errors';
import { conversationLimits, conversationMessages, type QuickReply } from '@parley/contracts/conversations';
import { ApiError } from '../../../lib/api-client';
import { uploadFileWithProgress } from '../../../lib/upload-file';
import { useQuickReplies } from '../api/get-quick-replies';
import { useSendMessage } from '../api/send-message';
import { EmojiPicker } from './EmojiPicker';
import classes from './conversations.module.css';

interface ComposerProps {
  conversationId: string;
  /** The send was refused because the 24-hour window closed: the page shows the template bar. */
  onOutsideWindow: () => void;
}

interface Attachment {
  name: string;
  progress: number;
  fileId: string | null;
  error: string | null;
}

/** How many quick replies the '/' picker lists at once. */
const PICKER_MAX = 8;

function matches(reply: QuickReply, query: string): boolean {
  const q = query.toLowerCase();
  return reply.shortcut.toLowerCase().includes(q) || reply.text.toLowerCase().includes(q);
}

/**
 * The reply box: Enter sends, Shift+Enter breaks the line; '/' at the start opens the quick replies
 * (arrows and Enter insert one); an attachment uploads with its progress and goes with the text as
 * its caption.
 */
export function Composer({ conversationId, onOutsideWindow }: ComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [active, setActive] = useState(0);
  const [pickerClosedFor, setPickerClosedFor] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage(conversationId);
  const pickerId = useId();
  const errorId = useId();

  const slashQuery = text.startsWith('/') && !text.includes('\n') ? text.slice(1) : null;
  const quickReplies = useQuickReplies(slashQuery !== null);
  const options = useMemo(
    () =>
      slashQuery === null
        ? []
        : (quickReplies.data?.quickReplies ?? []).filter((reply) => matches(reply, slashQuery)).slice(0, PICKER_MAX),
    [quickReplies.data, slashQuery],
  );
  const pickerOpen = slashQuery !== null && pickerClosedFor !== text;
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));

  const insertQuickReply = (reply: QuickReply) => {
    setText(reply.text);
    setActive(0);
    textareaRef.current?.focus();
  };

  const insertEmoji = (emoji: string) => {
    const area = textareaRef.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const handlePickFile = (file: File | null) => {
    if (!file) return;
    setAttachment({ name: file.name, progress: 0, fileId: null, error: null });
    uploadFileWithProgress(file, (progress) =>
      setAttachment((current) => (current && current.name === file.name ? { ...current, progress } : current)),
    ).then(
      (stored) =>
        setAttachment((current) =>
          current?.name === file.name ? { ...current, fileId: stored.id, progress: 1 } : current,
        ),
      (failure: unknown) =>
        setAttachment((current) =>
          current?.name === file.name
            ? { ...current, error: failure instanceof Error ? failure.message : 'The file could not be uploaded' }
            : current,
        ),
    );
  };

  const uploading = attachment !== null && attachment.fileId === null && attachment.error === null;

  const handleSend = () => {
    if (send.isPending || uploading) return;
    const trimmed = text.trim();
    const fileId = attachment?.fileId ?? undefined;
    if (!trimmed && !fileId) {
      setError(conversationMessages.emptyMessage);
      return;
    }
    setError(null);
    send.mutate(
      { ...(trimmed ? { text } : {}), ...(fileId ? { fileId } : {}) },
      {
        onSuccess: () => {
          setText('');
          setAttachment(null);
          textareaRef.current?.focus();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === errorCatalog.CHANNEL_OUTSIDE_WINDOW.code) {
            onOutsideWindow();
            return;
          }
          setError(failure instanceof Error ? failure.message : 'The message could not be sent');
        },
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (pickerOpen && options.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        insertQuickReply(options[activeIndex]!);
        return;
      }
    }
    if (pickerOpen && event.key === 'Escape') {
      event.preventDefault();
      setPickerClosedFor(text);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      handleSend();
    }
  };

  return (
    <div className={classes.composer}>
      {pickerOpen ? (
        <div
          className={classes.picker}
          id={pickerId}
          // A listbox must hold options: while loading or when nothing matches it is a status line.
          role={options.length > 0 ? 'listbox' : 'status'}
          aria-label="Quick replies"
        >
          {quickReplies.isPending ? (
            <Text size="sm" c="dimmed" p="xs">
              Loading quick replies…
            </Text>
          ) : quickReplies.isError ? (
            <Text size="sm" c="red.8" p="xs">
              The quick replies could not be loaded
            </Text>
          ) : options.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              No quick reply matches “/{slashQuery}”
            </Text>
          ) : (
            options.map((reply, index) => (
              <div
                key={reply.id}
                id={`${pickerId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={classes.pickerOption}
                onMouseDown={(event) => {
                  // Keep the focus in the textarea.
                  event.preventDefault();
                  insertQuickReply(reply);
                }}
              >
                <Text size="sm" fw={600}>
                  /{reply.shortcut}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {reply.text}
                </Text>
              </div>
            ))
          )}
        </div>
      ) : null}
      {attachment ? (
        <Group gap="xs" mb={6} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden />
          <Text size="xs" truncate flex={1}>
            {attachment.name}
          </Text>
          {attachment.error ? (
            <Text size="xs" c="red.8" role="alert">
              {attachment.error}
            </Text>
          ) : (
            <Progress
              value={Math.round(attachment.progress * 100)}
              w={120}
              size="sm"
              aria-label={`Uploading ${attachment.name}`}
            />
          )}
          <CloseButton size="sm" aria-label="Remove the attachment" onClick={() => setAttachment(null)} />
        </Group>
      ) : null}
      <Textarea
        ref={textareaRef}
        aria-label="Reply"
        placeholder="Type a reply… ( / for quick replies, Shift+Enter for a new line)"
        autosize
        minRows={2}
        maxRows={8}
        maxLength={conversationLimits.textMax}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
          if (error) setError(null);
        }}
        onKeyDown={handleKeyDown}
        error={error}
        errorProps={{ id: errorId, role: 'alert' }}
        aria-activedescendant={pickerOpen && options.length > 0 ? `${pickerId}-${activeIndex}` : undefined}
        aria-controls={pickerOpen ? pickerId : undefined}
      />
      <Group justify="space-between" mt={6}>
        <Group gap={2}>
          <FileButton onChange={handlePickFile}>
            {(props) => (
              <Tooltip label="Attach a file">
                <ActionIcon
                  {...props}
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label="Attach a file"
                  disabled={uploading}
                >
                  <IconPaperclip size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <EmojiPicker onPick={insertEmoji} />
        </Group>
        <Button
          size="sm"
          rightSection={<IconSend size={16} aria-hidden />}
          onClick={handleSend}
          loading={send.isPending}
          disabled={uploading}
        >
          Send
        </Button>
      </Group>
    </div>
  );
}
