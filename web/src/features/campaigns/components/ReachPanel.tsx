import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import {
  campaignMessages,
  exclusionLabels,
  exclusionReasons,
  type Audience,
  type AudienceCount,
} from '@parley/contracts/campaigns';
import { describeFailure } from '../../../lib/failure-message';

const numberFormat = new Intl.NumberFormat('en');
const count = (value: number) => numberFormat.format(value);

/** True when the audience names no segment, group, list or filter (the server refuses it). */
export const isEmptyAudience = (audience: Audience) =>
  audience.segmentIds.length === 0 &&
  audience.groupIds.length === 0 &&
  audience.listIds.length === 0 &&
  audience.filters.length === 0;

interface ReachPanelProps {
  empty: boolean;
  data: AudienceCount | undefined;
  /** The audience changed or is being counted: the numbers shown are the previous ones. */
  counting: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * The live reach (issue 21 item 1): customers the audience reaches, those excluded before anything
 * is sent (by reason), and who will be sent to. The panel keeps its size while it counts.
 */
export function ReachPanel({ empty, data, counting, error, onRetry }: ReachPanelProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Reach" aria-busy={counting || undefined}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={6}>
          <IconUsers size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Reach
          </Text>
        </Group>
        {counting && !empty ? (
          <Group gap={6} role="status">
            <Loader size={14} />
            <Text size="xs" c="dimmed">
              Counting…
            </Text>
          </Group>
        ) : null}
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed" mih={120}>
          {campaignMessages.audienceEmpty}.
        </Text>
      ) : error && !data ? (
        <Alert color="red" variant="light" role="alert" title="The reach could not be counted">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{describeFailure(error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      ) : !data ? (
        <Stack gap="xs" mih={120} aria-label="Counting the audience">
          <Skeleton h={28} w="70%" />
          <Skeleton h={14} />
          <Skeleton h={14} />
          <Skeleton h={20} w="60%" />
        </Stack>
      ) : (
        <Stack gap="xs" mih={120} style={{ opacity: counting ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <Text fz={20} fw={700}>
            Reaches {count(data.targeted)} {data.targeted === 1 ? 'customer' : 'customers'}
          </Text>
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Excluded">
            {exclusionReasons.map((reason) => (
              <Group key={reason} component="li" justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {exclusionLabels[reason]}
                </Text>
                <Text
                  size="sm"
                  c={(data.excluded[reason] ?? 0) > 0 ? 'red.9' : 'dimmed'}
                  fw={(data.excluded[reason] ?? 0) > 0 ? 600 : undefined}
                >
                  −{count(data.excluded[reason] ?? 0)}
                </Text>
              </Group>
            ))}
          </Stack>
          <Text fw={600}>Will be sent to {count(data.sendable)}</Text>
          {error && !counting ? (
            <Group gap="xs" role="alert">
              <Text size="xs" c="red">
                The last change could not be counted: {describeFailure(error)}
              </Text>
              <Button size="compact-xs" variant="subtle" color="red" onClick={onRetry}>
                Try Again
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
