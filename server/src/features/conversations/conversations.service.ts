import type { z } from 'zod';
import {
  chatActions,
  chatStates,
  conversationMessages as texts,
  conversationTopics,
  type AgentSelf,
  type ChatAgent,
  type ConversationSummary,
  type conversationListQuery,
  type messagesQuery,
  type quickReplyBody,
} from '@parley/contracts/conversations';
import { rawFor, type Db, type DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import type { FileStore } from '../../platform/files';
import {
  createConversationsRepository,
  windowClosed,
  type ConversationRow,
  type Visibility,
} from './conversations.repository';
import type { ConversationRuntime, Published } from './runtime';

const OPEN = [chatStates.CREATED, chatStates.STARTED, chatStates.ONGOING, chatStates.SUSPEND] as number[];

/** Supervisors see and assign every department's chats. */
export const seesAllChats = (auth: Pick<AuthContext, 'permissions'>) => auth.permissions.includes('CHAT.VIEW_MONITOR');

function emptyPublished(conversation: Pick<ConversationRow, 'id' | 'enterprise_id' | 'department_id'>): Published {
  return {
    enterpriseId: conversation.enterprise_id,
    conversationId: conversation.id,
    departmentId: conversation.department_id,
    messageIds: [],
    countsFor: new Set(),
    agentEvents: [],
    departmentChanged: true,
  };
}

/**
 * The agent's actions on conversations (platform §4.1, §4.2, §7.4): each checks who may do it in
 * the chat's current state inside one transaction (so two agents picking up one chat at once get
 * one winner), records the action with who and when, and announces it.
 */
export function createConversationsService(deps: { db: Db; runtime: ConversationRuntime; files: FileStore }) {
  const { db, runtime } = deps;
  const repository = createConversationsRepository(db);

  async function visibility(auth: AuthContext): Promise<Visibility> {
    return {
      userId: auth.userId,
      seesAll: seesAllChats(auth),
      departmentIds: await repository.departmentsOf(auth.userId),
    };
  }

  /** The conversation, or 404 when it is another tenant's or outside the caller's departments. */
  async function visible(auth: AuthContext, id: string): Promise<ConversationRow> {
    const row = await repository.row(auth.enterpriseId, id);
    if (!row || !(await repository.isVisible(auth.enterpriseId, id, await visibility(auth))))
      throw new AppError('NOT_FOUND');
    return row;
  }

  async function summaryOf(auth: AuthContext, id: string): Promise<ConversationSummary> {
    const summary = await repository.summary(auth.enterpriseId, id, auth.userId);
    if (!summary) throw new AppError('NOT_FOUND');
    return summary;
  }

  async function roleOf(tx: DbOrTx, conversationId: string, userId: string): Promise<string | null> {
    const { rows } = await rawFor(tx)(
      `select role from conversation_participants where conversation_id = $1 and user_id = $2`,
      [conversationId, userId],
    );
    return (rows[0]?.role as string | undefined) ?? null;
  }

  async function channelType(tx: DbOrTx, channelId: string): Promise<number> {
    const { rows } = await rawFor(tx)(`select type from channels where id = $1`, [channelId]);
    return Number(rows[0]?.type ?? 0);
  }

  async function nameOf(tx: DbOrTx, userId: string): Promise<string> {
    const { rows } = await rawFor(tx)(`select name from users where id = $1`, [userId]);
    return (rows[0]?.name as string | undefined) ?? 'An agent';
  }

  async function system(tx: DbOrTx, conversation: ConversationRow, text: string, published: Published) {
    await runtime.note(tx, conversation.enterprise_id, conversation.id, text, published);
    await runtime.touch(tx, conversation.id, { text, direction: 'system' }, 1);
  }

  /** A user who may take chats of the conversation's department (active, Handle Chats, in the department). */
  async function eligible(tx: DbOrTx, enterpriseId: string, userId: string, departmentId: string | null) {
    const { rows } = await rawFor(tx)(
      `select u.id from users u where u.id = $1 and u.enterprise_id = $2 and u.state = 1 and u.roles && '{1,3}'::int[]
         and ($3::uuid is null or exists(select 1 from department_users du where du.user_id = u.id and du.department_id = $3)
              or 1 = any(u.roles))`,
      [userId, enterpriseId, departmentId],
    );
    return rows.length > 0;
  }

  /**
   * What the caller hears when an action failed (§4.2). A pickup lost to another agent is
   * 'noChatPicked' with the caller's counts as they are now, so the console resets its waiting
   * counts; other failures are the action's own failure event.
   */
  async function failureEvent(auth: AuthContext, id: string, failEvent: string, error: AppError) {
    const base = { enterpriseId: auth.enterpriseId, userId: auth.userId };
    if (failEvent === 'agentPickupChatFailed' && error.key === 'CHAT_TAKEN') {
      const counts = await repository.counts(auth.enterpriseId, await visibility(auth));
      return {
        ...base,
        name: 'noChatPicked',
        payload: {
          conversationId: id,
          message: error.message,
          unPickedCount: counts.newChatCount,
          transferredCount: counts.transferredChatCount,
          invitedCount: counts.invitedChatCount,
        },
      };
    }
    return { ...base, name: failEvent, payload: { conversationId: id, message: error.message } };
  }

  /**
   * Runs one action in a transaction on the locked conversation; `act` throws AppError when the
   * action does not fit the state. Announces the result and answers the caller's view of it.
   */
  async function act(
    auth: AuthContext,
    id: string,
    act: (tx: DbOrTx, conversation: ConversationRow, published: Published) => Promise<void>,
    options: { failEvent?: string } = {},
  ): Promise<{ conversation: ConversationSummary }> {
    await visible(auth, id);
    let published: Published | undefined;
    try {
      await db.transaction(async (tx) => {
        const { rows } = await rawFor(tx)(
          `select * from conversations where id = $1 and enterprise_id = $2 for update`,
          [id, auth.enterpriseId],
        );
        const conversation = rows[0] as unknown as ConversationRow | undefined;
        if (!conversation) throw new AppError('NOT_FOUND');
        published = emptyPublished(conversation);
        await act(tx, conversation, published);
        // The department may have changed inside the action (a transfer to a department).
        const { rows: after } = await rawFor(tx)(`select department_id from conversations where id = $1`, [id]);
        const departmentAfter = (after[0]?.department_id as string | null) ?? null;
        if (departmentAfter !== conversation.department_id) {
          await runtime.departmentCountsChange(tx, published, auth.enterpriseId, conversation.department_id);
          published.departmentId = departmentAfter;
        }
        await runtime.departmentCountsChange(tx, published, auth.enterpriseId, departmentAfter);
      });
    } catch (error) {
      if (options.failEvent && error instanceof AppError)
        await runtime.bus.publish(await failureEvent(auth, id, options.failEvent, error)).catch(() => undefined);
      throw error;
    }
    if (published) {
      await runtime.announce(published);
      runtime.sendInBackground(id);
    }
    return { conversation: await summaryOf(auth, id) };
  }

  /** Records an agent's action on the conversation (who and when; platform §4.1). */
  const agentAction = (tx: DbOrTx, auth: AuthContext, id: string, action: number, details?: Record<string, unknown>) =>
    runtime.logAction(tx, {
      enterpriseId: auth.enterpriseId,
      conversationId: id,
      action,
      actionBy: auth.userId,
      actorKind: 'agent',
      ...(details ? { details } : {}),
    });

  /** Suspend and resume: the owner (or a supervisor) moves the chat between two states. */
  const moveState = (
    auth: AuthContext,
    id: string,
    move: { from: readonly number[]; to: number; action: number; verb: string },
  ) =>
    act(auth, id, async (tx, conversation, published) => {
      if (!move.from.includes(conversation.state)) throw new AppError('CHAT_ACTION_INVALID');
      if ((await roleOf(tx, id, auth.userId)) !== 'owner' && !seesAllChats(auth))
        throw new AppError('CHAT_NOT_PARTICIPANT');
      await rawFor(tx)(`update conversations set state = $2, updated_at = now() where id = $1`, [id, move.to]);
      await agentAction(tx, auth, id, move.action);
      await system(tx, conversation, `${await nameOf(tx, auth.userId)} ${move.verb} the chat`, published);
    });

  const requireOpen = (conversation: ConversationRow) => {
    if (!OPEN.includes(conversation.state)) throw new AppError('CHAT_CLOSED');
  };

  return {
    visibility,

    async list(auth: AuthContext, query: z.output<typeof conversationListQuery>) {
      const view = await visibility(auth);
      const [page, counts] = await Promise.all([
        repository.list(auth.enterpriseId, view, query),
        repository.counts(auth.enterpriseId, view),
      ]);
      return { ...page, counts };
    },

    async counts(auth: AuthContext) {
      return repository.counts(auth.enterpriseId, await visibility(auth));
    },

    async get(auth: AuthContext, id: string) {
      const row = await visible(auth, id);
      return {
        conversation: await summaryOf(auth, id),
        collected: row.collected_at
          ? { at: new Date(row.collected_at).toISOString(), values: row.collected ?? [] }
          : null,
        previous: await repository.previous(auth.enterpriseId, row.customer_number, id),
      };
    },

    async messages(auth: AuthContext, id: string, query: z.output<typeof messagesQuery>) {
      await visible(auth, id);
      return repository.messages(id, query.before, query.perPage);
    },

    async send(auth: AuthContext, id: string, body: { text?: string; fileId?: string }) {
      await visible(auth, id);
      let media: { mediaType: string; url: string; fileName: string } | null = null;
      if (body.fileId) {
        const { file } = await deps.files.open(auth.enterpriseId, body.fileId);
        const mime = file.contentType;
        media = {
          mediaType: mime.startsWith('image/')
            ? 'image'
            : mime.startsWith('video/')
              ? 'video'
              : mime.startsWith('audio/')
                ? 'audio'
                : 'document',
          url: `/api/files/${file.id}`,
          fileName: file.name,
        };
      }
      const text = body.text?.trim() ?? '';
      let messageId = '';
      await act(auth, id, async (tx, conversation, published) => {
        requireOpen(conversation);
        const role = await roleOf(tx, id, auth.userId);
        if (role !== 'owner' && role !== 'invited') throw new AppError('CHAT_NOT_PARTICIPANT');
        if (
          conversation.is_jit_required ||
          windowClosed(await channelType(tx, conversation.channel_id), conversation.last_inbound_at)
        )
          throw new AppError('CHANNEL_OUTSIDE_WINDOW');
        messageId = await runtime.addMessage(tx, {
          enterpriseId: auth.enterpriseId,
          conversationId: id,
          direction: 'out',
          senderKind: 'agent',
          senderUserId: auth.userId,
          kind: media ? 'media' : 'text',
          text,
          content: media ? { media } : {},
          status: 'queued',
        });
        published.messageIds.push(messageId);
        await runtime.touch(tx, id, { text: text || `[${media?.fileName ?? 'file'}]`, direction: 'out' }, 1, {
          agentReply: true,
        });
        await rawFor(tx)(
          `update conversations set state = case when state = ${chatStates.STARTED} then ${chatStates.ONGOING} else state end, new_msg_count = 0 where id = $1`,
          [id],
        );
        await agentAction(tx, auth, id, chatActions.agentReply);
        published.departmentChanged = false;
      });
      const [message] = await repository.messagesByIds([messageId]);
      return { message: message! };
    },

    async read(auth: AuthContext, id: string) {
      await visible(auth, id);
      await repository.raw(
        `update conversation_participants set read_at = now() where conversation_id = $1 and user_id = $2`,
        [id, auth.userId],
      );
      const { rows } = await repository.raw(
        `update conversations c set new_msg_count = 0 where c.id = $1 and c.new_msg_count > 0
           and exists(select 1 from conversation_participants p where p.conversation_id = c.id and p.user_id = $2 and p.role <> 'pending')
         returning id, enterprise_id, department_id`,
        [id, auth.userId],
      );
      if (rows[0]) {
        const published = emptyPublished(rows[0] as unknown as ConversationRow);
        published.departmentChanged = false;
        await runtime.announce(published);
      }
      return {};
    },

    pickup: (auth: AuthContext, id: string) =>
      act(
        auth,
        id,
        async (tx, conversation, published) => {
          if (conversation.state === chatStates.MISSED) {
            // Following up a missed chat reopens it, unless the customer has written since (a newer chat is open).
            const { rows: newer } = await rawFor(tx)(
              `select 1 from conversations where channel_id = $1 and customer_number = $2 and state in (0, 1, 2, 5)`,
              [conversation.channel_id, conversation.customer_number],
            );
            if (newer.length > 0) throw new AppError('CHAT_ACTION_INVALID');
            await rawFor(tx)(
              `update conversations set state = ${chatStates.CREATED}, handler = 'queue', waiting = 'new', missed_reason = null, closed_at = null where id = $1`,
              [id],
            );
            conversation = { ...conversation, state: chatStates.CREATED, handler: 'queue', waiting: 'new' };
          }
          requireOpen(conversation);
          const takeable =
            conversation.handler === 'queue' &&
            (conversation.waiting === 'new' ||
              (conversation.waiting === 'transferred' &&
                (conversation.waiting_for === null || conversation.waiting_for === auth.userId)) ||
              (conversation.waiting !== null && conversation.waiting_for === auth.userId));
          if (!takeable) {
            if (conversation.handler === 'agent') throw new AppError('CHAT_TAKEN');
            throw new AppError('CHAT_ACTION_INVALID');
          }
          await rawFor(tx)(
            `update conversations set handler = 'agent', state = case when state = ${chatStates.CREATED} then ${chatStates.STARTED} else state end,
               waiting = null, waiting_for = null, waiting_by = null, updated_at = now() where id = $1`,
            [id],
          );
          await rawFor(tx)(
            `insert into conversation_participants (conversation_id, user_id, enterprise_id, role, read_at) values ($1, $2, $3, 'owner', now())
             on conflict (conversation_id, user_id) do update set role = 'owner', read_at = now()`,
            [id, auth.userId, auth.enterpriseId],
          );
          await agentAction(tx, auth, id, chatActions.agentPickedUp);
          await system(tx, conversation, `${await nameOf(tx, auth.userId)} picked up the chat`, published);
          published.agentEvents.push({ userId: auth.userId, name: 'agentPickupChat', payload: { conversationId: id } });
        },
        { failEvent: 'agentPickupChatFailed' },
      ),

    accept: (auth: AuthContext, id: string) =>
      act(auth, id, async (tx, conversation, published) => {
        requireOpen(conversation);
        const waiting = conversation.waiting;
        const forMe =
          conversation.waiting_for === auth.userId || (waiting === 'transferred' && conversation.waiting_for === null);
        if (!waiting || waiting === 'new' || !forMe) throw new AppError('CHAT_ACTION_INVALID');
        const name = await nameOf(tx, auth.userId);
        if (waiting === 'invited') {
          await rawFor(tx)(
            `update conversation_participants set role = 'invited', created_at = now(), read_at = now() where conversation_id = $1 and user_id = $2`,
            [id, auth.userId],
          );
          await rawFor(tx)(
            `update conversations set waiting = null, waiting_for = null, waiting_by = null, updated_at = now() where id = $1`,
            [id],
          );
          await agentAction(tx, auth, id, chatActions.agentAcceptedInvite);
          await system(tx, conversation, `${name} joined the chat`, published);
          published.agentEvents.push({
            userId: auth.userId,
            name: 'youAcceptedInvite',
            payload: { conversationId: id },
          });
          return;
        }
        await rawFor(tx)(`delete from conversation_participants where conversation_id = $1 and role = 'owner'`, [id]);
        await rawFor(tx)(
          `insert into conversation_participants (conversation_id, user_id, enterprise_id, role, read_at) values ($1, $2, $3, 'owner', now())
           on conflict (conversation_id, user_id) do update set role = 'owner', read_at = now()`,
          [id, auth.userId, auth.enterpriseId],
        );
        await rawFor(tx)(
          `update conversations set handler = 'agent', state = case when state = ${chatStates.CREATED} then ${chatStates.STARTED} else state end,
             waiting = null, waiting_for = null, waiting_by = null, updated_at = now() where id = $1`,
          [id],
        );
        await agentAction(
          tx,
          auth,
          id,
          waiting === 'assigned' ? chatActions.agentAssigned : chatActions.agentPickedUp,
          { accepted: waiting },
        );
        await system(tx, conversation, `${name} took the chat`, published);
        published.agentEvents.push({
          userId: auth.userId,
          name: waiting === 'assigned' ? 'youAcceptedAssign' : 'youAcceptedTransfer',
          payload: { conversationId: id },
        });
      }),

    transfer: (auth: AuthContext, id: string, body: { userId?: string; departmentId?: string; note: string }) =>
      act(
        auth,
        id,
        async (tx, conversation, published) => {
          requireOpen(conversation);
          const role = await roleOf(tx, id, auth.userId);
          if (role !== 'owner' && !seesAllChats(auth)) throw new AppError('CHAT_NOT_PARTICIPANT');
          let targetName: string;
          if (body.userId) {
            if (body.userId === auth.userId) throw new AppError('CHAT_ACTION_INVALID');
            if (!(await eligible(tx, auth.enterpriseId, body.userId, conversation.department_id)))
              throw new AppError('CHAT_AGENT_UNAVAILABLE');
            targetName = await nameOf(tx, body.userId);
          } else {
            const { rows } = await rawFor(tx)(`select name from departments where id = $1 and enterprise_id = $2`, [
              body.departmentId,
              auth.enterpriseId,
            ]);
            if (!rows[0]) throw new AppError('NOT_FOUND');
            targetName = rows[0].name as string;
          }
          await rawFor(tx)(`delete from conversation_participants where conversation_id = $1 and role = 'owner'`, [id]);
          await rawFor(tx)(
            `update conversations set handler = 'queue', waiting = 'transferred', waiting_for = $2, waiting_by = $3,
               department_id = coalesce($4, department_id), queued_at = now(), updated_at = now() where id = $1`,
            [id, body.userId ?? null, auth.userId, body.departmentId ?? null],
          );
          await agentAction(tx, auth, id, chatActions.agentTransferred, {
            userId: body.userId ?? null,
            departmentId: body.departmentId ?? null,
            note: body.note,
          });
          await system(
            tx,
            conversation,
            `${await nameOf(tx, auth.userId)} transferred the chat to ${targetName}${body.note ? `: ${body.note}` : ''}`,
            published,
          );
          published.agentEvents.push({
            userId: auth.userId,
            name: 'youTransferredToAgent',
            payload: { conversationId: id, message: texts.transferred },
          });
          if (body.userId)
            published.agentEvents.push({
              userId: body.userId,
              name: 'chatTransferred',
              payload: { conversationId: id },
            });
        },
        { failEvent: 'transferToAgentFailed' },
      ),

    invite: (auth: AuthContext, id: string, body: { userId: string }) =>
      act(
        auth,
        id,
        async (tx, conversation, published) => {
          requireOpen(conversation);
          if ((await roleOf(tx, id, auth.userId)) !== 'owner') throw new AppError('CHAT_NOT_PARTICIPANT');
          if (body.userId === auth.userId || (await roleOf(tx, id, body.userId)) !== null)
            throw new AppError('CHAT_ACTION_INVALID');
          if (conversation.waiting) throw new AppError('CHAT_ACTION_INVALID');
          if (!(await eligible(tx, auth.enterpriseId, body.userId, null))) throw new AppError('CHAT_AGENT_UNAVAILABLE');
          await rawFor(tx)(
            `insert into conversation_participants (conversation_id, user_id, enterprise_id, role) values ($1, $2, $3, 'pending')`,
            [id, body.userId, auth.enterpriseId],
          );
          await rawFor(tx)(
            `update conversations set waiting = 'invited', waiting_for = $2, waiting_by = $3, updated_at = now() where id = $1`,
            [id, body.userId, auth.userId],
          );
          await agentAction(tx, auth, id, chatActions.agentInvited, { userId: body.userId });
          await system(
            tx,
            conversation,
            `${await nameOf(tx, auth.userId)} invited ${await nameOf(tx, body.userId)}`,
            published,
          );
          published.agentEvents.push({ userId: body.userId, name: 'chatInvited', payload: { conversationId: id } });
          published.countsFor.add(body.userId);
        },
        { failEvent: 'inviteAgentFailed' },
      ),

    assign: (auth: AuthContext, id: string, body: { userId: string }) =>
      act(auth, id, async (tx, conversation, published) => {
        if (!seesAllChats(auth)) throw new AppError('FORBIDDEN');
        requireOpen(conversation);
        if (!(await eligible(tx, auth.enterpriseId, body.userId, conversation.department_id)))
          throw new AppError('CHAT_AGENT_UNAVAILABLE');
        await rawFor(tx)(
          `delete from conversation_participants where conversation_id = $1 and role = 'owner' and user_id <> $2`,
          [id, body.userId],
        );
        await rawFor(tx)(
          `update conversations set handler = 'queue', waiting = 'assigned', waiting_for = $2, waiting_by = $3, queued_at = now(), updated_at = now() where id = $1`,
          [id, body.userId, auth.userId],
        );
        await agentAction(tx, auth, id, chatActions.agentAssigned, { userId: body.userId });
        await system(
          tx,
          conversation,
          `${await nameOf(tx, auth.userId)} assigned the chat to ${await nameOf(tx, body.userId)}`,
          published,
        );
        published.agentEvents.push({ userId: body.userId, name: 'chatAssigned', payload: { conversationId: id } });
        published.countsFor.add(body.userId);
      }),

    suspend: (auth: AuthContext, id: string) =>
      moveState(auth, id, {
        from: [chatStates.STARTED, chatStates.ONGOING],
        to: chatStates.SUSPEND,
        action: chatActions.chatSuspended,
        verb: 'suspended',
      }),

    resume: (auth: AuthContext, id: string) =>
      moveState(auth, id, {
        from: [chatStates.SUSPEND],
        to: chatStates.ONGOING,
        action: chatActions.chatResumed,
        verb: 'resumed',
      }),

    async pin(auth: AuthContext, id: string, pinAction: 'pin' | 'unpin') {
      await visible(auth, id);
      if (pinAction === 'pin')
        await repository.raw(
          `insert into conversation_pins (conversation_id, user_id) values ($1, $2) on conflict do nothing`,
          [id, auth.userId],
        );
      else
        await repository.raw(`delete from conversation_pins where conversation_id = $1 and user_id = $2`, [
          id,
          auth.userId,
        ]);
      await runtime.logAction(db, {
        enterpriseId: auth.enterpriseId,
        conversationId: id,
        action: pinAction === 'pin' ? chatActions.chatPinned : chatActions.chatUnpinned,
        actionBy: auth.userId,
        actorKind: 'agent',
      });
      return { conversation: await summaryOf(auth, id) };
    },

    tag: (auth: AuthContext, id: string, body: { tag: string; note: string }) =>
      act(auth, id, async (tx, conversation) => {
        await rawFor(tx)(
          `insert into conversation_tags (enterprise_id, conversation_id, tag, note, created_by) values ($1, $2, $3, $4, $5)`,
          [auth.enterpriseId, id, body.tag, body.note, auth.userId],
        );
        await rawFor(tx)(`update conversations set updated_at = now() where id = $1`, [conversation.id]);
        await agentAction(tx, auth, id, chatActions.chatTagged, { tag: body.tag, note: body.note });
      }),

    close: (auth: AuthContext, id: string, body: { feedback: string }) =>
      act(auth, id, async (tx, conversation, published) => {
        requireOpen(conversation);
        if ((await roleOf(tx, id, auth.userId)) !== 'owner' && !seesAllChats(auth))
          throw new AppError('CHAT_NOT_PARTICIPANT');
        await rawFor(tx)(
          `update conversations set state = ${chatStates.CLOSED}, feedback = nullif($2, ''), waiting = null, waiting_for = null,
             waiting_by = null, closed_at = now(), updated_at = now() where id = $1`,
          [id, body.feedback],
        );
        await agentAction(tx, auth, id, chatActions.agentChatClosed, body.feedback ? { feedback: body.feedback } : {});
        await system(tx, conversation, `${await nameOf(tx, auth.userId)} closed the chat`, published);
        await runtime.finished(tx, { id, enterpriseId: auth.enterpriseId, botAgentId: conversation.bot_agent_id });
        const { rows } = await rawFor(tx)(`select user_id from conversation_participants where conversation_id = $1`, [
          id,
        ]);
        for (const row of rows)
          published.agentEvents.push({
            userId: row.user_id as string,
            name: 'agentEndChat',
            payload: { conversationId: id },
          });
      }),

    leave: (auth: AuthContext, id: string) =>
      act(auth, id, async (tx, conversation, published) => {
        const role = await roleOf(tx, id, auth.userId);
        if (role !== 'invited' && role !== 'pending') throw new AppError('CHAT_ACTION_INVALID');
        await rawFor(tx)(`delete from conversation_participants where conversation_id = $1 and user_id = $2`, [
          id,
          auth.userId,
        ]);
        if (role === 'pending')
          await rawFor(tx)(
            `update conversations set waiting = null, waiting_for = null, waiting_by = null where id = $1 and waiting = 'invited' and waiting_for = $2`,
            [id, auth.userId],
          );
        await agentAction(tx, auth, id, chatActions.agentLeftChat);
        await system(tx, conversation, `${await nameOf(tx, auth.userId)} left the chat`, published);
        published.agentEvents.push({
          userId: auth.userId,
          name: 'youLeft',
          payload: { conversationId: id, message: texts.left },
        });
      }),

    /** Users who handle chats, with status, capacity and open chats. */
    async agents(enterpriseId: string): Promise<ChatAgent[]> {
      const { rows } = await repository.raw(
        `select u.id, u.name, u.email, coalesce(ca.status, 'offline') as status, coalesce(ca.capacity, 5) as capacity,
           (select count(*) from conversation_participants p join conversations c on c.id = p.conversation_id
              where p.user_id = u.id and p.role = 'owner' and c.state in (0, 1, 2, 5)) as open_chats,
           coalesce((select array_agg(du.department_id) from department_users du where du.user_id = u.id), '{}') as department_ids
         from users u left join chat_agents ca on ca.user_id = u.id
         where u.enterprise_id = $1 and u.state = 1 and u.roles && '{1,3}'::int[] order by lower(u.name)`,
        [enterpriseId],
      );
      return rows.map((row) => ({
        userId: row.id as string,
        name: row.name as string,
        email: row.email as string,
        status: row.status as ChatAgent['status'],
        capacity: Number(row.capacity),
        openChats: Number(row.open_chats),
        departmentIds: Array.isArray(row.department_ids)
          ? (row.department_ids as string[])
          : String(row.department_ids ?? '')
              .replace(/[{}]/g, '')
              .split(',')
              .filter(Boolean),
      }));
    },

    async departments(enterpriseId: string) {
      const { rows } = await repository.raw(
        `select id, name from departments where enterprise_id = $1 order by lower(name)`,
        [enterpriseId],
      );
      return rows.map((row) => ({ id: row.id as string, name: row.name as string }));
    },

    async self(auth: AuthContext): Promise<AgentSelf> {
      const { rows } = await repository.raw(`select status, capacity from chat_agents where user_id = $1`, [
        auth.userId,
      ]);
      const departmentIds = await repository.departmentsOf(auth.userId);
      const seesAll = seesAllChats(auth);
      const topics = seesAll
        ? [...(await this.departments(auth.enterpriseId)).map((department) => department.id), null]
        : [...departmentIds, null];
      return {
        agentStatus: ((rows[0]?.status as string | undefined) ?? 'offline') as AgentSelf['agentStatus'],
        capacity: Number(rows[0]?.capacity ?? 5),
        departmentIds,
        seesAll,
        topics: topics.map((department) => conversationTopics.department(department)),
      };
    },

    async setStatus(auth: AuthContext, status: 'online' | 'away' | 'offline') {
      await repository.raw(
        `insert into chat_agents (user_id, enterprise_id, status) values ($1, $2, $3)
         on conflict (user_id) do update set status = excluded.status, updated_at = now()`,
        [auth.userId, auth.enterpriseId, status],
      );
      return this.self(auth);
    },

    async setCapacity(enterpriseId: string, userId: string, capacity: number): Promise<ChatAgent> {
      const { rows } = await repository.raw(
        `select id from users where id = $1 and enterprise_id = $2 and roles && '{1,3}'::int[]`,
        [userId, enterpriseId],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND');
      await repository.raw(
        `insert into chat_agents (user_id, enterprise_id, capacity) values ($1, $2, $3)
         on conflict (user_id) do update set capacity = excluded.capacity, updated_at = now()`,
        [userId, enterpriseId, capacity],
      );
      return (await this.agents(enterpriseId)).find((agent) => agent.userId === userId)!;
    },

    async quickReplies(enterpriseId: string) {
      const { rows } = await repository.raw(
        `select id, shortcut, text, updated_at from quick_replies where enterprise_id = $1 order by lower(shortcut)`,
        [enterpriseId],
      );
      return rows.map((row) => ({
        id: row.id as string,
        shortcut: row.shortcut as string,
        text: row.text as string,
        updatedAt: new Date(row.updated_at as string).toISOString(),
      }));
    },

    async saveQuickReply(enterpriseId: string, id: string | null, body: z.output<typeof quickReplyBody>) {
      try {
        const { rows } = id
          ? await repository.raw(
              `update quick_replies set shortcut = $3, text = $4, updated_at = now() where id = $1 and enterprise_id = $2 returning *`,
              [id, enterpriseId, body.shortcut, body.text],
            )
          : await repository.raw(
              `insert into quick_replies (enterprise_id, shortcut, text) values ($1, $2, $3) returning *`,
              [enterpriseId, body.shortcut, body.text],
            );
        const row = rows[0];
        if (!row) throw new AppError('NOT_FOUND');
        return {
          id: row.id as string,
          shortcut: row.shortcut as string,
          text: row.text as string,
          updatedAt: new Date(row.updated_at as string).toISOString(),
        };
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        if ((error as { code?: string }).code === '23505' || cause?.code === '23505')
          throw new AppError('QUICK_REPLY_TAKEN', {
            fieldErrors: { shortcut: 'A quick reply with this shortcut already exists' },
          });
        throw error;
      }
    },

    async removeQuickReply(enterpriseId: string, id: string) {
      const { rows } = await repository.raw(
        `delete from quick_replies where id = $1 and enterprise_id = $2 returning id`,
        [id, enterpriseId],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND');
      return {};
    },

    /** The topics of `topics` this user may watch (the realtime socket asks). */
    async authorizeTopics(auth: AuthContext, topics: readonly string[]): Promise<string[]> {
      if (!auth.permissions.includes('CHAT.HANDLE') && !seesAllChats(auth)) return [];
      const view = await visibility(auth);
      const allowed: string[] = [];
      for (const topic of topics) {
        const department = /^chat:dept:(.+)$/.exec(topic)?.[1];
        if (department) {
          if (department === 'none' || view.seesAll || view.departmentIds.includes(department)) allowed.push(topic);
          continue;
        }
        const conversation = /^chat:conv:([0-9a-f-]{36})$/.exec(topic)?.[1];
        if (conversation && (await repository.isVisible(auth.enterpriseId, conversation, view))) allowed.push(topic);
      }
      return allowed;
    },
  };
}
export type ConversationsService = ReturnType<typeof createConversationsService>;
