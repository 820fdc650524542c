import { useRef, useState } from 'react';
import { ActionIcon, Badge, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFile, IconPaperclip, IconPhoto, IconUpload, IconVideo, IconX } from '@tabler/icons-react';
import { broadcastMessages } from '@parley/contracts/broadcasts';
import { describeFailure } from '../../../lib/failure-message';
import { uploadBroadcastMedia } from '../api/upload-broadcast-media';
import { validateBroadcastMedia } from '../api/validate-broadcast-media';
import { acceptedTypes, mediaTypeLabel, type Attachment, type MediaFormat, type MediaNeeds } from './broadcast-form';

/** File names are shortened to 30 characters (platform §9). */
const shortName = (name: string) => (name.length > 30 ? `${name.slice(0, 29)}…` : name);
const formatHint: Record<MediaFormat, string> = { IMAGE: 'JPEG or PNG', VIDEO: 'MP4', DOCUMENT: 'PDF' };
const icons = { IMAGE: IconPhoto, VIDEO: IconVideo, DOCUMENT: IconFile } as const;

interface MediaSlotProps {
  /** 'Header' or 'Card 2': names the slot for screen readers and in its messages. */
  label: string;
  format: MediaFormat;
  channelType: 'WHATSAPP' | 'RCS';
  value: Attachment | undefined;
  error?: string;
  disabled?: boolean;
  onChange: (attachment: Attachment | undefined) => void;
}

/**
 * One attachment: the file goes up through POST /api/files with a progress bar, then the server
 * checks it against the channel type's media rules; only then is it part of the broadcast.
 */
function MediaSlot({ label, format, channelType, value, error, disabled, onChange }: MediaSlotProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef(0);
  const busy = progress !== null || checking;
  const Icon = icons[format];

  const handleFile = async (file: File | null) => {
    if (!file) return;
    attempt.current += 1;
    const mine = attempt.current;
    setProblem(null);
    if (!acceptedTypes[format].includes(file.type)) {
      setProblem(
        format === 'DOCUMENT'
          ? broadcastMessages.invalidFileType
          : `${broadcastMessages.invalidFileType} Choose a ${formatHint[format]} file`,
      );
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadBroadcastMedia(file, (fraction) => {
        if (attempt.current === mine) setProgress(fraction);
      });
      if (attempt.current !== mine) return;
      setProgress(null);
      setChecking(true);
      const verdict = await validateBroadcastMedia({ id: stored.id, channelType, mediaType: format });
      if (attempt.current !== mine) return;
      if (!verdict.valid) {
        setProblem(verdict.message || broadcastMessages.invalidFileType);
        return;
      }
      onChange({
        fileId: stored.id,
        fileName: stored.name,
        contentType: stored.contentType,
        url: `/api/files/${stored.id}`,
      });
    } catch (failure) {
      if (attempt.current === mine) setProblem(describeFailure(failure));
    } finally {
      if (attempt.current === mine) {
        setProgress(null);
        setChecking(false);
      }
    }
  };

  const messages = [problem, error && error !== problem && !value ? error : null].filter((line): line is string =>
    Boolean(line),
  );

  return (
    <Stack gap={6} role="group" aria-label={`${label} attachment`}>
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Badge variant="light" size="sm" radius="sm">
            {mediaTypeLabel(format)}
          </Badge>
        </Group>
        <FileButton
          onChange={(file) => void handleFile(file)}
          accept={acceptedTypes[format].join(',')}
          disabled={disabled || busy}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconUpload size={14} />}
              loading={busy}
              aria-label={`${value ? 'Replace' : 'Upload'} ${label} ${mediaTypeLabel(format)}`}
            >
              {value ? 'Replace' : 'Upload'}
            </Button>
          )}
        </FileButton>
      </Group>
      {value ? (
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Icon size={16} aria-hidden color="var(--mantine-color-teal-7)" />
          <Text size="sm" title={value.fileName} truncate>
            {shortName(value.fileName || mediaTypeLabel(format))}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            disabled={disabled}
            onClick={() => onChange(undefined)}
            aria-label={`Remove ${label} attachment`}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ) : !busy ? (
        <Text size="xs" c="dimmed">
          {formatHint[format]} file
        </Text>
      ) : null}
      {progress !== null ? (
        <Progress value={Math.round(progress * 100)} size="sm" animated aria-label={`Uploading ${label} attachment`} />
      ) : null}
      {checking ? (
        <Text size="xs" c="dimmed" role="status">
          Checking the file…
        </Text>
      ) : null}
      {messages.map((line) => (
        <Text key={line} size="xs" c="red.7" role="alert">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

interface AttachmentAreaProps {
  needs: MediaNeeds;
  channelType: 'WHATSAPP' | 'RCS';
  media: Attachment | undefined;
  cardMedia: (Attachment | undefined)[];
  errors: Record<string, string>;
  disabled?: boolean;
  onMediaChange: (attachment: Attachment | undefined) => void;
  onCardMediaChange: (index: number, attachment: Attachment | undefined) => void;
}

/** The attachment area: the header's media of a media template, or one per carousel card. */
export function AttachmentArea({
  needs,
  channelType,
  media,
  cardMedia,
  errors,
  disabled,
  onMediaChange,
  onCardMediaChange,
}: AttachmentAreaProps) {
  if (!needs.header && !needs.cards) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Attachments">
      <Group gap={6} mb="xs">
        <IconPaperclip size={16} aria-hidden />
        <Text size="sm" fw={600}>
          Attachment
        </Text>
        <Text size="xs" c="dimmed">
          {needs.cards ? 'Every card needs its media' : 'The template has a media header'}
        </Text>
      </Group>
      <Stack gap="sm">
        {needs.header ? (
          <MediaSlot
            label="Header"
            format={needs.header}
            channelType={channelType}
            value={media}
            error={errors.media}
            disabled={disabled}
            onChange={onMediaChange}
          />
        ) : null}
        {needs.cards?.map((format, index) => (
          <MediaSlot
            key={index}
            label={`Card ${index + 1}`}
            format={format}
            channelType={channelType}
            value={cardMedia[index]}
            error={errors[`card.${index + 1}`]}
            disabled={disabled}
            onChange={(attachment) => onCardMediaChange(index, attachment)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
