import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePermissions } from '@parley/contracts/permissions';
import type { Database } from '../../db/client';
import {
  channels,
  conversationParticipants,
  conversations,
  departmentUsers,
  departments,
  enterprises,
  users,
} from '../../db/schema';
import { createEventBus, type BusEvent, type EventBus } from '../../platform/realtime/bus';
import { openTestDatabase } from '../../../test/test-database';
import { createConversationsRepository } from './conversations.repository';
import { seesAllChats } from './conversations.service';
import { createLiveCountsPublisher, liveCountsOf } from './live-counts';

/**
 * The counts of many users in one statement must be the counts each one gets alone
 * (repository.counts, the GET of the console): one enterprise with agents in one, two or no
 * departments, a supervisor, and chats in every waiting state, inside and outside their departments.
 */
let database: Database;
let bus: EventBus;
let enterpriseId = '';
const people: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  bus = await createEventBus({ db: database.db });
  const { db } = database;
  const [enterprise, neighbour] = await db
    .insert(enterprises)
    .values([{ name: 'Counts' }, { name: 'Neighbour' }])
    .returning();
  enterpriseId = enterprise!.id;
  const roles: Record<string, number[]> = { sales: [3], support: [3], both: [3], none: [3], chief: [6], admin: [1] };
  for (const [name, roleIds] of Object.entries(roles)) {
    const [row] = await db
      .insert(users)
      .values({ enterpriseId, email: `${name}@counts.test`, name, passwordHash: 'x', roles: roleIds })
      .returning();
    people[name] = row!.id;
  }
  const [sales, support] = await db
    .insert(departments)
    .values([
      { enterpriseId, name: 'Sales' },
      { enterpriseId, name: 'Support' },
    ])
    .returning();
  await db.insert(departmentUsers).values([
    { enterpriseId, departmentId: sales!.id, userId: people.sales! },
    { enterpriseId, departmentId: support!.id, userId: people.support! },
    { enterpriseId, departmentId: sales!.id, userId: people.both! },
    { enterpriseId, departmentId: support!.id, userId: people.both! },
  ]);
  const channelOf = async (owner: string, name: string) =>
    (
      await db
        .insert(channels)
        .values({
          enterpriseId: owner,
          name,
          type: 4,
          vendor: 19,
          contactId: name,
          webhookKey: name,
          webhookSecretEnc: 'x',
        })
        .returning()
    )[0]!.id;
  const channelId = await channelOf(enterpriseId, 'counts');
  const theirs = await channelOf(neighbour!.id, 'neighbour');
  const day = 24 * 60 * 60 * 1000;
  let number = 0;
  const chat = async (values: Partial<typeof conversations.$inferInsert>, participants: string[] = []) => {
    const [row] = await db
      .insert(conversations)
      .values({ enterpriseId, channelId, customerNumber: `+9190000${++number}`, handler: 'queue', ...values })
      .returning();
    for (const userId of participants)
      await db
        .insert(conversationParticipants)
        .values({ conversationId: row!.id, userId, enterpriseId, role: 'owner' });
  };
  // New in each department, in none, and one of Support's that the Sales agent takes part in.
  await chat({ waiting: 'new', departmentId: sales!.id });
  await chat({ waiting: 'new', departmentId: sales!.id });
  await chat({ waiting: 'new', departmentId: support!.id });
  await chat({ waiting: 'new' });
  await chat({ waiting: 'new', departmentId: support!.id }, [people.sales!]);
  // Transferred to a department, to a person (outside that person's departments), invited, assigned.
  await chat({ waiting: 'transferred', departmentId: support!.id });
  await chat({ waiting: 'transferred', departmentId: support!.id, waitingFor: people.sales! });
  await chat({ waiting: 'invited', departmentId: sales!.id, waitingFor: people.both! });
  await chat({ waiting: 'assigned', departmentId: sales!.id, waitingFor: people.sales! }, [people.sales!]);
  // Missed today and long ago; closed; a new chat waiting for Support's agent in Sales.
  await chat({ state: 4, departmentId: sales!.id, updatedAt: new Date() });
  await chat({ state: 4, departmentId: support!.id, updatedAt: new Date(Date.now() - 3 * day) });
  await chat({ state: 4, departmentId: sales!.id, updatedAt: new Date() }, [people.support!]);
  await chat({ state: 3, departmentId: sales!.id });
  await chat({ waiting: 'new', departmentId: sales!.id, waitingFor: people.support! });
  // Another enterprise's queue counts for nobody here.
  await db.insert(conversations).values({
    enterpriseId: neighbour!.id,
    channelId: theirs,
    customerNumber: '+919000099',
    handler: 'queue',
    waiting: 'new',
  });
});
afterAll(async () => {
  await bus?.close();
  await database?.close();
});

/** What the console's GET gives one user. */
async function countsAlone(userId: string) {
  const repository = createConversationsRepository(database.db);
  const { rows } = await repository.raw(`select roles from users where id = $1`, [userId]);
  return repository.counts(enterpriseId, {
    userId,
    seesAll: seesAllChats({ permissions: effectivePermissions(rows[0]!.roles as number[]) }),
    departmentIds: await repository.departmentsOf(userId),
  });
}

describe('live chat counts of many users at once', () => {
  it('are, user by user, the counts each one gets alone', async () => {
    const ids = Object.values(people);
    const together = await liveCountsOf(database.db, enterpriseId, ids);
    expect([...together.keys()].sort()).toEqual([...ids].sort());
    for (const [name, userId] of Object.entries(people))
      expect({ name, ...together.get(userId) }).toEqual({ name, ...(await countsAlone(userId)) });
    // The data covers what it means to: different users see different numbers.
    expect(new Set([...together.values()].map((counts) => JSON.stringify(counts))).size).toBeGreaterThan(3);
  });

  it('leave out users of another enterprise', async () => {
    const stranger = (
      await database.db
        .insert(users)
        .values({
          enterpriseId: (await database.db.insert(enterprises).values({ name: 'Else' }).returning())[0]!.id,
          email: 'else@counts.test',
          name: 'else',
          passwordHash: 'x',
          roles: [3],
        })
        .returning()
    )[0]!.id;
    const counts = await liveCountsOf(database.db, enterpriseId, [people.sales!, stranger]);
    expect([...counts.keys()]).toEqual([people.sales]);
  });

  it('are published once per user to each user, however many changes named them meanwhile', async () => {
    const heard: BusEvent[] = [];
    const unsubscribe = bus.subscribe((event) => heard.push(event));
    const publisher = createLiveCountsPublisher({ db: database.db, bus });
    await Promise.all([
      publisher.publish(enterpriseId, [people.sales!, people.support!]),
      publisher.publish(enterpriseId, [people.support!, people.both!]),
      publisher.publish(enterpriseId, [people.both!]),
      publisher.publish(enterpriseId, []),
    ]);
    unsubscribe();
    const byUser = new Map(heard.map((event) => [event.userId, event]));
    expect(heard.every((event) => event.name === 'conversation.counts')).toBe(true);
    // The first call goes out alone; the two that came while it ran share one batch.
    expect(heard.map((event) => event.userId).sort()).toEqual(
      [people.sales, people.support, people.support, people.both].sort(),
    );
    for (const name of ['sales', 'support', 'both'])
      expect(byUser.get(people[name]!)!.payload).toEqual(await countsAlone(people[name]!));
  });
});
