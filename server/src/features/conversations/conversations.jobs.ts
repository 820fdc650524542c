import type { CollectedValue } from '@parley/contracts/conversations';
import { rawFor, type Db, type DbOrTx } from '../../db/client';
import type { Jobs } from '../../platform/jobs';
import type { ConversationRuntime, FinishedConversation, Published } from './runtime';

/** Collect data after conversation (agents.md §2.8): one job per finished conversation of a collecting bot. */
export const COLLECT_JOB = 'conversation.collect';
export interface CollectJobData {
  enterpriseId: string;
  conversationId: string;
}

/** One message of the finished conversation, oldest first. */
export interface TranscriptLine {
  senderKind: 'customer' | 'bot' | 'agent' | 'system';
  text: string;
}

/** A variable found in the conversation, under its name in the agent's prompt form. */
export interface FoundValue {
  name: string;
  value: string;
}

/**
 * The collect-data plug-in (the NLU feature's prompt agents, wired in app.ts): whether the bot
 * collects at all, asked in the transaction that finishes the conversation, and the values it
 * reads from the transcript (null when it no longer collects).
 */
export interface DataCollector {
  collects(tx: DbOrTx, enterpriseId: string, agentId: string): Promise<boolean>;
  collect(input: {
    enterpriseId: string;
    agentId: string;
    transcript: readonly TranscriptLine[];
    timeZone: string;
    at: Date;
  }): Promise<FoundValue[] | null>;
}

/**
 * Where the values go: the customer's attributes in the customer master (the customers feature,
 * wired in app.ts), each mapped to a field by name and validated by its rules, in the caller's
 * transaction; answers what became of each value.
 */
export interface CustomerAttributeWriter {
  write(tx: DbOrTx, enterpriseId: string, customerId: string, values: readonly FoundValue[]): Promise<CollectedValue[]>;
}

export const collectMessages = {
  noCustomer: 'The conversation has no customer in the customer master',
  note: (names: readonly string[]) => `Collected after the conversation: ${names.join(', ')}`,
} as const;

/** How many of the conversation's last messages the collector reads (it keeps the most recent within its own budget). */
const TRANSCRIPT_MESSAGES = 300;

/**
 * The runtime's onFinished hook: a conversation its bot had is over (closed by inactivity or by an
 * agent, or handed to people), so a 'conversation.collect' job is queued in the same transaction
 * when the bot is a prompt agent that collects data. Not when it already collected.
 */
export function collectWhenFinished(deps: { jobs: Jobs; collector: DataCollector }) {
  return async (tx: DbOrTx, conversation: FinishedConversation) => {
    if (!conversation.botAgentId) return;
    const { rows } = await rawFor(tx)(`select collected_at from conversations where id = $1`, [conversation.id]);
    if (!rows[0] || rows[0].collected_at) return;
    if (!(await deps.collector.collects(tx, conversation.enterpriseId, conversation.botAgentId))) return;
    await deps.jobs.send<CollectJobData>(
      COLLECT_JOB,
      { enterpriseId: conversation.enterpriseId, conversationId: conversation.id },
      { tx, retry: { limit: 3, delaySeconds: 30 } },
    );
  };
}

/**
 * The 'conversation.collect' job: reads the finished conversation's transcript, asks the collector
 * for the agent's variables (outside any transaction: an LLM may take a while), then in one
 * transaction on the locked conversation writes the values to the customer's attributes, records
 * what was collected on the conversation (collected, collected_at) and leaves a note in the thread.
 * Idempotent: a conversation with collected_at set is skipped, so a job run twice writes once.
 */
export function createCollectJob(deps: {
  db: Db;
  collector: DataCollector;
  attributes: CustomerAttributeWriter;
  runtime: Pick<ConversationRuntime, 'addMessage' | 'touch' | 'announce'>;
}) {
  const { db, collector, attributes, runtime } = deps;
  const run = rawFor(db);

  return async function collect(data: CollectJobData): Promise<void> {
    const { rows } = await run(
      `select c.id, c.bot_agent_id, c.department_id, c.collected_at, coalesce(e.settings->>'timezone', '') as timezone,
         (select max(m.at) from conversation_messages m where m.conversation_id = c.id) as last_at
       from conversations c join enterprises e on e.id = c.enterprise_id
       where c.id = $1 and c.enterprise_id = $2`,
      [data.conversationId, data.enterpriseId],
    );
    const conversation = rows[0];
    if (!conversation || conversation.collected_at || !conversation.bot_agent_id) return;
    const { rows: messages } = await run(
      `select sender_kind, text from (
         select sender_kind, text, at, id from conversation_messages
         where conversation_id = $1 and direction <> 'system' and sender_kind <> 'system' and text <> ''
         order by at desc, id desc limit $2) recent
       order by at, id`,
      [data.conversationId, TRANSCRIPT_MESSAGES],
    );
    const found = await collector.collect({
      enterpriseId: data.enterpriseId,
      agentId: conversation.bot_agent_id as string,
      transcript: messages.map((message) => ({
        senderKind: message.sender_kind as TranscriptLine['senderKind'],
        text: message.text as string,
      })),
      timeZone: (conversation.timezone as string) || 'Asia/Kolkata',
      at: conversation.last_at ? new Date(conversation.last_at as string) : new Date(),
    });
    // The agent stopped collecting (switched off, deleted) since the conversation ended.
    if (found === null) return;

    const published: Published = {
      enterpriseId: data.enterpriseId,
      conversationId: data.conversationId,
      departmentId: (conversation.department_id as string | null) ?? null,
      messageIds: [],
      countsFor: new Set(),
      agentEvents: [],
    };
    const recorded = await db.transaction(async (tx) => {
      const exec = rawFor(tx);
      const { rows: locked } = await exec(
        `select customer_id, collected_at from conversations where id = $1 and enterprise_id = $2 for update`,
        [data.conversationId, data.enterpriseId],
      );
      if (!locked[0] || locked[0].collected_at) return false;
      const customerId = (locked[0].customer_id as string | null) ?? null;
      const values: CollectedValue[] =
        found.length === 0
          ? []
          : customerId
            ? await attributes.write(tx, data.enterpriseId, customerId, found)
            : found.map((value) => ({
                ...value,
                field: null,
                fieldLabel: null,
                written: false,
                reason: collectMessages.noCustomer,
              }));
      await exec(
        `update conversations set collected = $2::jsonb, collected_at = now(),
           customer_name = case when $3::boolean then coalesce((select name from customers where id = customer_id), customer_name) else customer_name end
         where id = $1`,
        [data.conversationId, JSON.stringify(values), values.some((value) => value.written && value.field === 'name')],
      );
      if (values.length === 0) return true;
      const text = collectMessages.note(values.map((value) => value.name));
      published.messageIds.push(
        await runtime.addMessage(tx, {
          enterpriseId: data.enterpriseId,
          conversationId: data.conversationId,
          direction: 'system',
          senderKind: 'system',
          kind: 'system',
          text,
          // Tells an open console to load the conversation's collected data again.
          content: { collected: true },
          status: 'sent',
        }),
      );
      await runtime.touch(tx, data.conversationId, { text, direction: 'system' }, 1);
      return true;
    });
    if (recorded && published.messageIds.length > 0) await runtime.announce(published);
  };
}
