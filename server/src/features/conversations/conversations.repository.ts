import crypto from 'node:crypto';
import type { ChatMessage, CollectedValue, ConversationSummary, LiveChatCounts } from '@parley/contracts/conversations';
import { namedQueryFor, rawFor, type DbOrTx, type RawQuery } from '../../db/client';
import { textArray } from '../../platform/customer-lookup';
import { SESSION_WINDOW_MS } from '../../platform/messaging/channel-messaging';

/** The columns of a conversation row as the runtime and the actions read them. */
export interface ConversationRow {
  id: string;
  enterprise_id: string;
  channel_id: string;
  customer_id: string | null;
  customer_number: string;
  customer_name: string;
  state: number;
  handler: 'bot' | 'queue' | 'agent';
  bot_agent_id: string | null;
  department_id: string | null;
  waiting: string | null;
  waiting_for: string | null;
  waiting_by: string | null;
  bot_misses: number;
  is_jit_required: boolean;
  last_inbound_at: Date | string | null;
  /** What the prompt agent collected after the conversation (collected_at set once it ran). */
  collected: CollectedValue[] | null;
  collected_at: Date | string | null;
}

/** WhatsApp's window has closed: only a template may go out (a channel of another type has none). */
export function windowClosed(channelType: number, lastInboundAt: Date | string | null): boolean {
  return channelType === 4 && (!lastInboundAt || Date.now() - new Date(lastInboundAt).getTime() > SESSION_WINDOW_MS);
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/**
 * The summary select: the conversation with its channel, department, participants, tags and the
 * caller's pin, of the conversations in `source` (the table, or a page of it already cut).
 */
const summarySelect = (source: string) => `
  select c.*, ch.name as channel_name, ch.type as channel_type, d.name as department_name,
    wb.name as waiting_by_name,
    coalesce((select json_agg(json_build_object('userId', p.user_id, 'name', u.name, 'role', p.role, 'joinedAt', p.created_at) order by p.created_at)
      from conversation_participants p join users u on u.id = p.user_id where p.conversation_id = c.id), '[]'::json) as participants,
    coalesce((select json_agg(json_build_object('tag', t.tag, 'note', t.note, 'by', tu.name, 'at', t.created_at) order by t.created_at)
      from conversation_tags t left join users tu on tu.id = t.created_by where t.conversation_id = c.id), '[]'::json) as tags,
    exists(select 1 from conversation_pins pin where pin.conversation_id = c.id and pin.user_id = $1) as pinned
  from ${source} c
  join channels ch on ch.id = c.channel_id
  left join departments d on d.id = c.department_id
  left join users wb on wb.id = c.waiting_by`;
const SUMMARY_SELECT = summarySelect('conversations');

type SummaryRow = Record<string, unknown>;

export function toSummary(row: SummaryRow): ConversationSummary {
  const participants = (row.participants as { userId: string; name: string; role: string; joinedAt: string }[]).map(
    (participant) => ({
      userId: participant.userId,
      name: participant.name,
      role: participant.role as 'owner' | 'invited' | 'pending',
      joinedAt: iso(participant.joinedAt)!,
    }),
  );
  const tags = (row.tags as { tag: string; note: string; by: string | null; at: string }[]).map((tag) => ({
    tag: tag.tag,
    note: tag.note,
    by: tag.by,
    at: iso(tag.at)!,
  }));
  return {
    id: row.id as string,
    channelId: row.channel_id as string,
    channelName: row.channel_name as string,
    channelType: Number(row.channel_type),
    customer: {
      id: (row.customer_id as string | null) ?? null,
      name: (row.customer_name as string) || (row.customer_number as string),
      number: row.customer_number as string,
    },
    state: Number(row.state),
    handler: row.handler as 'bot' | 'queue' | 'agent',
    waiting: (row.waiting as ConversationSummary['waiting']) ?? null,
    waitingFor: (row.waiting_for as string | null) ?? null,
    waitingBy: (row.waiting_by_name as string | null) ?? null,
    departmentId: (row.department_id as string | null) ?? null,
    departmentName: (row.department_name as string | null) ?? null,
    participants,
    lastMessage: row.last_message_at
      ? {
          text: (row.last_message_text as string) ?? '',
          at: iso(row.last_message_at)!,
          direction: row.last_message_direction as 'in' | 'out' | 'system',
        }
      : null,
    newMsgCount: Number(row.new_msg_count),
    messageCount: Number(row.message_count),
    pinned: Boolean(row.pinned),
    tags,
    handoff: (row.handoff as ConversationSummary['handoff']) ?? null,
    // WhatsApp's customer-service window: 24 hours after the customer's last message.
    isJITRequired:
      Boolean(row.is_jit_required) || windowClosed(Number(row.channel_type), row.last_inbound_at as string | null),
    missedReason: row.missed_reason === null || row.missed_reason === undefined ? null : Number(row.missed_reason),
    feedback: (row.feedback as string | null) ?? null,
    lastInboundAt: iso(row.last_inbound_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    closedAt: iso(row.closed_at),
  };
}

const MESSAGE_SELECT = `
  select m.*, u.name as sender_name from conversation_messages m left join users u on u.id = m.sender_user_id`;

export function toChatMessage(row: Record<string, unknown>): ChatMessage {
  const kind = row.sender_kind as ChatMessage['sender']['kind'];
  const name =
    kind === 'agent'
      ? ((row.sender_name as string | null) ?? 'Agent')
      : kind === 'bot'
        ? 'Bot'
        : kind === 'customer'
          ? 'Customer'
          : 'System';
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    direction: row.direction as ChatMessage['direction'],
    sender: { kind, userId: (row.sender_user_id as string | null) ?? null, name },
    kind: row.kind as string,
    text: (row.text as string) ?? '',
    content: (row.content as Record<string, unknown>) ?? {},
    status: row.status as string,
    statusAt: iso(row.status_at)!,
    error: row.error_code ? { code: row.error_code as string, text: (row.error_text as string) ?? '' } : null,
    at: iso(row.at)!,
  };
}

/** Which conversations a caller may see: all (supervisors), or those of their departments, of none, or theirs. */
export interface Visibility {
  userId: string;
  seesAll: boolean;
  departmentIds: readonly string[];
}

/**
 * Whether the user takes part in conversation c (any role): one probe of the participants' primary
 * key per row read. `offset 0` keeps the planner from hashing every conversation the user ever took
 * part in instead (an agent's whole history, thousands of rows, read for every page of 30).
 */
const participates = (userParam: string, extra = '') =>
  `exists(select 1 from conversation_participants vp where vp.conversation_id = c.id and vp.user_id = ${userParam}${extra} offset 0)`;

/** SQL condition (on alias c) and its values, starting at parameter $start. */
function visibleCondition(visibility: Visibility, start: number): { sql: string; values: unknown[] } {
  if (visibility.seesAll) return { sql: 'true', values: [] };
  return {
    sql: `(c.department_id is null or c.department_id = any($${start}::uuid[])
      or ${participates(`$${start + 1}`)} or c.waiting_for = $${start + 1})`,
    values: [textArray(visibility.departmentIds), visibility.userId],
  };
}

/** The list's filters (conversationListQuery, parsed). */
export interface ListFilters {
  view: string;
  departmentId?: string;
  state?: number;
  channelId?: string;
  waiting?: string;
  tag?: string;
  search?: string;
  before?: string;
  perPage: number;
}

/**
 * The page query of the conversation list: summaries the caller may see in one view, newest
 * activity first, one row more than the page (hasMore). Exported so the benchmark explains the
 * statement the route runs.
 */
export function listStatement(
  enterpriseId: string,
  visibility: Visibility,
  query: ListFilters,
): { sql: string; values: unknown[] } {
  const values: unknown[] = [visibility.userId, enterpriseId];
  const where: string[] = ['c.enterprise_id = $2'];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  // The caller's own chats are visible to them whatever the department: no second check.
  if (query.view !== 'mine') {
    const condition = visibleCondition(visibility, values.length + 1);
    values.push(...condition.values);
    where.push(condition.sql);
  }
  switch (query.view) {
    case 'mine':
      where.push(
        `c.state in (0, 1, 2, 5) and (${participates('$1', ` and vp.role <> 'pending'`)} or c.waiting_for = $1)`,
      );
      break;
    case 'unassigned':
      where.push(`c.state in (0, 1, 2, 5) and c.handler = 'queue'`);
      break;
    case 'closed':
      where.push('c.state = 3');
      break;
    case 'missed':
      where.push('c.state = 4');
      break;
    default:
      where.push('c.state in (0, 1, 2, 5)');
  }
  if (query.departmentId) where.push(`c.department_id = ${add(query.departmentId)}`);
  if (query.state !== undefined) where.push(`c.state = ${add(query.state)}`);
  if (query.channelId) where.push(`c.channel_id = ${add(query.channelId)}`);
  if (query.waiting === 'new') where.push(`c.waiting = 'new'`);
  else if (query.waiting === 'transferred')
    where.push(`c.waiting = 'transferred' and (c.waiting_for = $1 or c.waiting_for is null)`);
  else if (query.waiting) where.push(`c.waiting = ${add(query.waiting)} and c.waiting_for = $1`);
  if (query.tag)
    where.push(
      `exists(select 1 from conversation_tags ft where ft.conversation_id = c.id and lower(ft.tag) = lower(${add(query.tag)}))`,
    );
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    const param = add(pattern);
    where.push(`(lower(c.customer_name) like ${param} or c.customer_number like ${param})`);
  }
  if (query.before) where.push(`c.updated_at < ${add(query.before)}`);
  // A literal, not a parameter: the prepared statement's generic plan would guess a tenth of the rows
  // for a parameter, and a plan costed that high is JIT-compiled on every call (tens of ms).
  const limit = String(Math.trunc(query.perPage) + 1);
  // The page is cut from conversations alone, then joined, so that its order and limit reach an index
  // whatever the planner thinks of the joins. NULLS LAST as the indexes are built (drizzle's desc()):
  // both columns are never null, but PostgreSQL matches an index to an ORDER BY only when they agree.
  const order = 'order by c.updated_at desc nulls last, c.id desc nulls last';
  const page = `(select c.* from conversations c where ${where.join(' and ')} ${order} limit ${limit})`;
  return { sql: `${summarySelect(page)} ${order}`, values };
}

/** The live chat counts of the caller (the list answers them beside its page). */
export function countsStatement(enterpriseId: string, visibility: Visibility): { sql: string; values: unknown[] } {
  const condition = visibleCondition(visibility, 3);
  return {
    sql: `select
          count(*) filter (where c.waiting = 'new' and c.state in (0, 1, 2, 5)) as new_count,
          count(*) filter (where c.waiting = 'invited' and c.waiting_for = $1) as invited_count,
          count(*) filter (where c.waiting = 'transferred' and (c.waiting_for = $1 or c.waiting_for is null)) as transferred_count,
          count(*) filter (where c.waiting = 'assigned' and c.waiting_for = $1) as assigned_count,
          count(*) filter (where c.state = 4 and c.updated_at > now() - interval '24 hours') as missed_count
        from conversations c where c.enterprise_id = $2 and ${condition.sql}
          and (c.waiting is not null or (c.state = 4 and c.updated_at > now() - interval '24 hours'))`,
    values: [visibility.userId, enterpriseId, ...condition.values],
  };
}

export function createConversationsRepository(db: DbOrTx) {
  const raw: RawQuery = rawFor(db);
  const named = namedQueryFor(db);
  /**
   * The list and its counts run for every page an agent opens: prepared per connection under a
   * name made from their text (a few shapes, one per view and filter set), so PostgreSQL plans
   * them once instead of on every call (planning the summary select costs more than running it).
   */
  const prepared = (statement: { sql: string; values: unknown[] }) =>
    named(
      `conversations_${crypto.createHash('sha1').update(statement.sql).digest('hex').slice(0, 24)}`,
      statement.sql,
      statement.values,
    );

  return {
    raw,

    async summary(enterpriseId: string, id: string, viewerId: string): Promise<ConversationSummary | null> {
      const { rows } = await raw(`${SUMMARY_SELECT} where c.id = $2 and c.enterprise_id = $3`, [
        viewerId,
        id,
        enterpriseId,
      ]);
      return rows[0] ? toSummary(rows[0]) : null;
    },

    async row(enterpriseId: string, id: string): Promise<ConversationRow | null> {
      const { rows } = await raw(`select * from conversations where id = $1 and enterprise_id = $2`, [
        id,
        enterpriseId,
      ]);
      return (rows[0] as unknown as ConversationRow | undefined) ?? null;
    },

    async isVisible(enterpriseId: string, id: string, visibility: Visibility): Promise<boolean> {
      const condition = visibleCondition(visibility, 3);
      const { rows } = await raw(
        `select 1 from conversations c where c.id = $1 and c.enterprise_id = $2 and ${condition.sql}`,
        [id, enterpriseId, ...condition.values],
      );
      return rows.length > 0;
    },

    async list(
      enterpriseId: string,
      visibility: Visibility,
      query: ListFilters,
    ): Promise<{ conversations: ConversationSummary[]; hasMore: boolean }> {
      const statement = listStatement(enterpriseId, visibility, query);
      const { rows } = await prepared(statement);
      const page = rows.slice(0, query.perPage);
      return { conversations: page.map(toSummary), hasMore: rows.length > query.perPage };
    },

    async counts(enterpriseId: string, visibility: Visibility): Promise<LiveChatCounts> {
      const statement = countsStatement(enterpriseId, visibility);
      const { rows } = await prepared(statement);
      const row = rows[0] ?? {};
      const counts = {
        newChatCount: Number(row.new_count ?? 0),
        invitedChatCount: Number(row.invited_count ?? 0),
        transferredChatCount: Number(row.transferred_count ?? 0),
        assginedChatCount: Number(row.assigned_count ?? 0),
        missedChatCount: Number(row.missed_count ?? 0),
      };
      return {
        ...counts,
        totalChatCount:
          counts.newChatCount + counts.invitedChatCount + counts.transferredChatCount + counts.assginedChatCount,
      };
    },

    async previous(enterpriseId: string, customerNumber: string, exceptId: string) {
      const { rows } = await raw(
        `select c.id, ch.name as channel_name, c.state, c.created_at from conversations c join channels ch on ch.id = c.channel_id
         where c.enterprise_id = $1 and c.customer_number = $2 and c.id <> $3 order by c.created_at desc limit 20`,
        [enterpriseId, customerNumber, exceptId],
      );
      return rows.map((row) => ({
        id: row.id as string,
        channelName: row.channel_name as string,
        state: Number(row.state),
        createdAt: iso(row.created_at)!,
      }));
    },

    async messages(conversationId: string, before: string | undefined, perPage: number) {
      const values: unknown[] = [conversationId, perPage + 1];
      let condition = '';
      if (before) {
        values.push(before);
        condition = `and (m.at, m.id) < (select at, id from conversation_messages where id = $3 and conversation_id = $1)`;
      }
      const { rows } = await raw(
        `${MESSAGE_SELECT} where m.conversation_id = $1 ${condition} order by m.at desc, m.id desc limit $2`,
        values,
      );
      const page = rows.slice(0, perPage).reverse();
      return { messages: page.map(toChatMessage), hasMore: rows.length > perPage };
    },

    async messagesByIds(ids: readonly string[]): Promise<ChatMessage[]> {
      if (ids.length === 0) return [];
      const { rows } = await raw(`${MESSAGE_SELECT} where m.id = any($1::uuid[]) order by m.at, m.id`, [
        textArray(ids),
      ]);
      return rows.map(toChatMessage);
    },

    /** Users of the department (or, without one, of the enterprise) who handle chats. */
    async departmentAgents(enterpriseId: string, departmentId: string | null): Promise<string[]> {
      const { rows } = departmentId
        ? await raw(
            `select u.id from users u join department_users du on du.user_id = u.id and du.department_id = $2
             where u.enterprise_id = $1 and u.state = 1 and u.roles && '{1,3}'::int[]`,
            [enterpriseId, departmentId],
          )
        : await raw(
            `select u.id from users u where u.enterprise_id = $1 and u.state = 1 and u.roles && '{1,3}'::int[]`,
            [enterpriseId],
          );
      return rows.map((row) => row.id as string);
    },

    async departmentsOf(userId: string): Promise<string[]> {
      const { rows } = await raw(`select department_id from department_users where user_id = $1`, [userId]);
      return rows.map((row) => row.department_id as string);
    },
  };
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
