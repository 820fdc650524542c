/**
 * Group commit: callers hand in one item each and wait for it to be stored; while one batch is
 * being written, the items that arrive meanwhile gather for the next. A thousand callers a second
 * then cost a few dozen statements instead of a thousand, and each still resolves only once its
 * own item is stored.
 *
 * One batch is written at a time (two writers were measured slower: they halve the batches and
 * contend for the same rows).
 *
 * `store` gets a batch and answers one result per item, in order. When a batch of several fails,
 * its items are stored again one by one, so that one bad item (a row a foreign key no longer
 * admits) fails alone instead of taking its neighbours with it.
 */
export function createGroupCommit<T, R>(store: (items: T[]) => Promise<R[]>, options: { maxBatch: number }) {
  type Waiting = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  async function write(batch: Waiting[]) {
    let results: R[];
    try {
      results = await store(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) await write([waiting]);
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(results[index]!));
  }

  async function drain() {
    running = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, options.maxBatch);
        queue = queue.slice(options.maxBatch);
        await write(batch);
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Resolves with the item's result once the batch holding it is stored. */
    add(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!running) void drain();
      });
    },
  };
}
