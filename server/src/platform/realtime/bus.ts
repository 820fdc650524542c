import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { rawFor, type Db } from '../../db/client';
import { textArray } from '../customer-lookup';
import { realtimeEvents } from '../../db/schema/platform';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';

export interface BusEvent {
  id: number;
  enterpriseId: string;
  /** When set, only this user's sockets receive the event. */
  userId: string | null;
  /** When set, only sockets subscribed to this topic receive the event. */
  topic?: string | null;
  name: string;
  payload: unknown;
  at: string;
}

export interface PublishInput {
  enterpriseId: string;
  userId?: string | null;
  topic?: string | null;
  name: string;
  payload?: unknown;
}

export interface EventBus {
  /** Stores the event (giving it its id) and fans it out to every instance's sockets. */
  publish(input: PublishInput): Promise<BusEvent>;
  /**
   * The same for many events at once (one statement per 5,000, ids in the order given): the
   * live counts of a whole department's agents cost a few statements instead of one each.
   */
  publishMany(inputs: readonly PublishInput[]): Promise<BusEvent[]>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  /** Events after `since` that a user of an enterprise may see (of these topics), oldest first. */
  since(
    enterpriseId: string,
    userId: string,
    since: number,
    limit?: number,
    topics?: readonly string[],
  ): Promise<BusEvent[]>;
  lastId(): Promise<number>;
  close(): Promise<void>;
}

const CHANNEL = 'parley:events';

/** A PostgreSQL array literal of texts where null stays NULL (textArray quotes every value). */
const nullableArray = (values: readonly (string | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : textArray([value]).slice(1, -1))).join(',')}}`;
/** Events per INSERT of publishMany (five array parameters, whatever the count). */
const INSERT_BATCH = 5000;

/** In-process fan-out by default; Redis pub/sub when a Redis URL is given. */
export async function createEventBus(deps: {
  db: Db;
  redisUrl?: string;
  onError?: (error: Error) => void;
}): Promise<EventBus> {
  const { db } = deps;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;

  if (deps.redisUrl) {
    publisher = new Redis(deps.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
    subscriber = new Redis(deps.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
    publisher.on('error', (error) => deps.onError?.(error));
    subscriber.on('error', (error) => deps.onError?.(error));
    await publisher.connect();
    await subscriber.connect();
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel, message) => {
      try {
        local.emit('event', JSON.parse(message) as BusEvent);
      } catch (error) {
        deps.onError?.(error as Error);
      }
    });
  }

  const toEvent = (row: typeof realtimeEvents.$inferSelect): BusEvent => ({
    id: row.id,
    enterpriseId: row.enterpriseId,
    userId: row.userId,
    topic: row.topic,
    name: row.name,
    payload: row.payload,
    at: row.createdAt.toISOString(),
  });

  const raw = rawFor(db);
  /** An event from a row of a raw statement (bigint ids and timestamps arrive as the driver gives them). */
  const rawToEvent = (row: Record<string, unknown>): BusEvent => ({
    id: Number(row.id),
    enterpriseId: row.enterprise_id as string,
    userId: (row.user_id as string | null) ?? null,
    topic: (row.topic as string | null) ?? null,
    name: row.name as string,
    payload: row.payload,
    at: new Date(row.created_at as string | Date).toISOString(),
  });

  /** Hands stored events to every instance's sockets (through Redis when there is one). */
  async function fanOut(events: readonly BusEvent[]) {
    if (!publisher) {
      for (const event of events) local.emit('event', event);
      return;
    }
    const pipeline = publisher.pipeline();
    for (const event of events) pipeline.publish(CHANNEL, JSON.stringify(event));
    for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
  }

  return {
    async publish(input) {
      const [row] = await db
        .insert(realtimeEvents)
        .values({
          enterpriseId: input.enterpriseId,
          userId: input.userId ?? null,
          topic: input.topic ?? null,
          name: input.name,
          payload: input.payload ?? {},
        })
        .returning();
      const event = toEvent(row!);
      await fanOut([event]);
      return event;
    },
    async publishMany(inputs) {
      const events: BusEvent[] = [];
      for (let from = 0; from < inputs.length; from += INSERT_BATCH) {
        const batch = inputs.slice(from, from + INSERT_BATCH);
        // Five arrays for the whole batch: drizzle's VALUES list of 5,000 rows cost more CPU than the database took.
        const { rows } = await raw(
          `insert into realtime_events (enterprise_id, user_id, topic, name, payload)
           select enterprise_id, user_id, topic, name, payload
           from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::jsonb[])
             with ordinality as e(enterprise_id, user_id, topic, name, payload, n)
           order by n
           returning id, enterprise_id, user_id, topic, name, payload, created_at`,
          [
            textArray(batch.map((input) => input.enterpriseId)),
            nullableArray(batch.map((input) => input.userId ?? null)),
            nullableArray(batch.map((input) => input.topic ?? null)),
            textArray(batch.map((input) => input.name)),
            textArray(batch.map((input) => JSON.stringify(input.payload ?? {}))),
          ],
        );
        events.push(...rows.map(rawToEvent));
      }
      await fanOut(events);
      return events;
    },
    subscribe(listener) {
      local.on('event', listener);
      return () => local.off('event', listener);
    },
    async since(enterpriseId, userId, since, limit = 500, topics = []) {
      const rows = await db
        .select()
        .from(realtimeEvents)
        .where(
          and(
            eq(realtimeEvents.enterpriseId, enterpriseId),
            gt(realtimeEvents.id, since),
            or(isNull(realtimeEvents.userId), eq(realtimeEvents.userId, userId)),
            topics.length > 0
              ? or(isNull(realtimeEvents.topic), inArray(realtimeEvents.topic, [...topics]))
              : isNull(realtimeEvents.topic),
          ),
        )
        .orderBy(asc(realtimeEvents.id))
        .limit(limit);
      return rows.map(toEvent);
    },
    async lastId() {
      const result = (await db.execute(
        sql`select coalesce(max(id), 0)::bigint as id from realtime_events`,
      )) as unknown as {
        rows: { id: string | number }[];
      };
      return Number(result.rows[0]?.id ?? 0);
    },
    async close() {
      local.removeAllListeners();
      await subscriber?.quit().catch(() => undefined);
      await publisher?.quit().catch(() => undefined);
    },
  };
}
