import { Group, Loader, Progress, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import type { CustomerUpload } from '@parley/contracts/customer-master';

/** The progress of a running import as a whole percentage (never 100 before it is done). */
export function progressPercent(upload: Pick<CustomerUpload, 'state' | 'progress'>): number {
  if (upload.state !== 'WAITING') return 100;
  const percent = Math.floor(Math.min(1, Math.max(0, upload.progress)) * 100);
  return Math.min(99, percent);
}

/**
 * Status with an icon (engagement.md §2.6, §4): WAITING is a clock until the import starts
 * reading, then a spinner with a progress bar; COMPLETED a check; ERROR a cross whose tooltip
 * holds the reason.
 */
export function UploadStatus({ upload }: { upload: CustomerUpload }) {
  if (upload.state === 'COMPLETED') {
    return (
      <Group gap={6} wrap="nowrap">
        <ThemeIcon size={20} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={16} />
        </ThemeIcon>
        <Text size="sm" c="teal" fw={500}>
          COMPLETED
        </Text>
      </Group>
    );
  }
  if (upload.state === 'ERROR') {
    const label = upload.errorMessage ?? 'The import failed';
    return (
      <Tooltip label={label} multiline maw={320} withArrow>
        <Group gap={6} wrap="nowrap" tabIndex={0} aria-label={`ERROR: ${label}`} style={{ cursor: 'help' }}>
          <ThemeIcon size={20} radius="xl" variant="light" color="red" aria-hidden>
            <IconCircleX size={16} />
          </ThemeIcon>
          <Text size="sm" c="red.8" fw={500}>
            ERROR
          </Text>
        </Group>
      </Tooltip>
    );
  }
  const started = upload.progress > 0;
  const percent = progressPercent(upload);
  return (
    <Stack gap={4} miw={140}>
      <Group gap={6} wrap="nowrap">
        {started ? (
          <Loader size={16} aria-hidden />
        ) : (
          <ThemeIcon size={20} radius="xl" variant="light" color="gray" aria-hidden>
            <IconClock size={16} />
          </ThemeIcon>
        )}
        <Text size="sm" c="blue.8" fw={500}>
          WAITING
        </Text>
        {started ? (
          <Text size="xs" c="dimmed">
            {percent}%
          </Text>
        ) : null}
      </Group>
      {started ? (
        <Progress
          value={percent}
          size="sm"
          radius="xl"
          animated
          aria-label={`Import progress of ${upload.fileName}`}
          transitionDuration={200}
        />
      ) : null}
    </Stack>
  );
}
