import type { Database } from '../src/db/client';
import { textArray } from '../src/platform/customer-lookup';
import { FAMILY_NAMES, GIVEN_NAMES } from './customer-names';
import { stepTimer } from './step-timer';

export interface ConversationSeedOptions {
  enterpriseId: string;
  /** A channel of the enterprise (made through the API): every conversation is on it. */
  channelId: string;
  conversations: number;
  messagesPerConversation: number;
  /** The password hash every seeded agent signs in with. */
  passwordHash: string;
}

export interface ConversationSeedResult {
  departments: number;
  agents: number;
  customers: number;
  conversations: number;
  messages: number;
  participants: number;
  /** The agent who signs in: the first of the first department. */
  agent: { userId: string; email: string; departmentId: string };
  /** Conversations of each view the agent should see (counted from the seed's own facts). */
  expected: { mine: number; all: number; closed: number };
  /** Wall-clock seconds of each step. */
  seconds: Record<string, number>;
}

const DEPARTMENTS = ['Support', 'Sales', 'Billing', 'Returns'];
const AGENTS_PER_DEPARTMENT = 5;
/** Conversations spread over this many days, newest first. */
const SPAN_DAYS = 180;
/** Share of conversations still open (the newest): the rest are closed, one in twelve missed. */
const OPEN_SHARE = 0.003;
/** Conversations per customer number, on average (customers write again). */
const CONVERSATIONS_PER_CUSTOMER = 1.4;
const TEXTS = [
  'Hi, I need help with my order',
  'Hello! How can I help you today?',
  'My parcel has not arrived yet',
  'Could you share the order number, please?',
  'It is 4471-2290',
  'Thank you, I am checking it now',
  'Can I change the delivery address?',
  'Yes, the new address is saved',
  'Great, thanks a lot',
  'You are welcome. Anything else?',
];

/**
 * The conversation list figure's data, in bulk SQL (`INSERT … SELECT … FROM generate_series`):
 * four departments of five agents (Handle Chats), customers for the conversations' numbers, the
 * conversations spread over half a year (the newest 0.3 % open: with the bot, queued, with an agent
 * or suspended; of the rest one in twelve missed, the others closed, seven in ten of those after an
 * agent took them), the owner of every chat an agent took, a tag on one conversation in fifty, two
 * pins, and `messagesPerConversation` messages in each thread; then ANALYZE. One unlogged helper
 * table holds each conversation's draw (department, owner, kind) while the tables are filled.
 */
export async function seedConversations(
  database: Database,
  options: ConversationSeedOptions,
): Promise<ConversationSeedResult> {
  const { seconds, timed } = stepTimer();
  const { enterpriseId, conversations, messagesPerConversation } = options;
  const customers = Math.max(1, Math.ceil(conversations / CONVERSATIONS_PER_CUSTOMER));
  const open = Math.max(10, Math.round(conversations * OPEN_SHARE));

  const people = await timed('agents', () => seedAgents(database, enterpriseId, options.passwordHash));
  await timed('customers', () =>
    database.raw(
      `insert into customers (enterprise_id, name, phone_number, whatsapp_number, source_channel_id, created_at, updated_at)
       select $1::uuid, ($2::text[])[1 + (hashint4(g.i) & 2147483647) % cardinality($2::text[])] || ' ' ||
                        ($3::text[])[1 + (hashint4(-g.i) & 2147483647) % cardinality($3::text[])],
              '+9197' || lpad(g.i::text, 8, '0'), '+9197' || lpad(g.i::text, 8, '0'), $4::uuid,
              now() - make_interval(days => $6::int), now() - make_interval(days => $6::int)
         from generate_series(0, $5::int - 1) as g(i)`,
      [enterpriseId, textArray(GIVEN_NAMES), textArray(FAMILY_NAMES), options.channelId, customers, SPAN_DAYS],
    ),
  );

  await database.raw('drop table if exists bench_conversation_seed');
  await timed('conversations', async () => {
    // Each conversation's draw: number, department, owner's slot, kind and times (i = 1 is the newest).
    await database.raw(
      `create unlogged table bench_conversation_seed as
       select s.*, ($4::uuid[])[1 + s.d] as department_id,
              case when s.kind in ('agent', 'suspended', 'closed') then ($5::uuid[])[1 + s.d * $6::int + s.slot] end as owner,
              case s.kind when 'agent' then 2 when 'suspended' then 5 when 'missed' then 4 when 'closed' then 3
                          when 'closed_bot' then 3 else 0 end as state,
              case when s.kind in ('bot', 'closed_bot') then 'bot' when s.kind in ('queued', 'missed') then 'queue' else 'agent' end as handler,
              least(now() - interval '1 second', s.created_at + interval '12 minutes') as updated_at
         from (select g.i, gen_random_uuid() as id,
                      '+9197' || lpad(((g.i - 1) % $2::int)::text, 8, '0') as number,
                      (hashint4(g.i) & 2147483647) % cardinality($4::uuid[]) as d,
                      (hashint4(g.i + 7340033) & 2147483647) % $6::int as slot,
                      now() - make_interval(secs => g.i * $7::float8) as created_at,
                      case when g.i <= $3::int then (array['bot', 'bot', 'bot', 'queued', 'agent', 'agent', 'agent', 'agent', 'agent', 'suspended'])[1 + g.i % 10]
                           when g.i % 12 = 0 then 'missed'
                           when g.i % 10 < 7 then 'closed'
                           else 'closed_bot' end as kind
                 from generate_series(1, $1::int) as g(i)) as s`,
      [
        conversations,
        customers,
        open,
        textArray(people.departmentIds),
        textArray(people.agentIds),
        AGENTS_PER_DEPARTMENT,
        (SPAN_DAYS * 86_400) / conversations,
      ],
    );
    await database.raw(
      `insert into conversations (id, enterprise_id, channel_id, customer_id, customer_number, customer_name, state, handler,
         department_id, waiting, queued_at, handoff, missed_reason, new_msg_count, message_count, last_message_text,
         last_message_direction, last_message_at, last_inbound_at, last_agent_reply_at, closed_at, created_at, updated_at)
       select s.id, $1::uuid, $2::uuid, cu.id, s.number, cu.name, s.state, s.handler, s.department_id,
              case when s.kind = 'queued' then 'new' end,
              case when s.handler <> 'bot' then s.created_at + interval '1 minute' end,
              case when s.handler <> 'bot' then jsonb_build_object('reason', 'asked_for_agent', 'intent', null, 'confidence', null,
                'emotion', null, 'slots', '[]'::jsonb, 'at', s.created_at + interval '1 minute') end,
              case when s.kind = 'missed' then 1 end,
              case when s.kind in ('agent', 'suspended') then s.i % 3 else 0 end,
              $3::int, ($4::text[])[1 + ($3::int + s.i) % cardinality($4::text[])],
              case when $3::int % 2 = 1 then 'in' else 'out' end, s.updated_at, s.updated_at - interval '1 minute',
              case when s.owner is not null then s.updated_at end,
              case when s.state in (3, 4) then s.updated_at end, s.created_at, s.updated_at
         from bench_conversation_seed s join customers cu on cu.enterprise_id = $1::uuid and cu.phone_number = s.number`,
      [enterpriseId, options.channelId, messagesPerConversation, textArray(TEXTS)],
    );
    await database.raw(
      `insert into conversation_participants (conversation_id, user_id, enterprise_id, role, read_at, created_at)
       select s.id, s.owner, $1::uuid, 'owner', s.updated_at, s.created_at + interval '2 minutes'
         from bench_conversation_seed s where s.owner is not null`,
      [enterpriseId],
    );
    await database.raw(
      `insert into conversation_tags (enterprise_id, conversation_id, tag, note, created_by, created_at)
       select $1::uuid, s.id, (array['refund', 'vip', 'delivery', 'complaint'])[1 + s.i % 4], '', s.owner, s.updated_at
         from bench_conversation_seed s where s.i % 50 = 7`,
      [enterpriseId],
    );
    await database.raw(
      `insert into conversation_pins (conversation_id, user_id)
       select s.id, s.owner from bench_conversation_seed s
        where s.owner = $1::uuid and s.kind in ('agent', 'suspended') order by s.i limit 2`,
      [people.agentIds[0]],
    );
  });

  // The thread: customer and business in turn, spread evenly from the start to the last activity.
  await timed('messages', () =>
    database.raw(
      `insert into conversation_messages (enterprise_id, conversation_id, direction, sender_kind, sender_user_id, kind, text,
         status, status_at, at, created_at)
       select $1::uuid, s.id, case when k % 2 = 1 then 'in' else 'out' end,
              case when k % 2 = 1 then 'customer' when s.owner is not null and k > 2 then 'agent' else 'bot' end,
              case when k % 2 = 0 and k > 2 then s.owner end, 'text', ($3::text[])[1 + (k + s.i) % cardinality($3::text[])],
              case when k % 2 = 1 then 'received' else 'read' end, t.at, t.at, t.at
         from bench_conversation_seed s
        cross join generate_series(1, $2::int) as k
        cross join lateral (select s.created_at + (s.updated_at - s.created_at) * k / $2::int as at) as t`,
      [enterpriseId, messagesPerConversation, textArray(TEXTS)],
    ),
  );

  const facts = await database.raw(
    `select count(*) filter (where owner = $1::uuid and kind in ('agent', 'suspended'))::int as mine,
            count(*) filter (where kind in ('bot', 'queued', 'agent', 'suspended') and (d = 0 or owner = $1::uuid))::int as all_open,
            count(*) filter (where kind in ('closed', 'closed_bot') and (d = 0 or owner = $1::uuid))::int as closed
       from bench_conversation_seed`,
    [people.agentIds[0]],
  );
  await database.raw('drop table bench_conversation_seed');
  await timed('analyze', () =>
    database.raw(
      'analyze conversations, conversation_messages, conversation_participants, conversation_tags, conversation_pins, customers, users, departments, department_users, chat_agents, channels',
    ),
  );
  const totals = await database.raw(
    `select (select count(*) from conversations where enterprise_id = $1::uuid)::int as conversations,
            (select count(*) from conversation_messages where enterprise_id = $1::uuid)::int as messages,
            (select count(*) from conversation_participants where enterprise_id = $1::uuid)::int as participants,
            (select count(*) from customers where enterprise_id = $1::uuid)::int as customers`,
    [enterpriseId],
  );
  const row = totals.rows[0]!;
  const fact = facts.rows[0]!;
  return {
    departments: DEPARTMENTS.length,
    agents: people.agentIds.length,
    customers: Number(row.customers),
    conversations: Number(row.conversations),
    messages: Number(row.messages),
    participants: Number(row.participants),
    agent: { userId: people.agentIds[0]!, email: people.emails[0]!, departmentId: people.departmentIds[0]! },
    expected: { mine: Number(fact.mine), all: Number(fact.all_open), closed: Number(fact.closed) },
    seconds,
  };
}

/** Four departments of five agents each (Handle Chats, online), in department order. */
async function seedAgents(database: Database, enterpriseId: string, passwordHash: string) {
  const departmentIds: string[] = [];
  for (const name of DEPARTMENTS) {
    const { rows } = await database.raw(
      `insert into departments (enterprise_id, name, description) values ($1::uuid, $2, '') returning id`,
      [enterpriseId, name],
    );
    departmentIds.push(String(rows[0]!.id));
  }
  const agentIds: string[] = [];
  const emails: string[] = [];
  for (const [index, departmentId] of departmentIds.entries())
    for (let slot = 0; slot < AGENTS_PER_DEPARTMENT; slot += 1) {
      const email = `agent-${index + 1}-${slot + 1}@list.bench`;
      const { rows } = await database.raw(
        `insert into users (enterprise_id, email, name, password_hash, roles) values ($1::uuid, $2, $3, $4, '{3}') returning id`,
        [enterpriseId, email, `Agent ${index + 1}.${slot + 1}`, passwordHash],
      );
      const userId = String(rows[0]!.id);
      await database.raw(
        `insert into department_users (department_id, user_id, enterprise_id) values ($1::uuid, $2::uuid, $3::uuid)`,
        [departmentId, userId, enterpriseId],
      );
      await database.raw(
        `insert into chat_agents (user_id, enterprise_id, status, capacity) values ($1::uuid, $2::uuid, 'online', 10)`,
        [userId, enterpriseId],
      );
      agentIds.push(userId);
      emails.push(email);
    }
  return { departmentIds, agentIds, emails };
}
