import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('group commit', () => {
  it('stores what arrives during a write in the next one, and answers each caller its own result', async () => {
    const batches: number[][] = [];
    const log = createGroupCommit(
      async (items: number[]) => {
        batches.push(items);
        await tick();
        return items.map((item) => item * 10);
      },
      { maxBatch: 100 },
    );
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => log.add(i)));
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i * 10));
    // The first caller's write starts alone; the 49 that came meanwhile share the next.
    expect(batches.map((batch) => batch.length)).toEqual([1, 49]);
  });

  it('never writes more than maxBatch items at once', async () => {
    const sizes: number[] = [];
    const log = createGroupCommit(
      async (items: number[]) => {
        sizes.push(items.length);
        await tick();
        return items;
      },
      { maxBatch: 10 },
    );
    await Promise.all(Array.from({ length: 35 }, (_, i) => log.add(i)));
    expect(sizes).toEqual([1, 10, 10, 10, 4]);
  });

  it('fails only the item its store refuses: the rest of the batch is stored one by one', async () => {
    const stored: number[] = [];
    const log = createGroupCommit(
      async (items: number[]) => {
        await tick();
        if (items.includes(13)) throw new Error('13 violates a foreign key');
        stored.push(...items);
        return items;
      },
      { maxBatch: 100 },
    );
    const outcomes = await Promise.allSettled([10, 11, 12, 13, 14].map((item) => log.add(item)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[3] as PromiseRejectedResult).reason).toEqual(new Error('13 violates a foreign key'));
    expect(stored.sort()).toEqual([10, 11, 12, 14]);
    // It keeps working afterwards.
    expect(await log.add(15)).toBe(15);
  });
});
