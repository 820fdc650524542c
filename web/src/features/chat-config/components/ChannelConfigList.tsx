import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRobot, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { channelTypes } from '@parley/contracts/channels';
import type { ChatConfig } from '@parley/contracts/conversations';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { formatMinutes, summarizeWorkingHours } from './chat-config-form';

interface ChannelConfigListProps {
  configs: readonly ChatConfig[] | undefined;
  loading: boolean;
  error: { message: string; onRetry: () => void } | null;
  onEdit: (config: ChatConfig) => void;
}

function Detail({ term, children, muted = false }: { term: string; children: React.ReactNode; muted?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text component="dt" size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} c={muted ? 'dimmed' : undefined} style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/** One card per channel that receives messages, with what its chats are answered by and when. */
export function ChannelConfigList({ configs, loading, error, onEdit }: ChannelConfigListProps) {
  if (error)
    return <QueryErrorAlert title="The channels could not be loaded" message={error.message} onRetry={error.onRetry} />;
  if (loading || configs === undefined)
    return (
      <SimpleGrid cols={{ base: 1, lg: 2 }} role="status" aria-label="Loading the channels">
        {[0, 1].map((index) => (
          <Skeleton key={index} h={190} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (configs.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <Text fw={500}>No channel receives chats yet</Text>
          <Text size="sm" c="dimmed" ta="center">
            Chats arrive through the enterprise&apos;s channels. Add a channel first, then choose who answers it here.
          </Text>
          <Button component={Link} to="/admin/channels" variant="light">
            Go to Channels
          </Button>
        </Stack>
      </Paper>
    );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {configs.map((config) => (
        <Paper key={config.channelId} component="li" withBorder radius="md" p="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
            <div style={{ minWidth: 0 }}>
              <Title order={3} fz="md" id={`chat-config-${config.channelId}`}>
                {config.channelName}
              </Title>
              <Badge variant="light" radius="sm" mt={4}>
                {channelTypes[config.channelType as keyof typeof channelTypes] ?? 'Other'}
              </Badge>
            </div>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSettings size={14} />}
              aria-label={`Configure ${config.channelName}`}
              onClick={() => onEdit(config)}
            >
              Configure
            </Button>
          </Group>
          <Stack gap={6} component="dl" m={0}>
            <Detail term="Bot agent" muted={config.botAgentId === null}>
              {config.botAgentId === null ? (
                'No bot: straight to people'
              ) : (
                <Group gap={4} wrap="nowrap" component="span">
                  <IconRobot size={14} aria-hidden />
                  {config.botAgentName ?? 'Unnamed bot'}
                </Group>
              )}
            </Detail>
            <Detail term="Department" muted={config.departmentId === null}>
              {config.departmentName ?? 'No department'}
            </Detail>
            <Detail term="Working hours">
              {summarizeWorkingHours(config.workingHours)}{' '}
              <Text component="span" size="xs" c="dimmed">
                ({config.timezone})
              </Text>
            </Detail>
            <Detail term="Missed after" muted={config.inactivityMinutes === 0}>
              {formatMinutes(config.inactivityMinutes)}
            </Detail>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
