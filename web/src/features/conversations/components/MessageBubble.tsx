import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconFile, IconMapPin, IconUser } from '@tabler/icons-react';
import { z } from 'zod';
import type { ChatMessage } from '@parley/contracts/conversations';
import { dateFormats, formatDatePattern, formatDateTime } from '../../../lib/format-date';
import { fetchFileAsDataUrl } from '../../../lib/upload-file';
import { conversationsKeys } from '../api/conversations-keys';
import { ChatText } from './ChatText';
import { DeliveryTicks } from './DeliveryTicks';
import classes from './conversations.module.css';

/** The typed parts of a message's content the thread shows (the webhook's shapes, decision 017). */
const media = z.object({
  url: z.string().optional(),
  mimeType: z.string().optional(),
  /** What the console's own sends carry instead of a MIME type: image, video, audio or document. */
  mediaType: z.string().optional(),
  fileName: z.string().optional(),
  caption: z.string().optional(),
});
const location = z.object({
  latitude: z.number(),
  longitude: z.number(),
  name: z.string().optional(),
  address: z.string().optional(),
});
const contacts = z.array(
  z.object({
    name: z.object({ formattedName: z.string() }).partial(),
    phones: z.array(z.object({ phone: z.string() })).default([]),
  }),
);
const reply = z.object({ title: z.string(), description: z.string().optional() });
const reaction = z.object({ emoji: z.string() });
/** Reply buttons a bot offered with its answer (WhatsApp's interactive message). */
const replyButtons = z.array(z.object({ id: z.string(), title: z.string() })).min(1);

const mediaKinds = new Set(['media', 'image', 'video', 'document', 'audio', 'sticker']);

/** Files of the console's store need the session token, so an image is fetched, not linked. */
function useStoredImage(url: string | undefined, isImage: boolean): string | null {
  const stored = Boolean(url?.startsWith('/api/files/'));
  const file = useQuery({
    queryKey: conversationsKeys.file(url ?? ''),
    queryFn: ({ signal }) => fetchFileAsDataUrl(url!, signal),
    enabled: isImage && stored,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!url || !isImage) return null;
  return stored ? (file.data ?? null) : url;
}

/**
 * A file of the console's store: its URL needs the session token (sent in a header), so a plain
 * link would answer 401. The click fetches it and hands it to the browser as a download.
 */
function StoredFileLink({ url, name }: { url: string; name: string }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const handleDownload = () => {
    setState('loading');
    fetchFileAsDataUrl(url).then(
      (dataUrl) => {
        const link = document.createElement('a');
        link.href = dataUrl;
        link.download = name;
        link.click();
        setState('idle');
      },
      () => setState('failed'),
    );
  };
  return (
    <Stack gap={2}>
      <Anchor component="button" type="button" size="sm" onClick={handleDownload} disabled={state === 'loading'}>
        <Group gap={4} component="span" wrap="nowrap">
          <IconFile size={16} aria-hidden />
          {name}
        </Group>
      </Anchor>
      {state === 'failed' ? (
        <Text size="xs" c="red.8" role="alert">
          The file could not be loaded
        </Text>
      ) : null}
    </Stack>
  );
}

function MediaContent({ message }: { message: ChatMessage }) {
  const parsed = media.safeParse(message.content.media ?? message.content);
  const value = parsed.success ? parsed.data : {};
  const isImage =
    Boolean(value.mimeType?.startsWith('image/')) ||
    value.mediaType === 'image' ||
    message.kind === 'image' ||
    message.kind === 'sticker';
  const src = useStoredImage(value.url, isImage);
  const name = value.fileName ?? (isImage ? 'Image' : 'Attachment');
  const caption = message.text && message.text !== value.fileName ? message.text : '';
  return (
    <Stack gap={4}>
      {isImage && src ? (
        <img src={src} alt={value.caption || value.fileName || 'Image from the chat'} className={classes.mediaImage} />
      ) : value.url?.startsWith('/api/files/') ? (
        <StoredFileLink url={value.url} name={name} />
      ) : value.url ? (
        <Anchor href={value.url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconFile size={16} aria-hidden />
            {name}
          </Group>
        </Anchor>
      ) : (
        <Group gap={4} wrap="nowrap">
          <IconFile size={16} aria-hidden />
          <Text size="sm">{name}</Text>
        </Group>
      )}
      {caption ? <ChatText text={caption} /> : null}
    </Stack>
  );
}

function Body({ message }: { message: ChatMessage }) {
  const content = message.content;
  if (mediaKinds.has(message.kind) || (message.kind !== 'text' && content.media))
    return <MediaContent message={message} />;
  if (message.kind === 'location') {
    const place = location.safeParse(content.location);
    if (place.success) {
      const { latitude, longitude, name, address } = place.data;
      return (
        <Anchor
          href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          <Group gap={4} component="span" wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden />
            <span>{[name, address].filter(Boolean).join(', ') || `${latitude}, ${longitude}`}</span>
          </Group>
        </Anchor>
      );
    }
  }
  if (message.kind === 'contacts') {
    const cards = contacts.safeParse(content.contacts);
    if (cards.success)
      return (
        <Stack gap={4}>
          {cards.data.map((card, index) => (
            <Group key={index} gap={6} wrap="nowrap" align="flex-start">
              <IconUser size={16} aria-hidden />
              <div>
                <Text size="sm" fw={600}>
                  {card.name.formattedName || 'Contact'}
                </Text>
                {card.phones.map((phone) => (
                  <Text key={phone.phone} size="xs">
                    {phone.phone}
                  </Text>
                ))}
              </div>
            </Group>
          ))}
        </Stack>
      );
  }
  if (message.kind === 'reaction') {
    const value = reaction.safeParse(content.reaction);
    return <Text size="sm">{value.success && value.data.emoji ? `Reacted ${value.data.emoji}` : message.text}</Text>;
  }
  const chosen = reply.safeParse(content.reply);
  if (chosen.success)
    return (
      <Stack gap={2}>
        <Badge variant="outline" size="sm" radius="sm" style={{ textTransform: 'none' }}>
          {chosen.data.title}
        </Badge>
        {chosen.data.description ? (
          <Text size="xs" c="dimmed">
            {chosen.data.description}
          </Text>
        ) : null}
      </Stack>
    );
  const offered = replyButtons.safeParse(content.quickReplies);
  if (offered.success)
    return (
      <Stack gap={6}>
        <ChatText text={message.text} />
        <Group gap={6} role="group" aria-label="Reply buttons">
          {offered.data.map((button) => (
            <Badge key={button.id} variant="default" size="sm" radius="sm" style={{ textTransform: 'none' }}>
              {button.title}
            </Badge>
          ))}
        </Group>
      </Stack>
    );
  return <ChatText text={message.text} />;
}

/**
 * One message of the thread: the customer on the left; the bot, agents and automatic messages
 * (out-of-hours, handoff, missed) on the right with their ticks; notes for agents only centred.
 */
export function MessageBubble({ message }: { message: ChatMessage }) {
  const time = formatDatePattern(message.at, dateFormats.time);
  if (message.direction === 'system' || (message.sender.kind === 'system' && message.direction !== 'out')) {
    return (
      <div className={classes.bubbleRow} data-side="center">
        <Text className={classes.system} title={formatDateTime(message.at)}>
          {message.text} · {time}
        </Text>
      </div>
    );
  }
  const outgoing = message.direction === 'out';
  const bot = message.sender.kind === 'bot';
  const automatic = message.sender.kind === 'system';
  return (
    <div
      className={classes.bubbleRow}
      data-side={outgoing ? 'right' : 'left'}
      data-sender={message.sender.kind}
      data-failed={message.status === 'failed'}
    >
      <div className={classes.bubble}>
        <Body message={message} />
      </div>
      <span className={classes.meta}>
        {outgoing ? (
          <>
            {bot ? (
              <Badge size="xs" color="violet" variant="light">
                Bot
              </Badge>
            ) : null}
            {automatic ? (
              <Badge size="xs" color="gray" variant="light" title="Sent by the channel's chat settings">
                Automatic
              </Badge>
            ) : null}
            {/* 'Bot' beside the Bot badge would say it twice; a named bot keeps its name. */}
            {automatic || (bot && message.sender.name.trim().toLowerCase() === 'bot') ? null : (
              <span>{message.sender.name}</span>
            )}
            <span aria-hidden>·</span>
          </>
        ) : null}
        <time dateTime={message.at} title={formatDateTime(message.at)}>
          {time}
        </time>
        {outgoing ? <DeliveryTicks message={message} /> : null}
      </span>
      {message.status === 'failed' && message.error ? (
        <Text size="xs" c="red.8" role="note">
          Not delivered: {message.error.text}
        </Text>
      ) : null}
    </div>
  );
}
