import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { WS_INVALID_TOKEN } from '@parley/contracts/constants';
import { openPostgres, type Database } from '../../db/client';
import { enterprises, users } from '../../db/schema/platform';
import { as, createTenant, createTestApp, type TestContext } from '../../../test/test-app';
import { openPostgresTestDatabase, openTestDatabase, postgresAvailable, testDbKind } from '../../../test/test-database';
import { connectRealtime } from '../../../test/realtime-client';
import { createEventBus, type BusEvent, type EventBus } from './bus';

const redisUrl = process.env.PARLEY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

describe('the in-process event bus', () => {
  let database: Database;
  let bus: EventBus;
  const enterprise = { one: '', two: '' };
  const user = { a: '', b: '' };

  beforeAll(async () => {
    database = await openTestDatabase();
    bus = await createEventBus({ db: database.db });
    const [one, two] = await database.db
      .insert(enterprises)
      .values([{ name: 'One' }, { name: 'Two' }])
      .returning();
    enterprise.one = one!.id;
    enterprise.two = two!.id;
    const [a, b] = await database.db
      .insert(users)
      .values(['a', 'b'].map((name) => ({ enterpriseId: one!.id, email: `${name}@bus.test`, name, passwordHash: 'x' })))
      .returning();
    user.a = a!.id;
    user.b = b!.id;
  });
  afterAll(async () => {
    await bus?.close();
    await database?.close();
  });

  it('gives every event a larger id than the one before and hands it to subscribers at once', async () => {
    const heard: BusEvent[] = [];
    const unsubscribe = bus.subscribe((event) => heard.push(event));
    const first = await bus.publish({ enterpriseId: enterprise.one, name: 'system.notice', payload: { n: 1 } });
    const second = await bus.publish({ enterpriseId: enterprise.two, name: 'system.notice' });
    expect(second.id).toBeGreaterThan(first.id);
    expect(heard.map((event) => event.id)).toEqual([first.id, second.id]);
    expect(second.payload).toEqual({});
    unsubscribe();
    await bus.publish({ enterpriseId: enterprise.one, name: 'system.notice' });
    expect(heard).toHaveLength(2);
    expect(await bus.lastId()).toBeGreaterThan(second.id);
  });

  it('stores many events in one call, ids in the order given, and hands each to subscribers', async () => {
    const heard: BusEvent[] = [];
    const unsubscribe = bus.subscribe((event) => heard.push(event));
    const start = await bus.lastId();
    const published = await bus.publishMany([
      { enterpriseId: enterprise.one, userId: user.a, name: 'conversation.counts', payload: { n: 1 } },
      {
        enterpriseId: enterprise.one,
        topic: 'chat:dept:none',
        name: 'conversation.updated',
        payload: { text: 'a "quoted", {braced} \\ text' },
      },
      { enterpriseId: enterprise.two, name: 'system.notice' },
    ]);
    unsubscribe();
    expect(published.map((event) => [event.userId, event.topic, event.name, event.payload])).toEqual([
      [user.a, null, 'conversation.counts', { n: 1 }],
      [null, 'chat:dept:none', 'conversation.updated', { text: 'a "quoted", {braced} \\ text' }],
      [null, null, 'system.notice', {}],
    ]);
    const ids = published.map((event) => event.id);
    expect(ids[0]).toBeGreaterThan(start);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(heard).toEqual(published);
    expect(await bus.since(enterprise.one, user.a, start, 10, ['chat:dept:none'])).toEqual(published.slice(0, 2));
    expect(await bus.publishMany([])).toEqual([]);
  });

  it("replays only a user's own and enterprise-wide events of their enterprise, oldest first", async () => {
    const start = await bus.lastId();
    const wide = await bus.publish({ enterpriseId: enterprise.one, name: 'system.notice' });
    await bus.publish({ enterpriseId: enterprise.two, name: 'system.notice' });
    const own = await bus.publish({ enterpriseId: enterprise.one, userId: user.a, name: 'mail.queued' });
    await bus.publish({ enterpriseId: enterprise.one, userId: user.b, name: 'mail.queued' });
    expect((await bus.since(enterprise.one, user.a, start)).map((event) => event.id)).toEqual([wide.id, own.id]);
    expect((await bus.since(enterprise.one, user.a, wide.id)).map((event) => event.id)).toEqual([own.id]);
    expect((await bus.since(enterprise.one, user.a, start, 1)).map((event) => event.id)).toEqual([wide.id]);
  });
});

// Needs PostgreSQL (two processes on one database) and Redis: always in the PostgreSQL pass, and in
// the PGlite pass too whenever both answer on this machine.
const scaledModeReachable = testDbKind === 'postgres' || ((await postgresAvailable()) && (await redisAvailable()));

describe.runIf(scaledModeReachable)('Redis fan-out between instances on one PostgreSQL database', () => {
  let shared: Database & { url: string };
  let secondPool: Database;
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    shared = await openPostgresTestDatabase();
    secondPool = await openPostgres(shared.url, 5);
    first = await createTestApp({ database: shared, env: { REDIS_URL: redisUrl } });
    second = await createTestApp({ database: secondPool, env: { REDIS_URL: redisUrl } });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondPool?.close();
    await shared?.close();
  });

  it("an event raised on one instance reaches a socket connected to the other, and only its tenant's", async () => {
    const tenant = await createTenant(first);
    const outsider = await createTenant(first);
    const since = await first.bus.lastId();
    const onSecond = await connectRealtime(second.app, tenant.token, { since });
    const outsiderOnSecond = await connectRealtime(second.app, outsider.token, { since });

    const secret = await first.bus.publish({
      enterpriseId: tenant.enterpriseId,
      name: 'system.notice',
      payload: { from: 'instance one' },
    });
    const marker = await first.bus.publish({ enterpriseId: outsider.enterpriseId, name: 'system.notice' });

    expect(await onSecond.next((frame) => frame.type === 'event')).toMatchObject({
      id: secret.id,
      name: 'system.notice',
      payload: { from: 'instance one' },
    });
    await outsiderOnSecond.next((frame) => frame.type === 'event' && frame.id === marker.id);
    expect(outsiderOnSecond.events().map((event) => event.id)).toEqual([marker.id]);
    onSecond.close();
    outsiderOnSecond.close();
  });

  it('signing out through one instance closes the socket held by the other with 4001', async () => {
    const tenant = await createTenant(first);
    const onSecond = await connectRealtime(second.app, tenant.token, { since: await first.bus.lastId() });
    const logout = await first.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: as(tenant.token),
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    expect(await onSecond.closeCode()).toBe(WS_INVALID_TOKEN);
  });

  it('a reconnecting client on the other instance gets what it missed from the shared database', async () => {
    const tenant = await createTenant(first);
    const before = await first.bus.lastId();
    const missed = await first.bus.publish({ enterpriseId: tenant.enterpriseId, name: 'system.notice' });
    const client = await connectRealtime(second.app, tenant.token, { since: before });
    expect(client.events().map((event) => event.id)).toEqual([missed.id]);
    client.close();
  });
});
