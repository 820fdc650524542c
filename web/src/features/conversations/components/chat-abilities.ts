import {
  openChatStates,
  type AgentSelf,
  type ChatState,
  type ConversationSummary,
} from '@parley/contracts/conversations';

/** What the caller may do with one conversation, from its participants, waiting state and the caller's role. */
export interface ChatAbilities {
  open: boolean;
  participant: boolean;
  owner: boolean;
  /** Joined by invitation (may leave). */
  invitedParticipant: boolean;
  /** An invitation, transfer or assignment waits for the caller. */
  canAccept: boolean;
  canPickUp: boolean;
  canReply: boolean;
  /** Transfer, invite, suspend / resume, close: the owner, or a supervisor. */
  canManage: boolean;
  canAssign: boolean;
  canLeave: boolean;
}

export function chatAbilities(
  conversation: ConversationSummary,
  userId: string,
  self: AgentSelf | undefined,
): ChatAbilities {
  const open = openChatStates.includes(conversation.state as ChatState);
  const mine = conversation.participants.find((participant) => participant.userId === userId);
  const participant = Boolean(mine && mine.role !== 'pending');
  const owner = mine?.role === 'owner';
  const invitedParticipant = mine?.role === 'invited';
  const waitingForMe =
    (conversation.waiting === 'invited' ||
      conversation.waiting === 'transferred' ||
      conversation.waiting === 'assigned') &&
    (conversation.waitingFor === userId || mine?.role === 'pending');
  const canAccept = open && waitingForMe;
  // A chat waits in the queue when it is new, or transferred to the whole department.
  const queued =
    conversation.waiting === 'new' ||
    (conversation.waiting === 'transferred' && conversation.waitingFor === null) ||
    conversation.handler === 'queue';
  const canPickUp = open && !participant && !canAccept && queued;
  const seesAll = self?.seesAll ?? false;
  return {
    open,
    participant,
    owner,
    invitedParticipant,
    canAccept,
    canPickUp,
    canReply: open && participant,
    canManage: open && (owner || seesAll),
    canAssign: open && seesAll,
    canLeave: open && invitedParticipant,
  };
}
