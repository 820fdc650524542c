import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { enterprises } from '../db/schema/platform';
import { openTestDatabase, testDbKind } from '../../test/test-database';
import { createJobs, type Jobs } from './jobs';

let database: Database;
let jobs: Jobs;
beforeAll(async () => {
  database = await openTestDatabase();
  jobs = await createJobs({ raw: database.raw, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

let queueCounter = 0;
const queueName = (purpose: string) => `test.${purpose}${++queueCounter}`;

/** Records the jobs a worker ran; `seen(n)` waits until n of them arrived. */
async function worker(name: string, handle?: (data: { label: string }) => Promise<void>) {
  const ran: { label: string }[] = [];
  const waiters: (() => void)[] = [];
  await jobs.work<{ label: string }>(name, async (data) => {
    await handle?.(data);
    ran.push(data);
    waiters.splice(0).forEach((wake) => wake());
  });
  const seen = async (count: number, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (ran.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${ran.length} of ${count} jobs ran within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { ran, seen };
}

async function jobRow(id: string) {
  const { rows } = await database.raw('select name, state, data from pgboss.job where id = $1', [id]);
  return rows[0];
}

describe(`jobs on ${testDbKind}`, () => {
  it('works a job sent on its own', async () => {
    const name = queueName('plain');
    const { ran, seen } = await worker(name);
    const id = await jobs.send(name, { label: 'hello' });
    expect(id).toEqual(expect.any(String));
    await seen(1);
    expect(ran).toEqual([{ label: 'hello' }]);
  });

  it('says whether a job with given data waits or runs, and not once it is done', async () => {
    const name = queueName('pending');
    await jobs.send(name, { label: 'first', agentId: 'a1' });
    expect(await jobs.isPending(name, { agentId: 'a1' })).toBe(true);
    expect(await jobs.isPending(name, { agentId: 'a2' })).toBe(false);
    const { seen } = await worker(name);
    await seen(1);
    // pg-boss marks the job completed just after its handler returns.
    let pending = true;
    for (let attempt = 0; attempt < 50 && pending; attempt += 1) {
      pending = await jobs.isPending(name, { agentId: 'a1' });
      if (pending) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(pending).toBe(false);
  });

  it('works a job enqueued in a transaction that commits, together with the rows it acts on', async () => {
    const name = queueName('committed');
    const id = await database.db.transaction(async (tx) => {
      await tx.insert(enterprises).values({ name: 'Committed Co' });
      return jobs.send(name, { label: 'committed' }, { tx });
    });
    expect(await jobRow(id!)).toMatchObject({ name, data: { label: 'committed' } });
    const { ran, seen } = await worker(name);
    await seen(1);
    expect(ran).toEqual([{ label: 'committed' }]);
  });

  it('never runs a job whose transaction rolls back, and leaves no trace of it', async () => {
    const name = queueName('rolledBack');
    let rolledBackId: string | null = null;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(enterprises).values({ name: 'Rolled Back Co' });
        rolledBackId = await jobs.send(name, { label: 'rolled back' }, { tx });
        throw new Error('the request failed after enqueueing');
      }),
    ).rejects.toThrow('the request failed after enqueueing');
    expect(rolledBackId).toEqual(expect.any(String));
    expect(await jobRow(rolledBackId!)).toBeUndefined();
    expect(await database.db.select().from(enterprises).where(eq(enterprises.name, 'Rolled Back Co'))).toEqual([]);

    // A job sent after it on the same queue runs; the rolled-back one never shows up.
    const { ran, seen } = await worker(name);
    await jobs.send(name, { label: 'after' });
    await seen(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(ran).toEqual([{ label: 'after' }]);
  });

  it('runs a job again when its handler fails', async () => {
    const name = queueName('retried');
    let attempts = 0;
    const { ran, seen } = await worker(name, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('vendor timed out');
    });
    await jobs.send(name, { label: 'flaky' });
    await seen(1, 30_000);
    expect(attempts).toBe(2);
    expect(ran).toEqual([{ label: 'flaky' }]);
  });
  it('starts a delayed job after its delay, also when sent in a transaction', async () => {
    const name = queueName('delayed');
    const { ran, seen } = await worker(name);
    const sentAt = Date.now();
    await jobs.send(name, { label: 'alone' }, { startAfterSeconds: 1 });
    await database.db.transaction(async (tx) => {
      await jobs.send(name, { label: 'in a transaction' }, { tx, startAfterSeconds: 1 });
    });
    await seen(2);
    expect(ran.map((data) => data.label).sort()).toEqual(['alone', 'in a transaction']);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1000);
  });
});
