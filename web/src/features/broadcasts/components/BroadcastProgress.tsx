import { Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { BroadcastListItem } from '@parley/contracts/broadcasts';

type Counts = BroadcastListItem['progress'];

const numberFormat = new Intl.NumberFormat('en-IN');
export const count = (value: number) => numberFormat.format(value);

/** Processed = no longer waiting to go out (sent, or stopped by an error or the blacklist). */
export function processed(progress: Counts): number {
  return Math.max(0, progress.total - progress.pending);
}

const percent = (value: number, total: number) => (total > 0 ? (value / total) * 100 : 0);

/**
 * A broadcast's progress bar: read, delivered, sent (not yet delivered), failed and blocked in
 * their colours, over the total; the caption says how many went out.
 */
export function BroadcastProgress({
  name,
  progress,
  compact = false,
}: {
  name: string;
  progress: Counts;
  compact?: boolean;
}) {
  const { total, read, delivered, sent, failed, blocked } = progress;
  // Counts are cumulative upwards (a read message was delivered and sent): show each once.
  const onlyDelivered = Math.max(0, delivered - read);
  const onlySent = Math.max(0, sent - delivered);
  const sections = [
    { key: 'read', value: read, color: 'cyan.6', label: 'Read' },
    { key: 'delivered', value: onlyDelivered, color: 'teal.6', label: 'Delivered' },
    { key: 'sent', value: onlySent, color: 'gray.5', label: 'Sent' },
    { key: 'failed', value: failed, color: 'red.6', label: 'Failed' },
    { key: 'blocked', value: blocked, color: 'orange.5', label: 'Blocked' },
  ].filter((section) => section.value > 0);
  const done = processed(progress);
  const summary = `${count(done)} / ${count(total)} processed: ${count(sent)} sent, ${count(delivered)} delivered, ${count(read)} read, ${count(failed)} failed`;
  return (
    <Stack gap={4} miw={compact ? 180 : undefined}>
      <Tooltip label={summary} withArrow openDelay={200}>
        <Progress.Root size={compact ? 'sm' : 'lg'} aria-label={`Progress of ${name}`} role="group">
          {sections.map((section) => (
            <Progress.Section
              key={section.key}
              value={percent(section.value, total)}
              color={section.color}
              aria-label={`${section.label}: ${count(section.value)}`}
            />
          ))}
        </Progress.Root>
      </Tooltip>
      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {count(sent)}/{count(total)} sent
        {compact ? ` · ${count(delivered)} delivered · ${count(read)} read` : null}
        {compact && failed > 0 ? (
          <Text span c="red.8" inherit>
            {` · ${count(failed)} failed`}
          </Text>
        ) : null}
        {compact && blocked > 0 ? (
          <Text span c="orange" inherit>
            {` · ${count(blocked)} blocked`}
          </Text>
        ) : null}
      </Text>
    </Stack>
  );
}
