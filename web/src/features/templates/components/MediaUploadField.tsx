import { useState } from 'react';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFile, IconPhoto, IconUpload, IconVideo, IconX } from '@tabler/icons-react';
import { headerMediaTypes, type TemplateMedia } from '@parley/contracts/templates';
import { describeFailure } from '../../../lib/failure-message';
import { useUploadTemplateMedia } from '../api/upload-template-media';

type MediaFormat = 'IMAGE' | 'VIDEO' | 'DOCUMENT';

const formatWords: Record<MediaFormat, string> = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' };
const extensions: Record<MediaFormat, string> = {
  IMAGE: 'JPEG or PNG',
  VIDEO: 'MP4',
  DOCUMENT: 'PDF, Word, PowerPoint, Excel or CSV',
};

/** File names are shortened to 30 characters (platform §9). */
const shortName = (name: string) => (name.length > 30 ? `${name.slice(0, 29)}…` : name);

interface MediaUploadFieldProps {
  format: MediaFormat;
  media: TemplateMedia | undefined;
  /** Names the field for screen readers ('Header', 'Card 2'). */
  label: string;
  error?: string;
  onChange: (media: TemplateMedia | undefined) => void;
}

/** The sample file of a media header: POST /api/files with a progress bar; only the types Meta takes. */
export function MediaUploadField({ format, media, label, error, onChange }: MediaUploadFieldProps) {
  const upload = useUploadTemplateMedia();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const accepted = headerMediaTypes[format];
  const Icon = format === 'IMAGE' ? IconPhoto : format === 'VIDEO' ? IconVideo : IconFile;

  const handleFile = (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (!accepted.includes(file.type)) {
      setProblem(`Choose a ${extensions[format]} file for the ${formatWords[format]}`);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (stored) =>
          onChange({
            fileId: stored.id,
            url: `/api/files/${stored.id}`,
            fileName: stored.name,
            contentType: stored.contentType,
          }),
        onError: (failure) => setProblem(describeFailure(failure)),
      },
    );
  };

  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <FileButton onChange={handleFile} accept={accepted.join(',')} disabled={upload.isPending}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="sm"
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
              aria-label={`${media ? 'Replace' : 'Upload'} ${label} ${formatWords[format]}`}
            >
              {media ? 'Replace file' : `Upload ${formatWords[format]}`}
            </Button>
          )}
        </FileButton>
        {media ? (
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Icon size={16} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm" title={media.fileName} truncate>
              {shortName(media.fileName || formatWords[format])}
            </Text>
            <Button
              variant="subtle"
              color="gray"
              size="compact-xs"
              onClick={() => onChange(undefined)}
              aria-label={`Remove ${label} file`}
            >
              <IconX size={14} />
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {extensions[format]}
          </Text>
        )}
      </Group>
      {upload.isPending ? (
        <Progress value={Math.round(progress * 100)} size="sm" animated aria-label={`Uploading ${label} file`} />
      ) : null}
      {[problem, error !== problem ? error : null]
        .filter((line): line is string => Boolean(line))
        .map((line) => (
          <Text key={line} size="xs" c="red.7" role="alert">
            {line}
          </Text>
        ))}
    </Stack>
  );
}
