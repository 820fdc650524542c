import type { LiveChatCounts, WaitingKind } from '@parley/contracts/conversations';

/** The five rows of the 'Live Chats' menu (engagement §2.16), in the spec's order. */
export const notificationKinds = ['transferred', 'new', 'invited', 'assigned', 'missed'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

interface KindInfo {
  /** The row's text in the menu. */
  rowLabel: string;
  /** The chat's type as the dialogs show it ('{type} chat', the Type column). */
  type: string;
  countKey: keyof LiveChatCounts;
  /** The list's 'by' column: who transferred or invited (only for those two). */
  byHeader: string | null;
  /** Which call takes the chat: a queue chat is picked up, one meant for the caller is accepted. */
  take: 'pickup' | 'accept';
}

export const kindInfo: Record<NotificationKind, KindInfo> = {
  transferred: {
    rowLabel: 'Transfer Chats',
    type: 'Transferred',
    countKey: 'transferredChatCount',
    byHeader: 'Transferred By',
    take: 'accept',
  },
  new: { rowLabel: 'Live Chats', type: 'Live', countKey: 'newChatCount', byHeader: null, take: 'pickup' },
  invited: {
    rowLabel: 'Invite Chats',
    type: 'Invited',
    countKey: 'invitedChatCount',
    byHeader: 'Invited By',
    take: 'accept',
  },
  assigned: {
    rowLabel: 'Assigned Chats',
    type: 'Assigned',
    countKey: 'assginedChatCount',
    byHeader: null,
    take: 'accept',
  },
  // A missed chat waits for nobody: taking it up again is a pickup.
  missed: { rowLabel: 'Missed Chats', type: 'Missed', countKey: 'missedChatCount', byHeader: null, take: 'pickup' },
};

/** Chats waiting for people now (the menu's waiting total: a rise is a new chat). */
export function waitingTotal(counts: LiveChatCounts): number {
  return counts.newChatCount + counts.invitedChatCount + counts.transferredChatCount + counts.assginedChatCount;
}

export const isWaitingKind = (kind: NotificationKind): kind is WaitingKind => kind !== 'missed';
