import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { realtimeEvents } from '../../db/schema/platform';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';

export interface BusEvent {
  id: number;
  enterpriseId: string;
  /** When set, only this user's sockets receive the event. */
  userId: string | null;
  name: string;
  payload: unknown;
  at: string;
}

export interface PublishInput {
  enterpriseId: string;
  userId?: string | null;
  name: string;
  payload?: unknown;
}

export interface EventBus {
  /** Stores the event (giving it its id) and fans it out to every instance's sockets. */
  publish(input: PublishInput): Promise<BusEvent>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  /** Events after `since` that a user of an enterprise may see, oldest first. */
  since(enterpriseId: string, userId: string, since: number, limit?: number): Promise<BusEvent[]>;
  lastId(): Promise<number>;
  close(): Promise<void>;
}

const CHANNEL = 'parley:events';

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
    name: row.name,
    payload: row.payload,
    at: row.createdAt.toISOString(),
  });

  return {
    async publish(input) {
      const [row] = await db
        .insert(realtimeEvents)
        .values({
          enterpriseId: input.enterpriseId,
          userId: input.userId ?? null,
          name: input.name,
          payload: input.payload ?? {},
        })
        .returning();
      const event = toEvent(row!);
      if (publisher) await publisher.publish(CHANNEL, JSON.stringify(event));
      else local.emit('event', event);
      return event;
    },
    subscribe(listener) {
      local.on('event', listener);
      return () => local.off('event', listener);
    },
    async since(enterpriseId, userId, since, limit = 500) {
      const rows = await db
        .select()
        .from(realtimeEvents)
        .where(
          and(
            eq(realtimeEvents.enterpriseId, enterpriseId),
            gt(realtimeEvents.id, since),
            or(isNull(realtimeEvents.userId), eq(realtimeEvents.userId, userId)),
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
