import { useRef, type KeyboardEvent } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Indicator,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPin, IconRobot, IconSearch } from '@tabler/icons-react';
import {
  chatStateLabels,
  conversationViews,
  type ConversationSummary,
  type LiveChatCounts,
} from '@parley/contracts/conversations';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import type { ConversationFilters } from '../api/conversations-keys';
import { customerLabel, lastMessagePreview, waitingColors, waitingLabels } from './conversation-format';
import classes from './conversations.module.css';

type View = (typeof conversationViews)[number];

const viewLabels: Record<View, string> = {
  mine: 'Mine',
  unassigned: 'Unassigned',
  all: 'All',
  closed: 'Closed',
  missed: 'Missed',
};

/** The spec's live chat counts (platform §3.4), named as the notification menu names them (engagement §2.16). */
const countItems: { key: keyof LiveChatCounts; label: string }[] = [
  { key: 'newChatCount', label: 'New' },
  { key: 'invitedChatCount', label: 'Invited' },
  { key: 'transferredChatCount', label: 'Transferred' },
  { key: 'assginedChatCount', label: 'Assigned' },
  { key: 'missedChatCount', label: 'Missed' },
  { key: 'totalChatCount', label: 'Total' },
];

interface ConversationListProps {
  filters: ConversationFilters;
  /** The search box's text (the filters hold its debounced value). */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onFiltersChange: (change: Partial<ConversationFilters>) => void;
  counts: LiveChatCounts | undefined;
  conversations: ConversationSummary[];
  status: 'pending' | 'error' | 'success';
  errorMessage: string | null;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  selectedId: string | undefined;
  onOpen: (id: string) => void;
  departments: { id: string; name: string }[];
  channels: { id: string; name: string }[];
}

const stateOptions = Object.entries(chatStateLabels).map(([value, label]) => ({ value, label }));

/** The left pane: views with their counts, filters, and the conversations newest activity first. */
export function ConversationList(props: ConversationListProps) {
  const { filters, counts, conversations, selectedId, onOpen } = props;
  const view = filters.view ?? 'mine';
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(
    Boolean(filters.departmentId || filters.state !== undefined || filters.channelId || filters.tag),
  );
  const activeFilters = [filters.departmentId, filters.state, filters.channelId, filters.tag].filter(
    (value) => value !== undefined && value !== '',
  ).length;
  const listRef = useRef<HTMLUListElement>(null);

  // Up and down move through the rows (the focus follows); Enter opens the focused row (a button).
  const handleListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-row]') ?? [])];
    if (buttons.length === 0) return;
    event.preventDefault();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : event.key === 'ArrowDown'
            ? Math.min(buttons.length - 1, index + 1)
            : Math.max(0, index === -1 ? 0 : index - 1);
    buttons[next]?.focus();
  };

  return (
    <>
      <Stack gap={8} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {/* Tight enough for the five views on one line in a 300 px pane. */}
        <Group gap={0} role="group" aria-label="Views" wrap="nowrap">
          {conversationViews.map((item) => (
            <Button
              key={item}
              size="compact-sm"
              px={5}
              style={{ flex: 'none' }}
              variant={item === view ? 'filled' : 'subtle'}
              aria-pressed={item === view}
              onClick={() => props.onFiltersChange({ view: item })}
            >
              {viewLabels[item]}
            </Button>
          ))}
        </Group>
        {counts ? (
          <Group gap={6} aria-label="Live chat counts" role="list">
            {countItems.map((item) => (
              <Text key={item.key} size="xs" c="dimmed" role="listitem">
                {item.label}{' '}
                <Text span fw={700} c="dark">
                  {counts[item.key]}
                </Text>
              </Text>
            ))}
          </Group>
        ) : null}
        <Group gap={6} wrap="nowrap">
          <TextInput
            flex={1}
            size="xs"
            aria-label="Search conversations"
            placeholder="Search name or number"
            leftSection={<IconSearch size={14} aria-hidden />}
            value={props.searchText}
            onChange={(event) => props.onSearchTextChange(event.currentTarget.value)}
          />
          <Button
            size="xs"
            variant={activeFilters > 0 ? 'light' : 'default'}
            onClick={toggleFilters}
            aria-expanded={filtersOpen}
            aria-controls="conversation-filters"
            leftSection={<IconAdjustmentsHorizontal size={14} aria-hidden />}
          >
            Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
          </Button>
        </Group>
        <Collapse expanded={filtersOpen} id="conversation-filters">
          <Stack gap={6}>
            <Select
              size="xs"
              label="Department"
              placeholder="All departments"
              clearable
              data={props.departments.map((department) => ({ value: department.id, label: department.name }))}
              value={filters.departmentId ?? null}
              onChange={(value) => props.onFiltersChange({ departmentId: value ?? undefined })}
            />
            <Group gap={6} grow>
              <Select
                size="xs"
                label="State"
                placeholder="Any state"
                clearable
                data={stateOptions}
                value={filters.state === undefined ? null : String(filters.state)}
                onChange={(value) => props.onFiltersChange({ state: value === null ? undefined : Number(value) })}
              />
              <Select
                size="xs"
                label="Channel"
                placeholder="All channels"
                clearable
                searchable
                data={props.channels.map((channel) => ({ value: channel.id, label: channel.name }))}
                value={filters.channelId ?? null}
                onChange={(value) => props.onFiltersChange({ channelId: value ?? undefined })}
              />
            </Group>
            <TextInput
              size="xs"
              label="Tag"
              placeholder="Any tag"
              defaultValue={filters.tag ?? ''}
              // The tag filters once typed (Enter or leaving the field), not on every key.
              onBlur={(event) => props.onFiltersChange({ tag: event.currentTarget.value.trim() || undefined })}
              onKeyDown={(event) => {
                if (event.key === 'Enter')
                  props.onFiltersChange({ tag: event.currentTarget.value.trim() || undefined });
              }}
            />
          </Stack>
        </Collapse>
      </Stack>
      <div className={classes.listScroll}>
        {props.status === 'pending' ? (
          <Stack gap={0} role="status" aria-busy="true" aria-label="Loading conversations">
            {[0, 1, 2, 3, 4, 5].map((index) => (
              <Box key={index} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                <Skeleton height={12} width="50%" mb={8} />
                <Skeleton height={10} width="85%" />
              </Box>
            ))}
          </Stack>
        ) : props.status === 'error' ? (
          <Box p="sm">
            <QueryErrorAlert
              title="The conversations could not be loaded"
              message={props.errorMessage ?? ''}
              onRetry={props.onRetry}
            />
          </Box>
        ) : conversations.length === 0 ? (
          <Stack p="lg" gap={4} align="center">
            <Text fw={600}>No conversations</Text>
            <Text size="sm" c="dimmed" ta="center">
              {view === 'mine'
                ? 'Chats you pick up or accept show here. Waiting chats are under Unassigned.'
                : 'Nothing matches this view and these filters.'}
            </Text>
          </Stack>
        ) : (
          <nav aria-label="Conversations">
            <ul ref={listRef} onKeyDown={handleListKeyDown} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {conversations.map((conversation) => (
                <li key={conversation.id}>
                  <ConversationRow
                    conversation={conversation}
                    selected={conversation.id === selectedId}
                    onOpen={() => onOpen(conversation.id)}
                  />
                </li>
              ))}
            </ul>
            {props.hasMore ? (
              <Group justify="center" p="sm">
                <Button size="xs" variant="default" loading={props.loadingMore} onClick={props.onLoadMore}>
                  Load More
                </Button>
              </Group>
            ) : null}
          </nav>
        )}
      </div>
    </>
  );
}

function ConversationRow({
  conversation,
  selected,
  onOpen,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  const at = conversation.lastMessage?.at ?? conversation.updatedAt;
  const unread = conversation.newMsgCount;
  return (
    <UnstyledButton data-row className={classes.row} aria-current={selected ? 'true' : undefined} onClick={onOpen}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" miw={0}>
          <Indicator disabled={unread === 0} size={8} color="blue" position="middle-start" offset={-6}>
            <Text fw={unread > 0 ? 700 : 600} size="sm" className={classes.preview}>
              {customerLabel(conversation)}
            </Text>
          </Indicator>
          {conversation.pinned ? <IconPin size={14} aria-label="Pinned" role="img" /> : null}
          {conversation.handoff ? (
            <Tooltip label="Handed over by the bot" withArrow>
              <IconRobot
                size={14}
                aria-label="Handed over by the bot"
                role="img"
                color="var(--mantine-color-violet-6)"
              />
            </Tooltip>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" title={formatDateTime(at)} style={{ flex: 'none' }}>
          {formatRelativeTime(at)}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" justify="space-between" mt={2}>
        <Text size="xs" c="dimmed" className={classes.preview}>
          {lastMessagePreview(conversation)}
        </Text>
        {unread > 0 ? (
          <Badge
            size="sm"
            circle={unread < 10}
            variant="filled"
            // A named element needs a role (axe): the count is read as one picture, '2 unread'.
            role="img"
            aria-label={`${unread} unread`}
            style={{ flex: 'none' }}
          >
            {unread}
          </Badge>
        ) : null}
      </Group>
      <Group gap={4} mt={4} wrap="nowrap">
        <Text size="xs" c="gray.7" className={classes.preview}>
          {conversation.channelName}
        </Text>
        {conversation.waiting ? (
          <Badge size="xs" variant="light" color={waitingColors[conversation.waiting]} style={{ flex: 'none' }}>
            {waitingLabels[conversation.waiting]}
          </Badge>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}
