import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Menu,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowsExchange,
  IconCircleX,
  IconDots,
  IconDoorExit,
  IconLock,
  IconPin,
  IconPinnedOff,
  IconPlayerPause,
  IconPlayerPlay,
  IconTag,
  IconTemplate,
  IconUserCircle,
  IconUserPlus,
  IconUserShare,
} from '@tabler/icons-react';
import { conversationMessages, type AgentSelf, type ConversationSummary } from '@parley/contracts/conversations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useAcceptConversation } from '../api/accept-conversation';
import { useAssignConversation } from '../api/assign-conversation';
import { useCloseConversation } from '../api/close-conversation';
import { useConversation } from '../api/get-conversation';
import { useMessages } from '../api/get-messages';
import { useInviteAgent } from '../api/invite-agent';
import { useLeaveConversation } from '../api/leave-conversation';
import { useMarkRead } from '../api/mark-read';
import { usePickupConversation } from '../api/pickup-conversation';
import { usePinConversation } from '../api/pin-conversation';
import { useResumeConversation } from '../api/resume-conversation';
import { useSuspendConversation } from '../api/suspend-conversation';
import { useTagConversation } from '../api/tag-conversation';
import { useTransferConversation } from '../api/transfer-conversation';
import { AgentPickerDialog, type AgentPick, type AgentPickerPurpose } from './AgentPickerDialog';
import { chatAbilities } from './chat-abilities';
import { CloseChatDialog } from './CloseChatDialog';
import { Composer } from './Composer';
import {
  customerLabel,
  customerNumberBesideLabel,
  stateColor,
  stateLabel,
  waitingColors,
  waitingLabels,
} from './conversation-format';
import { HandoffBanner } from './HandoffBanner';
import { MessageBubble } from './MessageBubble';
import { TagDialog } from './TagDialog';
import classes from './conversations.module.css';

/** What the route composes into the thread: the template (Just In Time) send dialog of broadcast-send. */
export type TemplateSendSlot = (props: {
  opened: boolean;
  conversation: ConversationSummary;
  onClose: () => void;
}) => ReactNode;

interface ConversationThreadProps {
  conversationId: string;
  userId: string;
  self: AgentSelf | undefined;
  renderTemplateSend: TemplateSendSlot;
  /** Narrow screens: back to the list, and the customer panel as an overlay. */
  onBack: () => void;
  onToggleCustomer: () => void;
  customerOpen: boolean;
}

type Dialog = 'pickup' | 'transfer' | 'invite' | 'assign' | 'tag' | 'close' | 'leave' | 'suspend' | null;

/** How near the bottom (px) counts as "reading the latest": new messages then scroll into view. */
const STICK_TO_BOTTOM_PX = 80;

/** The middle pane: the conversation's header and actions, the handoff banner, the messages and the reply box. */
/**
 * An action of the thread's header: labelled where the pane is wide; only the icon (named, with a
 * tooltip of the same words) where the name needs the room.
 */
function HeaderAction(props: { label: string; icon: ReactNode; color?: string; onClick: () => void }) {
  return (
    <Tooltip label={props.label} openDelay={400}>
      <Button
        size="compact-md"
        variant={props.color ? 'light' : 'default'}
        color={props.color}
        className={classes.headerAction}
        aria-label={props.label}
        leftSection={props.icon}
        onClick={props.onClick}
      >
        <span className={classes.headerActionLabel}>{props.label}</span>
      </Button>
    </Tooltip>
  );
}

export function ConversationThread(props: ConversationThreadProps) {
  const { conversationId, userId, self } = props;
  const detail = useConversation(conversationId);
  const messages = useMessages(conversationId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [templateOpen, setTemplateOpen] = useState(false);
  // A send refused for the 24-hour window turns the composer into the template bar at once.
  const [windowClosedFor, setWindowClosedFor] = useState<string | null>(null);
  const [pickupError, setPickupError] = useState<{ id: string; text: string } | null>(null);

  const pickup = usePickupConversation();
  const accept = useAcceptConversation();
  const transfer = useTransferConversation();
  const invite = useInviteAgent();
  const assign = useAssignConversation();
  const suspend = useSuspendConversation();
  const resume = useResumeConversation();
  const pin = usePinConversation();
  const tag = useTagConversation();
  const close = useCloseConversation();
  const leave = useLeaveConversation();
  const markRead = useMarkRead();

  const conversation = detail.data?.conversation;
  const abilities = conversation ? chatAbilities(conversation, userId, self) : null;

  // A participant who opens a chat has read it: the unread badge goes.
  const unread = conversation?.newMsgCount ?? 0;
  const participant = abilities?.participant ?? false;
  const { mutate: markReadMutate } = markRead;
  useEffect(() => {
    if (participant && unread > 0) markReadMutate(conversationId);
  }, [participant, unread, conversationId, markReadMutate]);

  if (detail.isPending) {
    return (
      <Stack p="md" gap="sm" role="status" aria-busy="true" aria-label="Loading the conversation">
        <Skeleton height={24} width="40%" />
        <Skeleton height={14} width="60%" />
        <Skeleton height={60} mt="md" width="55%" />
        <Skeleton height={60} width="45%" ml="auto" />
      </Stack>
    );
  }
  if (detail.isError || !conversation || !abilities) {
    return (
      <Box p="md">
        <QueryErrorAlert
          title="The conversation could not be loaded"
          message={detail.error?.message ?? ''}
          onRetry={() => void detail.refetch()}
        />
      </Box>
    );
  }

  const closeDialog = () => setDialog(null);
  const id = conversation.id;
  const jitRequired = conversation.isJITRequired || windowClosedFor === id;

  const handlePickup = () =>
    pickup.mutate(id, {
      onSuccess: () => {
        setPickupError(null);
        closeDialog();
      },
      onError: (failure) => {
        const text =
          failure instanceof ApiError && failure.httpStatus === 409
            ? conversationMessages.pickupTaken
            : failure instanceof Error
              ? failure.message
              : conversationMessages.pickupTaken;
        setPickupError({ id, text });
        showToast(text, { tone: 'error' });
        closeDialog();
        void detail.refetch();
      },
    });

  const handleAgentPick = (purpose: AgentPickerPurpose, pick: AgentPick) => {
    const done = { onSuccess: closeDialog };
    if (purpose === 'transfer') transfer.mutate({ id, ...pick }, done);
    else if (purpose === 'invite' && pick.userId) invite.mutate({ id, userId: pick.userId }, done);
    else if (purpose === 'assign' && pick.userId) assign.mutate({ id, userId: pick.userId }, done);
  };

  const pickerPurpose: AgentPickerPurpose | null =
    dialog === 'transfer' || dialog === 'invite' || dialog === 'assign' ? dialog : null;

  return (
    <>
      <Box px="md" py={10} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {/* Two lines: who (in full) beside the actions, then the state and where the chat comes from. */}
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap="xs" wrap="nowrap" miw={0} align="flex-start">
            <ActionIcon
              variant="subtle"
              color="gray"
              className={classes.narrowOnly}
              aria-label="Back to the list"
              onClick={props.onBack}
            >
              <IconArrowLeft size={18} aria-hidden />
            </ActionIcon>
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Title order={2} fz="lg" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {customerLabel(conversation)}
                </Title>
                {conversation.pinned ? <IconPin size={14} role="img" aria-label="Pinned" /> : null}
              </Group>
              <Group gap={6} mt={4} wrap="wrap" align="center">
                <Badge size="sm" variant="light" color={stateColor(conversation.state)} style={{ flex: 'none' }}>
                  {stateLabel(conversation.state)}
                </Badge>
                {conversation.waiting && waitingLabels[conversation.waiting] !== stateLabel(conversation.state) ? (
                  <Badge
                    size="sm"
                    variant="outline"
                    color={waitingColors[conversation.waiting]}
                    style={{ flex: 'none' }}
                  >
                    {waitingLabels[conversation.waiting]}
                  </Badge>
                ) : null}
                <Text size="xs" c="dimmed" className={classes.headerMeta}>
                  {[
                    customerNumberBesideLabel(conversation),
                    conversation.channelName,
                    conversation.departmentName,
                    conversation.participants.length > 0
                      ? `with ${conversation.participants.map((person) => person.name).join(', ')}`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Group>
            </div>
          </Group>
          <Group gap={4} wrap="nowrap">
            {abilities.canManage ? (
              <>
                <HeaderAction
                  label="Transfer"
                  icon={<IconArrowsExchange size={16} aria-hidden />}
                  onClick={() => setDialog('transfer')}
                />
                <HeaderAction
                  label="Close Chat"
                  icon={<IconCircleX size={16} aria-hidden />}
                  color="red"
                  onClick={() => setDialog('close')}
                />
              </>
            ) : null}
            <Tooltip label="Customer details">
              <ActionIcon
                variant={props.customerOpen ? 'light' : 'subtle'}
                color="gray"
                size="lg"
                className={classes.narrowOnly}
                aria-label="Customer details"
                aria-pressed={props.customerOpen}
                onClick={props.onToggleCustomer}
              >
                <IconUserCircle size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label="More actions">
                  <IconDots size={20} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {abilities.canManage ? (
                  <Menu.Item leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setDialog('invite')}>
                    Invite an Agent
                  </Menu.Item>
                ) : null}
                {abilities.canAssign ? (
                  <Menu.Item leftSection={<IconUserShare size={16} aria-hidden />} onClick={() => setDialog('assign')}>
                    Assign
                  </Menu.Item>
                ) : null}
                {abilities.canManage && conversation.state !== 5 ? (
                  <Menu.Item
                    leftSection={<IconPlayerPause size={16} aria-hidden />}
                    onClick={() => setDialog('suspend')}
                  >
                    Suspend
                  </Menu.Item>
                ) : null}
                {abilities.canManage && conversation.state === 5 ? (
                  <Menu.Item leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => resume.mutate(id)}>
                    Resume
                  </Menu.Item>
                ) : null}
                <Menu.Item
                  leftSection={
                    conversation.pinned ? <IconPinnedOff size={16} aria-hidden /> : <IconPin size={16} aria-hidden />
                  }
                  onClick={() => pin.mutate({ id, pinAction: conversation.pinned ? 'unpin' : 'pin' })}
                >
                  {conversation.pinned ? 'Unpin' : 'Pin'}
                </Menu.Item>
                <Menu.Item leftSection={<IconTag size={16} aria-hidden />} onClick={() => setDialog('tag')}>
                  Tag
                </Menu.Item>
                {abilities.canLeave ? (
                  <Menu.Item leftSection={<IconDoorExit size={16} aria-hidden />} onClick={() => setDialog('leave')}>
                    Leave Chat
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </Box>
      {conversation.handoff ? <HandoffBanner handoff={conversation.handoff} /> : null}
      <MessageLog conversationId={id} messages={messages} />
      <Box>
        {!abilities.open ? (
          <Group gap="xs" p="md" justify="center" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <IconLock size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              {conversationMessages.closedChat}
            </Text>
          </Group>
        ) : abilities.canReply && jitRequired ? (
          <Stack gap="xs" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm">{conversationMessages.jitRequired}</Text>
            <Group>
              <Button leftSection={<IconTemplate size={16} aria-hidden />} onClick={() => setTemplateOpen(true)}>
                Send Template
              </Button>
            </Group>
          </Stack>
        ) : abilities.canReply ? (
          <Composer conversationId={id} onOutsideWindow={() => setWindowClosedFor(id)} />
        ) : (
          <Stack gap="xs" p="md" align="center" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            {pickupError?.id === id ? (
              <Alert color="red" variant="light" role="alert" py={6} w="100%">
                {pickupError.text}
              </Alert>
            ) : null}
            {abilities.canAccept ? (
              <>
                <Text size="sm" c="dimmed">
                  {conversation.waitingBy
                    ? `${waitingLabels[conversation.waiting!]} by ${conversation.waitingBy}`
                    : 'This chat waits for you'}
                </Text>
                <Button onClick={() => accept.mutate(id)} loading={accept.isPending}>
                  Accept
                </Button>
              </>
            ) : abilities.canPickUp ? (
              <Button onClick={() => setDialog('pickup')} loading={pickup.isPending}>
                Pick Up
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {conversation.handler === 'bot'
                  ? 'The bot is answering this chat.'
                  : conversationMessages.notParticipant}
              </Text>
            )}
          </Stack>
        )}
      </Box>

      <ConfirmDialog
        opened={dialog === 'pickup'}
        title={`${conversation.waiting ? waitingLabels[conversation.waiting] : 'New'} chat`}
        message="Do you want pickup this chat ?"
        confirmLabel="Pickup"
        cancelLabel="Ignore"
        loading={pickup.isPending}
        onConfirm={handlePickup}
        onClose={closeDialog}
      />
      <ConfirmDialog
        opened={dialog === 'suspend'}
        title="Suspend Chat"
        message="The chat stays yours and waits until you resume it."
        confirmLabel="Suspend"
        loading={suspend.isPending}
        onConfirm={() => suspend.mutate(id, { onSuccess: closeDialog })}
        onClose={closeDialog}
      />
      <ConfirmDialog
        opened={dialog === 'leave'}
        title="Leave Chat"
        message="You will no longer see this chat's new messages."
        confirmLabel="Leave"
        danger
        loading={leave.isPending}
        onConfirm={() => leave.mutate(id, { onSuccess: closeDialog })}
        onClose={closeDialog}
      />
      <AgentPickerDialog
        purpose={pickerPurpose}
        excludeUserIds={[userId, ...conversation.participants.map((person) => person.userId)]}
        loading={transfer.isPending || invite.isPending || assign.isPending}
        onSubmit={(pick) => pickerPurpose && handleAgentPick(pickerPurpose, pick)}
        onClose={closeDialog}
      />
      <TagDialog
        opened={dialog === 'tag'}
        loading={tag.isPending}
        onSubmit={(value) => tag.mutateAsync({ id, ...value })}
        onClose={closeDialog}
      />
      <CloseChatDialog
        opened={dialog === 'close'}
        loading={close.isPending}
        onSubmit={(feedback) => close.mutate({ id, feedback }, { onSuccess: closeDialog })}
        onClose={closeDialog}
      />
      {props.renderTemplateSend({ opened: templateOpen, conversation, onClose: () => setTemplateOpen(false) })}
    </>
  );
}

function MessageLog({
  conversationId,
  messages,
}: {
  conversationId: string;
  messages: ReturnType<typeof useMessages>;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // Before older messages go on top, where the reader was (kept after they render).
  const heightBeforeOlder = useRef<number | null>(null);
  const pages = messages.data?.pages ?? [];
  const ordered = [...pages].reverse().flatMap((page) => page.messages);
  const lastId = ordered.at(-1)?.id;

  useEffect(() => {
    atBottom.current = true;
  }, [conversationId]);

  // A picture that loads, or a pane that changes size, moves the latest message out of view:
  // a reader at the bottom stays there.
  useEffect(() => {
    const element = scrollRef.current;
    const content = contentRef.current;
    if (!element || !content || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && heightBeforeOlder.current === null) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (atBottom.current) element.scrollTop = element.scrollHeight;
  }, [ordered.length, lastId]);

  const loadOlder = () => {
    if (!messages.hasNextPage || messages.isFetchingNextPage) return;
    heightBeforeOlder.current = scrollRef.current?.scrollHeight ?? null;
    void messages.fetchNextPage();
  };

  const handleScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < 40) loadOlder();
  };

  return (
    <div
      ref={scrollRef}
      className={classes.thread}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      tabIndex={0}
      onScroll={handleScroll}
    >
      <div ref={contentRef} className={classes.threadContent}>
        {messages.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" role="status" aria-label="Loading messages" />
          </Group>
        ) : messages.isError ? (
          <QueryErrorAlert
            title="The messages could not be loaded"
            message={messages.error.message}
            onRetry={() => void messages.refetch()}
          />
        ) : (
          <>
            {messages.hasNextPage ? (
              <Group justify="center">
                <Button size="compact-xs" variant="subtle" onClick={loadOlder} loading={messages.isFetchingNextPage}>
                  Load Older Messages
                </Button>
              </Group>
            ) : null}
            {ordered.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" mt="lg">
                No messages yet
              </Text>
            ) : (
              ordered.map((message) => <MessageBubble key={message.id} message={message} />)
            )}
          </>
        )}
      </div>
    </div>
  );
}
