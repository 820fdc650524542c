import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Group, Indicator, Menu, Text } from '@mantine/core';
import { IconBellRinging, IconHandClick, IconMessageCircle } from '@tabler/icons-react';
import type { SessionUser } from '@parley/contracts/account';
import { useChatCounts } from '../api/get-chat-counts';
import { useChatPreferences } from '../api/get-chat-preferences';
import { useChatTopics } from '../api/get-chat-topics';
import { useMyChatIds } from '../api/get-my-chats';
import { kindInfo, notificationKinds, type NotificationKind } from '../api/notification-kinds';
import type { SoundPlayer } from '../alerts/chat-sounds';
import { desktopPermission, requestDesktopPermission, type DesktopPermission } from '../alerts/desktop-notification';
import { chatConversationPath } from '../chat-paths';
import type { ChatNotificationsRealtime } from '../realtime/chat-notification-events';
import { useChatAlerts } from '../realtime/use-chat-alerts';
import { ChatNotificationListDialog } from './ChatNotificationListDialog';

export interface ChatNotificationMenuProps {
  user: Pick<SessionUser, 'uId' | 'permissions'>;
  /** The console's websocket (tests pass a fake). */
  realtime: ChatNotificationsRealtime;
  /** Plays a named notification sound (the one the Profile page previews with). */
  playSound: SoundPlayer;
  /** Moves the console to a path (a picked-up chat, a clicked desktop notification). */
  onNavigate: (path: string) => void;
}

/** The top bar's chat icon and 'Live Chats' menu, for users who handle chats (engagement §2.16). */
export function ChatNotificationMenu(props: ChatNotificationMenuProps) {
  if (!props.user.permissions.includes('CHAT.HANDLE')) return null;
  return <LiveChatsMenu {...props} />;
}

const CONNECTION_CHECK_MS = 1000;

/** Whether the websocket is up: without it the counts are polled. */
function useLive(realtime: ChatNotificationsRealtime): boolean {
  const [live, setLive] = useState(() => realtime.isConnected());
  useEffect(() => {
    const timer = setInterval(() => setLive(realtime.isConnected()), CONNECTION_CHECK_MS);
    return () => clearInterval(timer);
  }, [realtime]);
  return live;
}

/** Listens to the user's queues while chat alerts are on (the chat page may add its own topics). */
function useChatTopicSubscription(realtime: ChatNotificationsRealtime, enabled: boolean): void {
  const canSubscribe = enabled && realtime.subscribe !== undefined;
  const topics = useChatTopics(canSubscribe);
  const topicKey = (topics.data ?? []).join('\n');
  useEffect(() => {
    if (!canSubscribe || !topicKey) return undefined;
    return realtime.subscribe?.(topicKey.split('\n'));
  }, [realtime, canSubscribe, topicKey]);
}

function LiveChatsMenu({ user, realtime, playSound, onNavigate }: ChatNotificationMenuProps) {
  const live = useLive(realtime);
  const counts = useChatCounts(live);
  const preferences = useChatPreferences();
  const alertsOn = preferences.data?.enableChatNotification === true;
  useMyChatIds(alertsOn);
  useChatTopicSubscription(realtime, alertsOn);
  useChatAlerts({ realtime, userId: user.uId, playSound, onNavigate });
  const [openKind, setOpenKind] = useState<NotificationKind | null>(null);
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);

  const total = counts.data?.totalChatCount ?? 0;
  const offerDesktop =
    permission === 'default' &&
    preferences.data?.enablePushNotification === true &&
    preferences.data.enableChatNotification;

  const handleEnableDesktop = () => {
    void requestDesktopPermission().then(setPermission);
  };

  return (
    <>
      {/* The badge wraps the whole menu: the menu's target must be the button itself (aria-haspopup). */}
      <Indicator
        label={<span aria-hidden="true">{total}</span>}
        disabled={total === 0}
        size={16}
        offset={4}
        color="red"
        inline
      >
        {/* No focus placeholder: axe refuses a focusable presentational child inside role="menu". */}
        <Menu position="bottom-end" width={240} shadow="md" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Live Chats, ${total} waiting`}>
              <IconMessageCircle size={20} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Live Chats</Menu.Label>
            {notificationKinds.map((kind) => {
              const info = kindInfo[kind];
              const count = counts.data?.[info.countKey] ?? 0;
              return (
                <Menu.Item
                  key={kind}
                  onClick={() => setOpenKind(kind)}
                  rightSection={
                    <Group gap={6} wrap="nowrap">
                      <Badge variant="light" color={count > 0 ? 'blue' : 'gray'} miw={28}>
                        {count}
                      </Badge>
                      <IconHandClick size={16} aria-hidden="true" />
                    </Group>
                  }
                >
                  <Text size="sm" span>
                    {info.rowLabel}
                  </Text>
                </Menu.Item>
              );
            })}
            {offerDesktop ? (
              <>
                <Menu.Divider />
                <Menu.Item leftSection={<IconBellRinging size={16} aria-hidden="true" />} onClick={handleEnableDesktop}>
                  Enable Desktop Notifications
                </Menu.Item>
              </>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </Indicator>
      <ChatNotificationListDialog
        kind={openKind}
        onClose={() => setOpenKind(null)}
        onPickedUp={(conversationId) => onNavigate(chatConversationPath(conversationId))}
      />
    </>
  );
}
