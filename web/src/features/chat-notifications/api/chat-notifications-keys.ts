import type { NotificationKind } from './notification-kinds';

/** Query keys of the top bar's chat notifications. */
export const chatNotificationsKeys = {
  all: ['chat-notifications'] as const,
  counts: () => ['chat-notifications', 'counts'] as const,
  lists: () => ['chat-notifications', 'list'] as const,
  list: (kind: NotificationKind) => ['chat-notifications', 'list', kind] as const,
  /** The conversations the user takes part in (whose new messages ring). */
  mine: () => ['chat-notifications', 'mine'] as const,
  topics: () => ['chat-notifications', 'topics'] as const,
  /**
   * The same key as the account feature's preferences (features never import each other): both
   * read the one contract route, so a save on the Profile page reaches the menu without a reload.
   */
  preferences: () => ['account', 'preferences'] as const,
};
