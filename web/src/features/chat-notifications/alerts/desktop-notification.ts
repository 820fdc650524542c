import type { Preferences } from '@parley/contracts/account';

export type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(): DesktopPermission {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** Browsers only ask from a user gesture: call this from a click. */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (desktopPermission() === 'unsupported') return 'unsupported';
  return Notification.requestPermission();
}

export function desktopNotificationsWanted(preferences: Preferences | undefined): boolean {
  return Boolean(preferences?.enableChatNotification && preferences.enablePushNotification);
}

interface ChatNotice {
  conversationId: string;
  customerName: string;
  lastMessage: string;
}

/**
 * A browser notification for a chat (title: the customer, body: the last message). Its click
 * brings the console forward and opens the chat. One per chat: a newer one replaces it (tag), also
 * across tabs.
 */
export function showDesktopNotification(notice: ChatNotice, onOpenChat: (conversationId: string) => void): void {
  if (desktopPermission() !== 'granted') return;
  const notification = new Notification(notice.customerName, {
    body: notice.lastMessage,
    tag: `parley-chat-${notice.conversationId}`,
  });
  notification.onclick = () => {
    window.focus();
    onOpenChat(notice.conversationId);
    notification.close();
  };
}
