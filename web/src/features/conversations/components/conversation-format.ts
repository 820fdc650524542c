import {
  chatStateLabels,
  type ChatState,
  type ConversationSummary,
  type WaitingKind,
} from '@parley/contracts/conversations';

/** Where the console lives (engagement.md §2.16: reached from the notification). */
export const CONVERSATIONS_PATH = '/chat/conversation';

export const conversationPath = (id: string, search = '') => `${CONVERSATIONS_PATH}/${id}${search ? `?${search}` : ''}`;

export const waitingLabels: Record<WaitingKind, string> = {
  new: 'New',
  invited: 'Invited',
  transferred: 'Transferred',
  assigned: 'Assigned',
};

export const waitingColors: Record<WaitingKind, string> = {
  new: 'orange',
  invited: 'grape',
  transferred: 'indigo',
  assigned: 'cyan',
};

const stateColors: Record<ChatState, string> = { 0: 'orange', 1: 'blue', 2: 'teal', 3: 'gray', 4: 'red', 5: 'yellow' };

export function stateLabel(state: number): string {
  return chatStateLabels[state as ChatState] ?? `State ${state}`;
}
export function stateColor(state: number): string {
  return stateColors[state as ChatState] ?? 'gray';
}

/** The customer as the console names them: the name, else the number. */
export function customerLabel(conversation: Pick<ConversationSummary, 'customer'>): string {
  return conversation.customer.name.trim() || conversation.customer.number;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * The number to show beside the customer's label, or null when the label already is the number
 * (a customer the channel knows only by number is often named with it, with or without the '+').
 */
export function customerNumberBesideLabel(conversation: Pick<ConversationSummary, 'customer'>): string | null {
  const { name, number } = conversation.customer;
  const label = name.trim();
  if (!label || digitsOf(label) === digitsOf(number)) return null;
  return number;
}

/** The one-line preview of the last message ('You:' for what went out, the bot's included). */
export function lastMessagePreview(conversation: ConversationSummary): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const text = last.text.replace(/\s+/g, ' ').trim() || 'Attachment';
  return last.direction === 'out' ? `You: ${text}` : text;
}
