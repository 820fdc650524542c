import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** True while a process with this pid exists (EPERM: it exists but is not ours). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own: take `parley.lock` in the data folder (created exclusively, holding
 * our pid). A lock left by a dead process is taken over; a live one refuses with a clear message.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'parley.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }), {
        flag: 'wx',
      });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid: number };
          if (holder.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid?: number } = {};
      try {
        holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid?: number };
      } catch {
        // unreadable lock: treat as stale
      }
      if (holder.pid && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `Another Parley server (pid ${holder.pid}) is already using the data folder ${dataDir}.\n` +
            `Stop that server first, or start this one with PARLEY_DATA_DIR set to another folder ` +
            `(or DATABASE_URL set to a PostgreSQL database).`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
