import { useState } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBolt, IconMessages, IconUsers, IconWebhook } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { ChatConfig } from '@parley/contracts/conversations';
import { useChatConfigs } from '../api/get-chat-configs';
import { AgentCapacityTable } from './AgentCapacityTable';
import { ChannelConfigDrawer } from './ChannelConfigDrawer';
import { ChannelConfigList } from './ChannelConfigList';
import { QuickRepliesPanel } from './QuickRepliesPanel';
import { WebhookPanel } from './WebhookPanel';

const tabs = ['channels', 'agents', 'quick-replies', 'webhook'] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab);

interface ChatConfigPageProps {
  /** The user may list bot agents (GET /api/agents needs NLP.EDIT). */
  canListBots: boolean;
  /** The user may list departments (GET /api/departments needs DEPARTMENTS.MANAGE). */
  canListDepartments: boolean;
}

function ChannelsTab({ canListBots, canListDepartments }: ChatConfigPageProps) {
  const configs = useChatConfigs();
  const [editing, setEditing] = useState<ChatConfig | null>(null);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        For each channel: the bot that answers first, the department whose people take over, the working hours, and when
        an unanswered chat is missed.
      </Text>
      <ChannelConfigList
        configs={configs.data}
        loading={configs.isPending}
        error={configs.isError ? { message: configs.error.message, onRetry: () => void configs.refetch() } : null}
        onEdit={setEditing}
      />
      {editing ? (
        <ChannelConfigDrawer
          key={editing.channelId}
          config={editing}
          canListBots={canListBots}
          canListDepartments={canListDepartments}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

/** Chat Config (/admin/chatConfig/chat-config, CHAT.CHAT_CONFIG): channels, agents' capacity, quick replies. */
export function ChatConfigPage({ canListBots, canListDepartments }: ChatConfigPageProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'channels';
  // The tab lives in the address so a reload or a shared link opens the same section.
  const handleTab = (next: string | null) => {
    if (!isTab(next)) return;
    setParams(next === 'channels' ? {} : { tab: next }, { replace: true });
  };

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} fz={24}>
          Chat Config
        </Title>
        <Text c="dimmed" size="sm">
          How customers&apos; chats are answered: by which bot and department, when, and with which quick replies.
        </Text>
      </div>
      <Tabs value={tab} onChange={handleTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="channels" leftSection={<IconMessages size={16} aria-hidden />}>
            Channels
          </Tabs.Tab>
          <Tabs.Tab value="agents" leftSection={<IconUsers size={16} aria-hidden />}>
            Agents
          </Tabs.Tab>
          <Tabs.Tab value="quick-replies" leftSection={<IconBolt size={16} aria-hidden />}>
            Quick Replies
          </Tabs.Tab>
          <Tabs.Tab value="webhook" leftSection={<IconWebhook size={16} aria-hidden />}>
            Webhook
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="channels">
          <ChannelsTab canListBots={canListBots} canListDepartments={canListDepartments} />
        </Tabs.Panel>
        <Tabs.Panel value="agents">
          <AgentCapacityTable />
        </Tabs.Panel>
        <Tabs.Panel value="quick-replies">
          <QuickRepliesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="webhook">
          <WebhookPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
