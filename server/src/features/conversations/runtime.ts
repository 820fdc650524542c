import crypto from 'node:crypto';
import {
  TALK_TO_AGENT,
  chatActions,
  chatStates,
  conversationMessages as texts,
  defaultWorkingHours,
  handoffReasonLabels,
  missedReasonLabels,
  missedReasons,
  type MissedReason,
  type ChatMessage,
  type HandoffDetails,
  type HandoffReason,
  type WorkingDay,
} from '@parley/contracts/conversations';
import { textArray } from '../../platform/customer-lookup';
import { rawFor, type Db, type DbOrTx } from '../../db/client';
import type { ChannelMessaging, StatusUpdate } from '../../platform/messaging/channel-messaging';
import type { EventBus } from '../../platform/realtime/bus';
import { AppError } from '../../platform/errors';
import { createConversationsRepository, type ConversationRow } from './conversations.repository';
import { isWithinWorkingHours } from './working-hours';
import { markdownToWhatsApp } from './channel-text';

/** What a bot answered one customer message with (the NLP agent today; knowledge agents later). */
export interface BotAnswer {
  text: string;
  /** False when no intent cleared the threshold (the out-of-scope message). */
  understood: boolean;
  intent: string | null;
  confidence: number;
  emotion: string | null;
  slots: { parameter: string; value: string }[];
  /** The recognised intent is one the operator marked to hand the customer to people. */
  handoff: boolean;
}

/** The responder plug-in: answers a message as the agent's Try it does, or null when it cannot answer. */
export interface BotResponder {
  respond(input: {
    enterpriseId: string;
    agentId: string;
    sessionId: string;
    text: string;
    timeZone: string;
  }): Promise<BotAnswer | null>;
}

/** A conversation the bot had that has just finished: closed, or handed over to people. */
export interface FinishedConversation {
  id: string;
  enterpriseId: string;
  botAgentId: string | null;
}

export interface RuntimeLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info?(details: object, message: string): void;
}

/** A channel's chat configuration as the runtime applies it (defaults when none was saved). */
export interface EffectiveChatConfig {
  botAgentId: string | null;
  departmentId: string | null;
  workingHours: WorkingDay[];
  outOfHoursMessage: string;
  inactivityMinutes: number;
  missedMessage: string;
  handoffMessage: string;
  handoffKeywords: string[];
  offerAgentButton: boolean;
  handoffAfterMisses: number;
}

const OPEN_STATES = '(0, 1, 2, 5)';
/** What the customer is told when the bot hands them to the queue, where no Chat Config says otherwise. */
export const HANDOFF_MESSAGE = texts.handoffDefault;
/** How long an unrouted message or unsent reply waits before a sweep takes it (the in-process path is faster). */
const SWEEP_GRACE_MS = 3000;
const SENDING_STALE_MS = 30_000;

/** Words that mean "let me talk to a person" whatever the channel's own keywords. */
const PERSON_REQUEST =
  /^(talk|speak|chat|connect)( me)? (to|with) (an? )?(agent|human|person|someone|representative)\b/i;

export function matchesHandoffKeyword(text: string, keywords: readonly string[]): boolean {
  const normalized = text.trim().toLowerCase();
  if (!normalized) return false;
  if (normalized === TALK_TO_AGENT.toLowerCase() || PERSON_REQUEST.test(normalized)) return true;
  return keywords.some((keyword) => {
    const word = keyword.trim().toLowerCase();
    if (!word) return false;
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(normalized);
  });
}

/** What routing a message reads first: the message, its channel's chat configuration and the open conversation. */
const ROUTE_READ = `select m.id, m.enterprise_id, m.channel_id, m.customer_number, m.content, m.status_at,
    ch.department_id as channel_department, e.settings->>'timezone' as timezone,
    cc.channel_id as config_channel_id, cc.bot_agent_id, cc.department_id as config_department_id, cc.working_hours,
    cc.out_of_hours_message, cc.inactivity_minutes, cc.missed_message, cc.handoff_message, cc.handoff_keywords,
    cc.offer_agent_button, cc.handoff_after_misses,
    oc.id as open_id, oc.handler as open_handler, oc.bot_misses as open_bot_misses, oc.bot_agent_id as open_bot_agent_id
  from channel_messages m
  join channels ch on ch.id = m.channel_id
  join enterprises e on e.id = ch.enterprise_id
  left join chat_configs cc on cc.channel_id = ch.id
  left join lateral (select id, handler, bot_misses, bot_agent_id from conversations
    where channel_id = m.channel_id and customer_number = m.customer_number and state in ${OPEN_STATES} limit 1) oc on true
  where m.id = $1 and m.direction = 'in' and m.routed_at is null`;

/** A statement's text and values, as rawFor(tx) takes them. */
type Statement = [text: string, values: unknown[]];

/**
 * Several writes sent as one statement: each piece becomes a data-modifying CTE (PostgreSQL runs
 * every one of them, referenced or not) and the first piece's RETURNING rows are the answer. Pieces
 * must not change the same row twice (one snapshot for all of them).
 */
function together(...pieces: Statement[]): Statement {
  const values: unknown[] = [];
  const ctes = pieces.map(([text, own], index) => {
    const offset = values.length;
    values.push(...own);
    return `w${index} as (${text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  return [`with ${ctes.join(', ')} select * from w0`, values];
}

interface NewMessage {
  enterpriseId: string;
  conversationId: string;
  direction: 'in' | 'out' | 'system';
  senderKind: 'customer' | 'bot' | 'agent' | 'system';
  senderUserId?: string | null;
  kind: string;
  text: string;
  content?: Record<string, unknown>;
  channelMessageId?: string | null;
  status: string;
  at?: Date;
}

const messageInsert = (values: NewMessage): Statement => [
  `insert into conversation_messages (enterprise_id, conversation_id, direction, sender_kind, sender_user_id, kind, text, content, channel_message_id, status, at)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::timestamptz, greatest(clock_timestamp(),
     (select max(at) + interval '1 microsecond' from conversation_messages where conversation_id = $2)))) returning id`,
  [
    values.enterpriseId,
    values.conversationId,
    values.direction,
    values.senderKind,
    values.senderUserId ?? null,
    values.kind,
    values.text,
    JSON.stringify(values.content ?? {}),
    values.channelMessageId ?? null,
    values.status,
    values.at ? values.at.toISOString() : null,
  ],
];

interface ActionValues {
  enterpriseId: string;
  conversationId: string;
  action: number;
  actionBy?: string | null;
  actorKind: 'customer' | 'bot' | 'agent' | 'system';
  details?: Record<string, unknown>;
}

const actionInsert = (values: ActionValues): Statement => [
  `insert into conversation_actions (enterprise_id, conversation_id, action, action_by, actor_kind, details) values ($1, $2, $3, $4, $5, $6)`,
  [
    values.enterpriseId,
    values.conversationId,
    values.action,
    values.actionBy ?? null,
    values.actorKind,
    JSON.stringify(values.details ?? {}),
  ],
];

interface TouchExtra {
  inbound?: Date;
  unread?: boolean;
  agentReply?: boolean;
  /** The bot's count of messages it did not understand in a row, when it answered. */
  botMisses?: number;
}

/**
 * Counters and the last message after messages were added (the list's preview and order). The
 * 'system' direction counts a message without making it the preview: system notes and the
 * automatic notices (handoff, out of hours, missed), so the preview stays what people wrote.
 */
const conversationTouch = (
  conversationId: string,
  last: { text: string; direction: 'in' | 'out' | 'system' },
  added: number,
  extra: TouchExtra,
): Statement => [
  `update conversations set message_count = message_count + $2,
     last_message_text = case when $4 = 'system' then last_message_text else $3 end,
     last_message_direction = case when $4 = 'system' then last_message_direction else $4 end,
     last_message_at = case when $4 = 'system' then last_message_at else now() end, updated_at = now(),
     last_inbound_at = coalesce($5::timestamptz, last_inbound_at),
     is_jit_required = case when $5::timestamptz is not null then false else is_jit_required end,
     new_msg_count = new_msg_count + case when $6 then 1 else 0 end,
     last_agent_reply_at = case when $7 then now() else last_agent_reply_at end,
     bot_misses = coalesce($8::int, bot_misses)
   where id = $1`,
  [
    conversationId,
    added,
    last.text.slice(0, 300),
    last.direction,
    extra.inbound ? extra.inbound.toISOString() : null,
    extra.unread ?? false,
    extra.agentReply ?? false,
    extra.botMisses ?? null,
  ],
];

interface Published {
  enterpriseId: string;
  conversationId: string;
  departmentId: string | null;
  messageIds: string[];
  /** Users whose live chat counts may have changed. */
  countsFor: Set<string>;
  /** Spec events (§4.2) for one user. */
  agentEvents: { userId: string; name: string; payload: Record<string, unknown> }[];
  departmentChanged?: boolean;
}

/**
 * The conversation runtime (ARCHITECTURE.md, "The conversation runtime"): every inbound message
 * stored by the channels' webhook pipeline is routed here into its conversation, one at a time per
 * customer and channel, answered by the channel's bot or queued for people, and every reply is
 * recorded before it is sent. Messages the process did not route (a crash, another process) are
 * found again by a sweep of channel_messages.routed_at; replies left queued or sending are sent
 * again (a reply the vendor had accepted just before a crash may then go twice: counted).
 */
export function createConversationRuntime(deps: {
  db: Db;
  messaging: ChannelMessaging;
  bus: EventBus;
  bot: BotResponder;
  log: RuntimeLogger;
  /** Summaries of changed conversations, published with the caller's view. */
  onChanged?: (published: Published) => Promise<void>;
  /** Runs in the transaction that finishes a conversation (collect data after it: conversations.jobs.ts). */
  onFinished?: (tx: DbOrTx, conversation: FinishedConversation) => Promise<void>;
}) {
  const { db, messaging, bus, bot, log } = deps;
  const repository = createConversationsRepository(db);
  /** Per conversation key (channel + number): the promise of the last message routed, so one waits for the other. */
  const chains = new Map<string, Promise<void>>();
  const sending = new Set<string>();
  /** Send passes started in the background: stop() waits for them, so none outlives the database. */
  const inFlight = new Set<Promise<void>>();
  let timers: ReturnType<typeof setInterval>[] = [];
  let stopped = false;
  const stats = { routed: 0, botReplies: 0, resent: 0, possibleDuplicates: 0 };

  /** A channel's chat configuration from the columns ROUTE_READ selects (defaults when none was saved). */
  function chatConfigOf(row: Record<string, unknown>): EffectiveChatConfig & { timezone: string } {
    const timezone = (row.timezone as string | null) || 'Asia/Kolkata';
    const channelDepartment = (row.channel_department as string | null) ?? null;
    if (!row.config_channel_id)
      return {
        botAgentId: null,
        departmentId: channelDepartment,
        workingHours: defaultWorkingHours,
        outOfHoursMessage: '',
        inactivityMinutes: 30,
        missedMessage: '',
        handoffMessage: HANDOFF_MESSAGE,
        handoffKeywords: [],
        offerAgentButton: true,
        handoffAfterMisses: 2,
        timezone,
      };
    return {
      botAgentId: (row.bot_agent_id as string | null) ?? null,
      departmentId: (row.config_department_id as string | null) ?? channelDepartment,
      workingHours: row.working_hours as WorkingDay[],
      outOfHoursMessage: row.out_of_hours_message as string,
      inactivityMinutes: Number(row.inactivity_minutes),
      missedMessage: row.missed_message as string,
      handoffMessage: row.handoff_message as string,
      handoffKeywords: (row.handoff_keywords as string[]) ?? [],
      offerAgentButton: Boolean(row.offer_agent_button),
      handoffAfterMisses: Number(row.handoff_after_misses),
      timezone,
    };
  }

  /**
   * Inserts a message of the thread and returns its id. Its time is the clock's, not the
   * transaction's start (now()), so messages written by one transaction keep their order; and at
   * least a microsecond after the thread's last message, as a clock may read the same instant twice
   * (PGlite's does) and the thread orders by time first.
   */
  async function addMessage(tx: DbOrTx, values: NewMessage): Promise<string> {
    const { rows } = await rawFor(tx)(...messageInsert(values));
    return rows[0]!.id as string;
  }

  /** A note in the thread for the agents (why the bot handed over, why it was missed, who took it). */
  async function note(tx: DbOrTx, enterpriseId: string, conversationId: string, text: string, published: Published) {
    published.messageIds.push(
      await addMessage(tx, {
        enterpriseId,
        conversationId,
        direction: 'system',
        senderKind: 'system',
        kind: 'system',
        text,
        status: 'sent',
      }),
    );
  }

  /** An automatic message to the customer (out-of-hours, handoff, missed), queued to be sent; none when empty. */
  async function tellCustomer(
    tx: DbOrTx,
    enterpriseId: string,
    conversationId: string,
    text: string,
    published: Published,
  ) {
    if (!text) return;
    published.messageIds.push(
      await addMessage(tx, {
        enterpriseId,
        conversationId,
        direction: 'out',
        senderKind: 'system',
        kind: 'text',
        text,
        status: 'queued',
      }),
    );
    await touch(tx, conversationId, { text, direction: 'system' }, 1);
  }

  const missedNote = (reason: MissedReason) => `Missed: ${missedReasonLabels[reason]}`;

  async function logAction(tx: DbOrTx, values: ActionValues) {
    await rawFor(tx)(...actionInsert(values));
  }

  /** Counters and the last message after messages were added (see conversationTouch). */
  async function touch(
    tx: DbOrTx,
    conversationId: string,
    last: { text: string; direction: 'in' | 'out' | 'system' },
    added: number,
    extra: TouchExtra = {},
  ) {
    await rawFor(tx)(...conversationTouch(conversationId, last, added, extra));
  }

  /**
   * Picks the online agent of the department with the fewest open chats under their capacity and
   * makes them the chat's owner; null when nobody can take it (it waits in the queue).
   */
  async function autoAssign(
    tx: DbOrTx,
    conversation: { id: string; enterpriseId: string; departmentId: string | null },
  ) {
    const { rows } = await rawFor(tx)(
      `select u.id, u.name, (select count(*) from conversation_participants p join conversations oc on oc.id = p.conversation_id
            where p.user_id = u.id and p.role = 'owner' and oc.state in ${OPEN_STATES}) as open_chats, ca.capacity
       from chat_agents ca join users u on u.id = ca.user_id
       where ca.enterprise_id = $1 and ca.status = 'online' and u.state = 1 and u.roles && '{1,3}'::int[]
         and ($2::uuid is null or exists(select 1 from department_users du where du.user_id = u.id and du.department_id = $2))
       order by open_chats asc, random()`,
      [conversation.enterpriseId, conversation.departmentId],
    );
    const agent = rows.find((row) => Number(row.open_chats) < Number(row.capacity));
    if (!agent) return null;
    await rawFor(tx)(
      `insert into conversation_participants (conversation_id, user_id, enterprise_id, role) values ($1, $2, $3, 'owner')
       on conflict (conversation_id, user_id) do update set role = 'owner'`,
      [conversation.id, agent.id, conversation.enterpriseId],
    );
    await rawFor(tx)(
      `update conversations set handler = 'agent', state = ${chatStates.STARTED}, waiting = null, waiting_for = null, waiting_by = null, updated_at = now() where id = $1`,
      [conversation.id],
    );
    await logAction(tx, {
      enterpriseId: conversation.enterpriseId,
      conversationId: conversation.id,
      action: chatActions.agentAssigned,
      actorKind: 'system',
      details: { userId: agent.id, automatic: true },
    });
    return { userId: agent.id as string, name: agent.name as string };
  }

  interface Decision {
    replies: { text: string; content?: Record<string, unknown> }[];
    handoff: HandoffDetails | null;
    misses: number;
    botAgentId: string | null;
  }

  /** What the channel's bot says to a message, and whether it hands the customer over. */
  async function decide(
    message: { text: string; buttonPayload?: string },
    conversation: { id: string; handler: string; botMisses: number; botAgentId: string | null } | null,
    config: EffectiveChatConfig & { timezone: string },
    enterpriseId: string,
    conversationId: string,
  ): Promise<Decision | null> {
    // People already answer (or the queue holds it): the bot stays out.
    if (conversation && conversation.handler !== 'bot') return null;
    const botAgentId = conversation ? conversation.botAgentId : config.botAgentId;
    const at = new Date().toISOString();
    const handoff = (reason: HandoffReason, answer?: BotAnswer | null): HandoffDetails => ({
      reason,
      intent: answer?.intent ?? null,
      confidence: answer?.confidence ?? null,
      emotion: answer?.emotion ?? null,
      slots: answer?.slots ?? [],
      at,
    });
    // Pressed: the offered button (or a template's quick reply of that text); typed: a keyword.
    const pressed =
      message.buttonPayload === 'talk_to_agent' ||
      (message.buttonPayload !== undefined && message.text.trim().toLowerCase() === TALK_TO_AGENT.toLowerCase());
    if (pressed) return { replies: [], handoff: handoff('asked_for_agent'), misses: 0, botAgentId };
    if (matchesHandoffKeyword(message.text, config.handoffKeywords))
      return { replies: [], handoff: handoff('keyword'), misses: 0, botAgentId };
    if (!botAgentId || !message.text.trim())
      return { replies: [], handoff: botAgentId ? null : handoff('no_bot'), misses: 0, botAgentId };

    let answer: BotAnswer | null = null;
    try {
      answer = await bot.respond({
        enterpriseId,
        agentId: botAgentId,
        sessionId: conversationId,
        text: message.text,
        timeZone: config.timezone,
      });
    } catch (error) {
      log.error({ err: error, conversationId }, 'the bot could not answer');
    }
    if (!answer) return { replies: [], handoff: handoff('no_bot'), misses: 0, botAgentId };
    if (answer.handoff)
      return {
        replies: answer.text ? [{ text: markdownToWhatsApp(answer.text) }] : [],
        handoff: handoff('handoff_intent', answer),
        misses: 0,
        botAgentId,
      };
    const misses = answer.understood ? 0 : (conversation?.botMisses ?? 0) + 1;
    if (!answer.understood && config.handoffAfterMisses > 0 && misses >= config.handoffAfterMisses)
      return {
        replies: answer.text ? [{ text: markdownToWhatsApp(answer.text) }] : [],
        handoff: handoff('retries_exhausted', answer),
        misses,
        botAgentId,
      };
    const replies: Decision['replies'] = [];
    if (answer.text) {
      const offer = !answer.understood && config.offerAgentButton;
      const said = markdownToWhatsApp(answer.text);
      replies.push({
        text: said,
        content: {
          bot: { intent: answer.intent, confidence: answer.confidence, understood: answer.understood },
          // A reply button where the vendor has them (WhatsApp's interactive message), else written out.
          ...(offer
            ? {
                quickReplies: [{ id: 'talk_to_agent', title: TALK_TO_AGENT }],
                fallbackText: `${said}\n\nReply '${TALK_TO_AGENT}' to reach a person.`,
              }
            : {}),
        },
      });
    }
    return { replies, handoff: null, misses, botAgentId };
  }

  /** Routes one stored inbound message into its conversation (idempotent: a routed message is skipped). */
  async function route(channelMessageId: string): Promise<void> {
    // The message, its channel's chat configuration and the open conversation: one read.
    const { rows: found } = await repository.raw(ROUTE_READ, [channelMessageId]);
    const message = found[0];
    if (!message) return;
    const enterpriseId = message.enterprise_id as string;
    const channelId = message.channel_id as string;
    const number = message.customer_number as string;
    const content = (message.content as Record<string, unknown>) ?? {};
    const text = typeof content.text === 'string' ? content.text : '';
    const buttonPayload =
      typeof content.buttonPayload === 'string'
        ? content.buttonPayload
        : ((content.reply as { id?: string } | undefined)?.id ?? undefined);
    // Vendors stamp a message to the second (WhatsApp's timestamp): within that second it is placed
    // when it arrived, so it follows the bot's answer to the message before it; a late delivery
    // keeps the vendor's order.
    const stamped = new Date(message.status_at as string).getTime();
    const at = new Date(stamped % 1000 === 0 ? Math.max(stamped, Math.min(Date.now(), stamped + 999)) : stamped);

    const config = chatConfigOf(message);
    const open = message.open_id
      ? {
          id: message.open_id as string,
          handler: message.open_handler as string,
          botMisses: Number(message.open_bot_misses),
          botAgentId: (message.open_bot_agent_id as string | null) ?? null,
        }
      : null;
    const conversationId = open?.id ?? crypto.randomUUID();
    // The bot answers outside the transaction (it may take a while); its reply is recorded inside it.
    const decision = await decide({ text, buttonPayload }, open, config, enterpriseId, conversationId);

    const published: Published = {
      enterpriseId,
      conversationId,
      departmentId: config.departmentId,
      messageIds: [],
      countsFor: new Set(),
      agentEvents: [],
    };
    const routed = await db.transaction(async (tx) => {
      const run = rawFor(tx);
      await run(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`conversation:${channelId}:${number}`]);
      const { rows: still } = await run(
        `select id from channel_messages where id = $1 and routed_at is null for update skip locked`,
        [channelMessageId],
      );
      if (still.length === 0) return false;

      // The open conversation, or a new one.
      let { rows: conversationRows } = await run(
        `select * from conversations where channel_id = $1 and customer_number = $2 and state in ${OPEN_STATES} for update`,
        [channelId, number],
      );
      let conversation = conversationRows[0] as unknown as ConversationRow | undefined;
      const created = !conversation;
      if (!conversation) {
        const customer = await matchCustomer(tx, enterpriseId, channelId, number, content);
        const newId = open ? crypto.randomUUID() : conversationId;
        ({ rows: conversationRows } = await run(
          `insert into conversations (id, enterprise_id, channel_id, customer_id, customer_number, customer_name, state, handler, bot_agent_id, department_id)
           values ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9) returning *`,
          [
            newId,
            enterpriseId,
            channelId,
            customer.id,
            number,
            customer.name,
            config.botAgentId ? 'bot' : 'queue',
            config.botAgentId,
            config.departmentId,
          ],
        ));
        conversation = conversationRows[0] as unknown as ConversationRow;
      }
      published.conversationId = conversation.id;
      published.departmentId = conversation.department_id;
      const withPeople = conversation.handler !== 'bot';
      // The message, its routing mark, the action and the counters: one statement.
      const { rows: inbound } = await run(
        ...together(
          messageInsert({
            enterpriseId,
            conversationId: conversation.id,
            direction: 'in',
            senderKind: 'customer',
            kind: (content.type as string) ?? 'text',
            text,
            content,
            channelMessageId,
            status: 'received',
            at,
          }),
          [`update channel_messages set routed_at = now() where id = $1`, [channelMessageId]],
          actionInsert({
            enterpriseId,
            conversationId: conversation.id,
            action: created ? chatActions.customerStartChat : chatActions.customerReply,
            actorKind: 'customer',
          }),
          conversationTouch(conversation.id, { text: text || `[${content.type ?? 'message'}]`, direction: 'in' }, 1, {
            inbound: at,
            unread: withPeople,
          }),
        ),
      );
      published.messageIds.push(inbound[0]!.id as string);
      if (withPeople) {
        for (const userId of await participantsOf(tx, conversation.id)) published.countsFor.add(userId);
      }

      // The bot's decision stands while the bot still has the conversation (or for the one just opened).
      if (decision && (created || conversation.handler === 'bot')) {
        for (const [index, reply] of decision.replies.entries()) {
          const last = index === decision.replies.length - 1;
          const { rows: replied } = await run(
            ...together(
              messageInsert({
                enterpriseId,
                conversationId: conversation.id,
                direction: 'out',
                senderKind: 'bot',
                kind: 'text',
                text: reply.text,
                content: reply.content,
                status: 'queued',
              }),
              actionInsert({
                enterpriseId,
                conversationId: conversation.id,
                action: chatActions.botReply,
                actorKind: 'bot',
              }),
              conversationTouch(conversation.id, { text: reply.text, direction: 'out' }, 1, {
                botMisses: last ? decision.misses : undefined,
              }),
            ),
          );
          published.messageIds.push(replied[0]!.id as string);
        }
        if (decision.replies.length === 0)
          await run(`update conversations set bot_misses = $2 where id = $1`, [conversation.id, decision.misses]);
        if (decision.handoff) await queue(tx, conversation, config, decision.handoff, published);
      }
      return true;
    });
    if (!routed) return;
    stats.routed += 1;
    await announce(published);
    sendInBackground(published.conversationId);
  }

  /** Hands a conversation to people: its department's queue (or missed when out of hours), then auto-assignment. */
  async function queue(
    tx: DbOrTx,
    conversation: ConversationRow,
    config: EffectiveChatConfig & { timezone: string },
    handoff: HandoffDetails | null,
    published: Published,
  ) {
    const run = rawFor(tx);
    const enterpriseId = conversation.enterprise_id;
    if (handoff) {
      await logAction(tx, {
        enterpriseId,
        conversationId: conversation.id,
        action: chatActions.botHandoff,
        actorKind: 'bot',
        details: { reason: handoff.reason, intent: handoff.intent },
      });
      await note(
        tx,
        enterpriseId,
        conversation.id,
        `Handed over to people: ${handoffReasonLabels[handoff.reason]}`,
        published,
      );
      // The bot's part of the conversation is over.
      await finished(tx, { id: conversation.id, enterpriseId, botAgentId: conversation.bot_agent_id });
    }
    if (!isWithinWorkingHours(config.workingHours, new Date(), config.timezone)) {
      await note(tx, enterpriseId, conversation.id, missedNote(missedReasons.outOfHours), published);
      await tellCustomer(tx, enterpriseId, conversation.id, config.outOfHoursMessage, published);
      await run(
        `update conversations set state = ${chatStates.MISSED}, missed_reason = ${missedReasons.outOfHours}, handler = 'queue',
           waiting = null, waiting_for = null, handoff = $2, closed_at = now(), updated_at = now() where id = $1`,
        [conversation.id, handoff ? JSON.stringify(handoff) : null],
      );
      await logAction(tx, {
        enterpriseId,
        conversationId: conversation.id,
        action: chatActions.agentMissedChat,
        actorKind: 'system',
        details: { reason: missedReasons.outOfHours },
      });
      await departmentCountsChange(tx, published, enterpriseId, conversation.department_id);
      published.departmentChanged = true;
      return;
    }
    await run(
      `update conversations set handler = 'queue', waiting = 'new', waiting_for = null, waiting_by = null, queued_at = now(),
         handoff = coalesce($2::jsonb, handoff), updated_at = now() where id = $1`,
      [conversation.id, handoff ? JSON.stringify(handoff) : null],
    );
    await logAction(tx, {
      enterpriseId,
      conversationId: conversation.id,
      action: chatActions.chatQueued,
      actorKind: 'system',
      details: { departmentId: conversation.department_id },
    });
    // The customer hears that a person is coming (the bot's last word before people take over).
    if (handoff) await tellCustomer(tx, enterpriseId, conversation.id, config.handoffMessage, published);
    const assigned = await autoAssign(tx, {
      id: conversation.id,
      enterpriseId,
      departmentId: conversation.department_id,
    });
    if (assigned) {
      await note(tx, enterpriseId, conversation.id, `Assigned to ${assigned.name}`, published);
      published.agentEvents.push({
        userId: assigned.userId,
        name: 'chatAssigned',
        payload: { conversationId: conversation.id },
      });
    }
    await departmentCountsChange(tx, published, enterpriseId, conversation.department_id);
    published.departmentChanged = true;
  }

  /** The live counts of every agent of the department may have changed: they are published with the change. */
  async function departmentCountsChange(
    tx: DbOrTx,
    published: Published,
    enterpriseId: string,
    departmentId: string | null,
  ) {
    for (const userId of await createConversationsRepository(tx).departmentAgents(enterpriseId, departmentId))
      published.countsFor.add(userId);
  }

  async function participantsOf(tx: DbOrTx, conversationId: string): Promise<string[]> {
    const { rows } = await rawFor(tx)(`select user_id from conversation_participants where conversation_id = $1`, [
      conversationId,
    ]);
    return rows.map((row) => row.user_id as string);
  }

  /** The customer master's customer of this number, created with the channel as source when unknown. */
  async function matchCustomer(
    tx: DbOrTx,
    enterpriseId: string,
    channelId: string,
    number: string,
    content: Record<string, unknown>,
  ): Promise<{ id: string | null; name: string }> {
    const run = rawFor(tx);
    const { rows } = await run(`select id, name from customers where enterprise_id = $1 and phone_number = $2`, [
      enterpriseId,
      number,
    ]);
    if (rows[0]) return { id: rows[0].id as string, name: rows[0].name as string };
    // A WhatsApp user id or username is no phone number: the conversation keeps it, the master does not.
    if (!number.startsWith('+')) return { id: null, name: (content.name as string) || number };
    const name = typeof content.name === 'string' && content.name.trim() ? content.name.trim().slice(0, 100) : number;
    const { rows: created } = await run(
      `insert into customers (enterprise_id, name, phone_number, whatsapp_number, source_channel_id)
       values ($1, $2, $3, $3, $4) on conflict (enterprise_id, phone_number) do nothing returning id, name`,
      [enterpriseId, name, number, channelId],
    );
    if (created[0]) return { id: created[0].id as string, name: created[0].name as string };
    const { rows: again } = await run(`select id, name from customers where enterprise_id = $1 and phone_number = $2`, [
      enterpriseId,
      number,
    ]);
    return again[0] ? { id: again[0].id as string, name: again[0].name as string } : { id: null, name };
  }

  /** A conversation the bot had ended (closed, or handed to people): its plug-ins hear it in the same transaction. */
  async function finished(tx: DbOrTx, conversation: FinishedConversation) {
    await deps.onFinished?.(tx, conversation);
  }

  /** Publishes what changed: the conversation to its queue and to watchers, messages, counts and spec events. */
  async function announce(published: Published) {
    try {
      await deps.onChanged?.(published);
    } catch (error) {
      log.error({ err: error, conversationId: published.conversationId }, 'could not publish a conversation change');
    }
  }

  /** Sends the conversation's queued replies without waiting; a failure is logged, not thrown. */
  function sendInBackground(conversationId: string) {
    const pass = sendQueued(conversationId)
      .catch((error: unknown) => log.error({ err: error, conversationId }, 'could not send the queued replies'))
      .finally(() => inFlight.delete(pass));
    inFlight.add(pass);
  }

  /**
   * Sends the conversation's queued replies in order: each is marked 'sending' before the vendor
   * call, so a crash leaves it visible; the vendor's answer links the channel log row.
   */
  async function sendQueued(conversationId: string): Promise<void> {
    if (sending.has(conversationId)) {
      // The running pass picks up what was queued meanwhile.
      return;
    }
    sending.add(conversationId);
    try {
      for (;;) {
        // The next queued reply, marked 'sending', with what sending it needs: one statement.
        const { rows } = await repository.raw(
          `with claimed as (
             update conversation_messages set status = 'sending', attempts = attempts + 1, status_at = now()
             where id = (select id from conversation_messages where conversation_id = $1 and status = 'queued' and direction = 'out'
                         order by at, id limit 1 for update skip locked)
             returning id, enterprise_id, conversation_id, kind, text, content)
           select claimed.*, c.channel_id, c.customer_number, c.department_id, c.last_inbound_at
           from claimed join conversations c on c.id = claimed.conversation_id`,
          [conversationId],
        );
        if (!rows[0]) break;
        await deliver(rows[0]);
      }
    } finally {
      sending.delete(conversationId);
    }
  }

  /** Sends one claimed reply (a row of sendQueued's claim) and records the vendor's answer. */
  async function deliver(row: Record<string, unknown>): Promise<void> {
    const messageId = row.id as string;
    const enterpriseId = row.enterprise_id as string;
    const content = (row.content as Record<string, unknown>) ?? {};
    const media = content.media as { mediaType?: string; url?: string; fileName?: string } | undefined;
    const buttons = content.quickReplies as { id: string; title: string }[] | undefined;
    const to = row.customer_number as string;
    const text = row.text as string;
    let status = 'failed';
    let channelMessageId: string | null = null;
    let error: { code: string; text: string } | null = null;
    let jit = false;
    try {
      const sent = await messaging.sendSession(enterpriseId, row.channel_id as string, {
        message:
          row.kind === 'media' && media?.url
            ? {
                kind: 'media',
                to,
                mediaType: (media.mediaType as 'image' | 'video' | 'document' | 'audio') ?? 'document',
                url: media.url,
                fileName: media.fileName ?? 'file',
                caption: text ?? '',
              }
            : buttons?.length
              ? {
                  kind: 'buttons',
                  to,
                  text,
                  buttons,
                  fallbackText: (content.fallbackText as string | undefined) ?? text,
                }
              : { kind: 'text', to, text },
        source: 'chat',
        sourceId: messageId,
        lastInbound: row.last_inbound_at ? new Date(row.last_inbound_at as string) : null,
      });
      status = sent.status;
      channelMessageId = sent.id;
      if (sent.errorCode) error = { code: sent.errorCode, text: sent.errorText ?? '' };
    } catch (caught) {
      if (caught instanceof AppError) {
        const vendorCode = (caught.cause as { code?: string } | undefined)?.code;
        jit = caught.key === 'CHANNEL_OUTSIDE_WINDOW' || vendorCode === '131047' || vendorCode === '470';
        error = { code: vendorCode ?? String(caught.code), text: jit ? texts.jitRequired : caught.message };
      } else {
        log.error({ err: caught, messageId }, 'a chat reply could not be sent');
        error = { code: 'error', text: 'The message could not be sent' };
      }
    }
    const recorded: Statement = [
      `update conversation_messages set status = $2, status_at = now(), channel_message_id = coalesce($3, channel_message_id),
         error_code = $4, error_text = $5 where id = $1 returning id`,
      [messageId, status, channelMessageId, error?.code ?? null, error?.text ?? null],
    ];
    if (!jit) await repository.raw(...recorded);
    else
      // Outside the window: the reply's failure, the chat's just-in-time flag and the error action together.
      await repository.raw(
        ...together(
          recorded,
          [`update conversations set is_jit_required = true, updated_at = now() where id = $1`, [row.conversation_id]],
          actionInsert({
            enterpriseId,
            conversationId: row.conversation_id as string,
            action: chatActions.chatError,
            actorKind: 'system',
            details: { code: error?.code, jit: true },
          }),
        ),
      );
    await announce({
      enterpriseId,
      conversationId: row.conversation_id as string,
      departmentId: (row.department_id as string | null) ?? null,
      messageIds: [messageId],
      countsFor: new Set(),
      agentEvents: [],
      departmentChanged: jit,
    });
  }

  /**
   * A template sent from a chat through the embedded send dialog (a broadcast with resource CHAT
   * and the conversation's id, 'Just In Time'): it joins the thread at its first status, and its
   * later statuses follow it there. The channel log row's unique link keeps it there once.
   */
  async function fileChatTemplates(updates: StatusUpdate[]) {
    const byBroadcast = updates.filter((update) => update.message?.source === 'broadcast' && update.message.sourceId);
    if (byBroadcast.length === 0) return [];
    const { rows } = await repository.raw(
      `insert into conversation_messages (enterprise_id, conversation_id, direction, sender_kind, sender_user_id, kind, text, content, channel_message_id, status, status_at, error_code, error_text, at)
       select ch.enterprise_id, c.id, 'out', 'agent', b.created_by, 'template', 'Template: ' || b.template_name, ch.content, ch.id,
              ch.status, ch.status_at, ch.error_code, ch.error_text, ch.created_at
       from channel_messages ch
       join broadcast_recipients r on r.id = ch.source_id
       join broadcasts b on b.id = r.broadcast_id and b.resource_type = 'CHAT'
       join conversations c on c.id::text = b.resource_id and c.enterprise_id = ch.enterprise_id
       where ch.id = any($1::uuid[]) and ch.source = 'broadcast'
       on conflict (channel_message_id) do update set status = excluded.status, status_at = excluded.status_at,
         error_code = excluded.error_code, error_text = excluded.error_text
       returning id, enterprise_id, conversation_id`,
      [textArray([...new Set(byBroadcast.map((update) => update.message!.id))])],
    );
    for (const row of rows)
      await announce({
        enterpriseId: row.enterprise_id as string,
        conversationId: row.conversation_id as string,
        departmentId: null,
        messageIds: [row.id as string],
        countsFor: new Set(),
        agentEvents: [],
      });
    return rows;
  }

  /** The vendor's statuses of chat replies, copied from the channel log onto the thread. */
  async function applyStatuses(updates: StatusUpdate[]) {
    await fileChatTemplates(updates).catch((error: unknown) =>
      log.error({ err: error }, 'could not file a chat template into its conversation'),
    );
    const ids = [
      ...new Set(updates.filter((update) => update.message?.source === 'chat').map((u) => u.message!.sourceId!)),
    ].filter(Boolean);
    if (ids.length === 0) return;
    const { rows } = await repository.raw(
      `update conversation_messages m set status = ch.status, status_at = ch.status_at, error_code = ch.error_code, error_text = ch.error_text
       from channel_messages ch where m.id = any($1::uuid[]) and ch.id = m.channel_message_id and m.status is distinct from ch.status
       returning m.id, m.enterprise_id, m.conversation_id, m.status, m.error_code`,
      [textArray(ids)],
    );
    const byConversation = new Map<string, { enterpriseId: string; ids: string[]; jit: boolean }>();
    for (const row of rows) {
      const entry = byConversation.get(row.conversation_id as string) ?? {
        enterpriseId: row.enterprise_id as string,
        ids: [],
        jit: false,
      };
      entry.ids.push(row.id as string);
      if (row.status === 'failed' && (row.error_code === '131047' || row.error_code === '470')) entry.jit = true;
      byConversation.set(row.conversation_id as string, entry);
    }
    for (const [conversationId, entry] of byConversation) {
      if (entry.jit)
        await repository.raw(`update conversations set is_jit_required = true, updated_at = now() where id = $1`, [
          conversationId,
        ]);
      await announce({
        enterpriseId: entry.enterpriseId,
        conversationId,
        departmentId: null,
        messageIds: entry.ids,
        countsFor: new Set(),
        agentEvents: [],
        departmentChanged: entry.jit,
      });
    }
  }

  /** Routes messages of one customer and channel one after the other (in the order they were stored). */
  function enqueue(channelMessageId: string, key: string) {
    const previous = chains.get(key) ?? Promise.resolve();
    const next = previous
      .then(() => route(channelMessageId))
      .catch((error: unknown) => log.error({ err: error, channelMessageId }, 'an inbound message could not be routed'));
    chains.set(key, next);
    void next.finally(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
    return next;
  }

  /** Messages nobody routed (a crash, a nudge lost): oldest first, by the vendor's time. */
  async function sweepInbound(graceMs = SWEEP_GRACE_MS) {
    const { rows } = await repository.raw(
      `select id, channel_id, customer_number from channel_messages
       where direction = 'in' and routed_at is null and created_at < now() - ($1::int * interval '1 millisecond')
       order by created_at, status_at limit 500`,
      [graceMs],
    );
    await Promise.all(
      rows.map((row) => enqueue(row.id as string, `${row.channel_id as string}:${row.customer_number as string}`)),
    );
    return rows.length;
  }

  /** Replies left queued (a crash before sending) or sending without an answer (a crash during it). */
  async function sweepOutbox(graceMs = SWEEP_GRACE_MS) {
    const { rows: stale } = await repository.raw(
      `select m.id, m.conversation_id, ch.id as logged_id, ch.status as logged_status
       from conversation_messages m left join channel_messages ch on ch.source_id = m.id and ch.source = 'chat'
       where m.status = 'sending' and m.status_at < now() - ($1::int * interval '1 millisecond')`,
      [SENDING_STALE_MS],
    );
    for (const row of stale) {
      if (sending.has(row.conversation_id as string)) continue;
      if (row.logged_id) {
        // The vendor answered and the log was written: only the thread missed it.
        await repository.raw(
          `update conversation_messages set status = $2, channel_message_id = $3, status_at = now() where id = $1 and status = 'sending'`,
          [row.id, row.logged_status, row.logged_id],
        );
        continue;
      }
      // Marked in the same statement that requeues it, so the count survives the next crash too.
      const { rows: requeued } = await repository.raw(
        `update conversation_messages set status = 'queued', resent_after_crash = true where id = $1 and status = 'sending' returning id`,
        [row.id],
      );
      if (requeued.length === 0) continue;
      stats.possibleDuplicates += 1;
      stats.resent += 1;
      log.warn({ messageId: row.id }, 'a chat reply was being sent when the server stopped: sending it again');
    }
    const { rows } = await repository.raw(
      `select distinct conversation_id from conversation_messages
       where status = 'queued' and direction = 'out' and created_at < now() - ($1::int * interval '1 millisecond') limit 500`,
      [graceMs],
    );
    await Promise.all(rows.map((row) => sendQueued(row.conversation_id as string)));
  }

  /** Chats nobody answered within the channel's inactivity timeout are missed (reason 1); idle bot chats close. */
  async function sweepInactive() {
    const { rows } = await repository.raw(
      `select c.id, c.enterprise_id, c.department_id, c.handler, coalesce(cc.missed_message, '') as missed_message
       from conversations c left join chat_configs cc on cc.channel_id = c.channel_id
       where c.state in ${OPEN_STATES} and coalesce(cc.inactivity_minutes, 30) > 0
         and ((c.handler = 'queue' and coalesce(c.queued_at, c.created_at) < now() - make_interval(mins => coalesce(cc.inactivity_minutes, 30)))
           or (c.handler = 'bot' and coalesce(c.last_message_at, c.created_at) < now() - make_interval(mins => coalesce(cc.inactivity_minutes, 30))))
       limit 200`,
      [],
    );
    for (const row of rows) {
      const published: Published = {
        enterpriseId: row.enterprise_id as string,
        conversationId: row.id as string,
        departmentId: (row.department_id as string | null) ?? null,
        messageIds: [],
        countsFor: new Set(),
        agentEvents: [],
        departmentChanged: true,
      };
      const changed = await db.transaction(async (tx) => {
        const run = rawFor(tx);
        if (row.handler === 'bot') {
          const { rows: closed } = await run(
            `update conversations set state = ${chatStates.CLOSED}, closed_at = now(), updated_at = now() where id = $1 and handler = 'bot' and state in ${OPEN_STATES} returning id, bot_agent_id`,
            [row.id],
          );
          if (!closed[0]) return false;
          await logAction(tx, {
            enterpriseId: row.enterprise_id as string,
            conversationId: row.id as string,
            action: chatActions.agentChatClosed,
            actorKind: 'system',
            details: { reason: 'inactive' },
          });
          await finished(tx, {
            id: row.id as string,
            enterpriseId: row.enterprise_id as string,
            botAgentId: (closed[0].bot_agent_id as string | null) ?? null,
          });
          return true;
        }
        const { rows: missed } = await run(
          `update conversations set state = ${chatStates.MISSED}, missed_reason = ${missedReasons.timedOut}, waiting = null,
             waiting_for = null, closed_at = now(), updated_at = now()
           where id = $1 and handler = 'queue' and state in ${OPEN_STATES} returning id`,
          [row.id],
        );
        if (!missed[0]) return false;
        await logAction(tx, {
          enterpriseId: row.enterprise_id as string,
          conversationId: row.id as string,
          action: chatActions.agentMissedChat,
          actorKind: 'system',
          details: { reason: missedReasons.timedOut },
        });
        const [enterpriseId, conversationId] = [row.enterprise_id as string, row.id as string];
        await note(tx, enterpriseId, conversationId, missedNote(missedReasons.timedOut), published);
        await tellCustomer(tx, enterpriseId, conversationId, row.missed_message as string, published);
        await departmentCountsChange(tx, published, enterpriseId, (row.department_id as string | null) ?? null);
        return true;
      });
      if (!changed) continue;
      await announce(published);
      sendInBackground(row.id as string);
    }
  }

  return {
    stats,
    addMessage,
    note,
    logAction,
    touch,
    autoAssign,
    announce,
    departmentCountsChange,
    finished,
    sendQueued,
    sendInBackground,
    route,
    applyStatuses,
    sweepInbound,
    sweepOutbox,
    sweepInactive,
    /** Takes a stored inbound message into the routing queue of its conversation key. */
    nudge(channelMessageId: string, channelId: string, customerNumber: string) {
      if (stopped) return Promise.resolve();
      return enqueue(channelMessageId, `${channelId}:${customerNumber}`);
    },
    /** Waits until every message handed to the runtime so far is routed (tests, shutdown). */
    async idle() {
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
    start() {
      stopped = false;
      const every = (ms: number, work: () => Promise<unknown>) => {
        let running = false;
        const timer = setInterval(() => {
          if (running || stopped) return;
          running = true;
          work()
            .catch((error: unknown) => log.error({ err: error }, 'a conversation sweep failed'))
            .finally(() => {
              running = false;
            });
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      every(2000, () => sweepInbound());
      every(2000, () => sweepOutbox());
      every(30_000, () => sweepInactive());
      // What a stopped or killed server left: routed and sent now, not at the first tick.
      void sweepInbound(0).catch((error: unknown) => log.error({ err: error }, 'the first inbound sweep failed'));
      void sweepOutbox(0).catch((error: unknown) => log.error({ err: error }, 'the first outbox sweep failed'));
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await Promise.all([...chains.values()]);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    bus,
  };
}
export type ConversationRuntime = ReturnType<typeof createConversationRuntime>;
export type { Published };
export type { ChatMessage };
