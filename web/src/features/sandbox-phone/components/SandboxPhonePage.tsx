import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAdjustments, IconDeviceMobileMessage, IconPlugConnected } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { describeFailure } from '../../../lib/failure-message';
import { SANDBOX_POLL_MS, useConversations } from '../api/get-conversations';
import { useSandboxChannels } from '../api/get-sandbox-channels';
import { useThread } from '../api/get-thread';
import { useSendReply } from '../api/send-reply';
import { useSandboxUpdates, type SandboxRealtime } from '../realtime/use-sandbox-updates';
import { ConversationList } from './ConversationList';
import { PhoneThread, TEMPLATES_PATH } from './PhoneThread';

export const SANDBOX_PHONE_PATH = '/admin/sandbox-phone';
const CHANNELS_PATH = '/admin/channels';

export interface SandboxPhonePageProps {
  /** The Sandbox channel in the URL; without one the first Sandbox channel opens. */
  channelId?: string;
  realtime: SandboxRealtime;
  /** Whether the user may open the channels page (the failure rate is set there). */
  canOpenChannels: boolean;
}

function Intro({ live }: { live?: boolean }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <div>
        <Title order={1} fz={24}>
          Sandbox Phone
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          What the numbers of your Sandbox channels receive, rendered as WhatsApp shows it, with the statuses Parley
          gets back (sent, delivered, read or failed). Reply as the customer to send Parley an inbound message.
        </Text>
      </div>
      {live === undefined ? null : (
        <Tooltip
          label={
            live
              ? 'Statuses and messages appear as they happen'
              : `The live connection is down: refreshing every ${SANDBOX_POLL_MS / 1000} s`
          }
          withArrow
        >
          <Badge variant="dot" color={live ? 'teal' : 'yellow'} tabIndex={0} style={{ flex: 'none' }}>
            {live ? 'Live' : 'Refreshing'}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * The Sandbox phone (/admin/sandbox-phone/:channelId): the numbers of a Sandbox channel that
 * received messages, and the selected number's chat in a phone frame, live over the websocket.
 */
export function SandboxPhonePage({ channelId, realtime, canOpenChannels }: SandboxPhonePageProps) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const channels = useSandboxChannels();
  const { live } = useSandboxUpdates(realtime);
  const list = channels.data?.channels;
  const channel = list?.find((item) => item.id === channelId);
  const conversations = useConversations(channel?.id, !live);
  const requested = searchParams.get('number') ?? undefined;
  const phone = requested ?? conversations.data?.conversations[0]?.phone;
  const thread = useThread(channel?.id, phone, !live);
  const reply = useSendReply();

  useEffect(() => {
    const first = list?.[0];
    if (!channelId && first) void navigate(`${SANDBOX_PHONE_PATH}/${first.id}`, { replace: true });
  }, [channelId, list, navigate]);

  function handleSelect(number: string) {
    setSearchParams({ number });
  }

  if (channels.isPending)
    return (
      <Stack gap="lg" maw={1200}>
        <Intro />
        <Skeleton height={36} width={320} />
        <Group align="flex-start" gap="lg">
          <Skeleton height={320} width={340} radius="md" />
          <Skeleton height={560} width={380} radius={36} />
        </Group>
      </Stack>
    );

  if (channels.isError)
    return (
      <Stack gap="lg" maw={1200}>
        <Intro />
        <QueryErrorAlert
          title="The Sandbox channels could not be loaded"
          message={describeFailure(channels.error)}
          onRetry={() => void channels.refetch()}
        />
      </Stack>
    );

  if (!list || list.length === 0)
    return (
      <Stack gap="lg" maw={1200}>
        <Intro />
        <Paper withBorder radius="md" p="xl" maw={640}>
          <Stack gap="sm" align="flex-start">
            <IconDeviceMobileMessage size={32} aria-hidden color="var(--mantine-color-teal-7)" />
            <Text fw={600}>No Sandbox channel yet</Text>
            <Text size="sm" c="dimmed">
              Create a WhatsApp channel with the vendor Sandbox: what it sends arrives on this phone, with real statuses
              and no vendor account.
            </Text>
            {canOpenChannels ? (
              <Button component={Link} to={CHANNELS_PATH} leftSection={<IconPlugConnected size={16} aria-hidden />}>
                Open Channels
              </Button>
            ) : (
              <Text size="sm">Ask an administrator to create one.</Text>
            )}
          </Stack>
        </Paper>
      </Stack>
    );

  return (
    <Stack gap="lg" maw={1200}>
      <Intro live={live} />
      <Group align="flex-end" gap="md">
        <Select
          label="Sandbox Channel"
          data={list.map((item) => ({ value: item.id, label: item.name }))}
          value={channel?.id ?? null}
          placeholder="Choose a Sandbox channel"
          allowDeselect={false}
          w={280}
          // Opening the list asks again: a channel created in another tab shows up.
          onDropdownOpen={() => void channels.refetch()}
          onChange={(value) => {
            if (value) void navigate(`${SANDBOX_PHONE_PATH}/${value}`);
          }}
        />
        {channel ? (
          <Group gap="xs" pb={6}>
            <Badge variant="light" color="gray" radius="sm">
              Business number +{channel.contactId.replace(/^\+/, '')}
            </Badge>
            <Tooltip label="Share of messages the Sandbox fails with a real WhatsApp error code" withArrow>
              <Badge variant="light" color={channel.failureRate > 0 ? 'orange' : 'teal'} radius="sm" tabIndex={0}>
                Failure rate {channel.failureRate} %
              </Badge>
            </Tooltip>
            {canOpenChannels ? (
              <Anchor component={Link} to={CHANNELS_PATH} size="sm">
                <Group gap={4} component="span">
                  <IconAdjustments size={15} aria-hidden />
                  Channel Settings
                </Group>
              </Anchor>
            ) : null}
          </Group>
        ) : null}
      </Group>

      {!channel ? (
        <Alert color="yellow" variant="light" title="This Sandbox channel was not found" maw={640}>
          It may have been deleted. Choose one of your Sandbox channels above.
        </Alert>
      ) : conversations.isError ? (
        <QueryErrorAlert
          title="The numbers could not be loaded"
          message={describeFailure(conversations.error)}
          onRetry={() => void conversations.refetch()}
        />
      ) : (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <ConversationList
            conversations={conversations.data?.conversations}
            loading={conversations.isPending}
            selected={phone}
            onSelect={handleSelect}
          />
          {phone ? (
            <Stack gap="xs" style={{ flex: '0 1 380px' }}>
              <Text size="sm" c="dimmed">
                Phone of <b>{phone}</b>
              </Text>
              {thread.isError ? (
                <QueryErrorAlert
                  title="The messages could not be loaded"
                  message={describeFailure(thread.error)}
                  onRetry={() => void thread.refetch()}
                />
              ) : (
                <PhoneThread
                  key={phone}
                  businessName={channel.name}
                  businessNumber={channel.contactId}
                  phone={phone}
                  messages={thread.data?.messages}
                  loading={thread.isPending}
                  replying={reply.isPending}
                  onReply={(message) => reply.mutateAsync({ channelId: channel.id, phone, ...message })}
                />
              )}
            </Stack>
          ) : conversations.isPending ? null : (
            <Paper withBorder radius="md" p="xl" maw={420}>
              <Stack gap="xs" align="flex-start">
                <Text fw={600}>No messages yet. Send a test template from Message Templates</Text>
                <Text size="sm" c="dimmed">
                  Test-send an approved template of this channel to any number: it appears here with its ticks moving
                  from sent to read.
                </Text>
                <Anchor component={Link} to={TEMPLATES_PATH} size="sm">
                  Open Message Templates
                </Anchor>
              </Stack>
            </Paper>
          )}
        </Group>
      )}
    </Stack>
  );
}
