import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { Preferences } from '@parley/contracts/account';
import { chatNotificationsKeys } from '../api/chat-notifications-keys';
import { getChat } from '../api/get-chat';
import { notificationChatsQueryOptions } from '../api/get-notification-chats';
import { createChatSoundPlayer, type SoundPlayer } from '../alerts/chat-sounds';
import { desktopNotificationsWanted, desktopPermission, showDesktopNotification } from '../alerts/desktop-notification';
import { claimAlert, pathIsInFocus, recordTabFocus } from '../alerts/tab-coordination';
import { chatConversationPath } from '../chat-paths';
import { subscribeChatNotificationEvents, type ChatNotificationsRealtime } from './chat-notification-events';

interface ChatAlertsOptions {
  realtime: ChatNotificationsRealtime;
  userId: string;
  playSound: SoundPlayer;
  onNavigate: (path: string) => void;
}

/**
 * Follows the chat events while the console is open and announces them as the user's settings say:
 * the new-chat or new-message sound, and a desktop notification when those are on and allowed.
 * Settings are read when an event comes, so a change on the Profile page applies at once.
 */
export function useChatAlerts({ realtime, userId, playSound, onNavigate }: ChatAlertsOptions): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  const navigateRef = useRef(onNavigate);
  const ring = useMemo(() => createChatSoundPlayer(playSound), [playSound]);

  useEffect(() => {
    navigateRef.current = onNavigate;
  }, [onNavigate]);

  useEffect(() => {
    pathRef.current = pathname;
    recordTabFocus(pathname);
  }, [pathname]);

  useEffect(() => {
    const handleFocusChange = () => recordTabFocus(pathRef.current);
    window.addEventListener('focus', handleFocusChange);
    window.addEventListener('blur', handleFocusChange);
    document.addEventListener('visibilitychange', handleFocusChange);
    return () => {
      window.removeEventListener('focus', handleFocusChange);
      window.removeEventListener('blur', handleFocusChange);
      document.removeEventListener('visibilitychange', handleFocusChange);
    };
  }, []);

  useEffect(() => {
    const preferences = () => queryClient.getQueryData<Preferences>(chatNotificationsKeys.preferences());
    const openChat = (conversationId: string) => navigateRef.current(chatConversationPath(conversationId));
    const wantsDesktop = () => desktopNotificationsWanted(preferences()) && desktopPermission() === 'granted';

    return subscribeChatNotificationEvents(realtime, queryClient, userId, {
      onNewChat(conversationId, eventId) {
        if (!claimAlert(eventId)) return;
        ring(preferences(), 'new_chat');
        if (!wantsDesktop()) return;
        // A rise of the counts does not say which chat: the newest one waiting in the queue is shown.
        const chat = conversationId
          ? getChat(conversationId)
          : queryClient.fetchQuery(notificationChatsQueryOptions('new')).then((chats) => chats[0]);
        chat
          .then((found) => {
            if (!found) return;
            showDesktopNotification(
              {
                conversationId: found.id,
                customerName: found.customer.name,
                lastMessage: found.lastMessage?.text ?? '',
              },
              openChat,
            );
          })
          .catch(() => {
            // The sound has told the user already; a failed look-up only loses the desktop notice.
          });
      },
      onInboundMessage(conversationId, message, eventId) {
        if (pathIsInFocus(chatConversationPath(conversationId), pathRef.current)) return;
        if (!claimAlert(eventId)) return;
        ring(preferences(), 'new_message');
        if (wantsDesktop())
          showDesktopNotification(
            { conversationId, customerName: message.sender.name, lastMessage: message.text },
            openChat,
          );
      },
    });
  }, [realtime, queryClient, userId, ring]);
}
