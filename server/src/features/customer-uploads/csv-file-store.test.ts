import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { saveCsvUpload } from './csv-file-store';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-csv-store-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('a CSV upload whose body breaks at once', () => {
  it('leaves no file behind, even when the break comes before the file is open', async () => {
    // The database is never reached: the body fails before the header is read.
    const deps = { db: {} as Db, dataDir };
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const stream = new Readable({ read() {} }).on('error', () => undefined);
      stream.destroy(new Error('Unexpected end of form'));
      await expect(
        saveCsvUpload(deps, {
          enterpriseId: 'tenant',
          uploadedBy: null,
          fileName: 'customers.csv',
          stream,
          truncated: () => false,
        }),
      ).rejects.toThrow('Unexpected end of form');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.readdirSync(path.join(dataDir, 'files', 'tenant'))).toEqual([]);
  });
});
