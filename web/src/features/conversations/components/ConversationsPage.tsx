import { useEffect, useMemo, useState } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { conversationListQuery, conversationViews } from '@parley/contracts/conversations';
import { customerLimits } from '@parley/contracts/customer-master';
import type { ConversationDetailData } from '../api/conversation-cache';
import type { ConversationFilters } from '../api/conversations-keys';
import { useAgentStatus } from '../api/get-agent-status';
import { useChatAgents } from '../api/get-chat-agents';
import { useChatChannels } from '../api/get-chat-channels';
import { useConversation } from '../api/get-conversation';
import { useConversations } from '../api/get-conversations';
import { useCounts } from '../api/get-counts';
import type { ConversationsRealtime } from '../realtime/conversation-events';
import { useConversationRealtime } from '../realtime/use-conversation-realtime';
import { AvailabilityToggle } from './AvailabilityToggle';
import { CONVERSATIONS_PATH, conversationPath } from './conversation-format';
import { ConversationList } from './ConversationList';
import { ConversationThread, type TemplateSendSlot } from './ConversationThread';
import { CustomerPanel } from './CustomerPanel';
import classes from './conversations.module.css';

export interface ConversationsPageProps {
  /** The open conversation (/chat/conversation/:id), none on /chat/conversation. */
  conversationId: string | undefined;
  realtime: ConversationsRealtime;
  /** The signed-in user (participant checks). */
  userId: string;
  canViewCustomer: boolean;
  canEditCustomer: boolean;
  /** The template (Just In Time) send dialog, composed by the route from broadcast-send. */
  renderTemplateSend: TemplateSendSlot;
}

/** The list's filters from the URL; a value the contract refuses is left out rather than sent. */
function filtersFrom(params: URLSearchParams): ConversationFilters {
  const view = params.get('view');
  const raw = {
    view: view && (conversationViews as readonly string[]).includes(view) ? view : 'mine',
    departmentId: params.get('departmentId') ?? undefined,
    state: params.get('state') ?? undefined,
    channelId: params.get('channelId') ?? undefined,
    tag: params.get('tag') ?? undefined,
    search: params.get('search') ?? undefined,
  };
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === '') continue;
    const parsed = conversationListQuery.shape[key as keyof typeof raw].safeParse(value);
    if (parsed.success) filters[key] = parsed.data;
  }
  return filters as ConversationFilters;
}

/**
 * The agent's console at /chat/conversation (CHAT.HANDLE): the conversations, the open thread and
 * the customer, kept live by the websocket. The list's view and filters live in the URL.
 */
export function ConversationsPage(props: ConversationsPageProps) {
  const { conversationId } = props;
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(searchParams), [searchParams]);
  const [customerOpen, setCustomerOpen] = useState(false);

  const [searchText, setSearchText] = useState(filters.search ?? '');
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), customerLimits.searchDebounceMs);

  const self = useAgentStatus();
  const list = useConversations(filters);
  const counts = useCounts(list.isError);
  const agents = useChatAgents();
  const channels = useChatChannels();
  const detail = useConversation(conversationId);

  const search = searchParams.toString();
  useConversationRealtime(props.realtime, self.data?.topics, conversationId, {
    onChatRemoved: (id) => {
      if (id === conversationId) void navigate(`${CONVERSATIONS_PATH}${search ? `?${search}` : ''}`);
    },
  });

  const updateFilters = (change: Partial<ConversationFilters>) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === undefined || value === '' || (key === 'view' && value === 'mine')) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  };

  // The search reaches the URL (and the query) once the typing pauses.
  useEffect(() => {
    if ((filters.search ?? '') !== debouncedSearch) updateFilters({ search: debouncedSearch || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced text moves the URL
  }, [debouncedSearch]);

  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
  const openConversation = (id: string) => void navigate(conversationPath(id, search));

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <div>
          <Title order={1} fz={24}>
            Conversations
          </Title>
          <Text size="sm" c="dimmed">
            Chats of your departments, live
          </Text>
        </div>
        <Group gap="xs">
          <Text size="sm" id="availability-label" c="dimmed">
            Availability
          </Text>
          <AvailabilityToggle status={self.data?.agentStatus} />
        </Group>
      </Group>
      <div className={classes.console} data-has-open={conversationId ? 'true' : 'false'}>
        <section className={classes.listPane} aria-label="Conversation list">
          <ConversationList
            filters={filters}
            searchText={searchText}
            onSearchTextChange={setSearchText}
            onFiltersChange={updateFilters}
            counts={counts.data}
            conversations={conversations}
            status={list.status}
            errorMessage={list.error?.message ?? null}
            onRetry={() => void list.refetch()}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            selectedId={conversationId}
            onOpen={openConversation}
            departments={agents.data?.departments ?? []}
            channels={channels.data ?? []}
          />
        </section>
        <section className={classes.threadPane} aria-label="Conversation">
          {conversationId ? (
            <ConversationThread
              key={conversationId}
              conversationId={conversationId}
              userId={props.userId}
              self={self.data}
              renderTemplateSend={props.renderTemplateSend}
              onBack={() => void navigate(`${CONVERSATIONS_PATH}${search ? `?${search}` : ''}`)}
              onToggleCustomer={() => setCustomerOpen((open) => !open)}
              customerOpen={customerOpen}
            />
          ) : (
            <Group justify="center" align="center" h="100%" p="xl">
              <Text c="dimmed" ta="center">
                Choose a conversation from the list.
              </Text>
            </Group>
          )}
        </section>
        <aside className={classes.customerPane} aria-label="Customer details" data-open={customerOpen}>
          {detail.data ? (
            <CustomerPanel
              detail={detail.data as ConversationDetailData}
              canViewCustomer={props.canViewCustomer}
              canEditCustomer={props.canEditCustomer}
              onOpenConversation={openConversation}
            />
          ) : (
            <Text size="sm" c="dimmed" p="md">
              The customer of the open chat shows here.
            </Text>
          )}
        </aside>
      </div>
    </>
  );
}
