import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { pgliteTemplateDir } from '../../test/test-database';

const serverDir = path.resolve(new URL('../..', import.meta.url).pathname);
const folders: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function tempDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-lock-'));
  folders.push(folder);
  return folder;
}

/** A child process: its pid, everything it printed so far, and its exit. */
function start(command: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, command, {
    cwd: serverDir,
    env: withoutScaledMode({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const exitCode = (timeoutMs: number) =>
    Promise.race([
      exited,
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`still running after ${timeoutMs} ms; stderr: ${output.stderr}`)),
          timeoutMs,
        ).unref(),
      ),
    ]);
  const printed = (text: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no "${text}" after ${timeoutMs} ms; stdout: ${output.stdout} stderr: ${output.stderr}`)),
        timeoutMs,
      );
      const check = () => {
        if (!output.stdout.includes(text)) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout!.on('data', check);
      void exited.then(() => {
        clearTimeout(timer);
        if (!output.stdout.includes(text))
          reject(new Error(`exited before "${text}"; stdout: ${output.stdout} stderr: ${output.stderr}`));
      });
      check();
    });
  return { child, output, exited, exitCode, printed };
}

function withoutScaledMode(env: NodeJS.ProcessEnv): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) copy[key] = value;
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PARLEY_SECRET_KEY', 'PUBLIC_URL', 'CAPTCHA_TEST_ANSWER'])
    delete copy[key];
  return copy;
}

/** Another process that takes the lock through the real module, then waits to be killed. */
async function holdLockInAnotherProcess(dataDir: string) {
  const script =
    `const { lockDataDir } = await import(${JSON.stringify(path.join(serverDir, 'src/db/data-dir-lock.ts'))});` +
    `lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const holder = start(['--import', 'tsx', '--input-type=module', '-e', script], {});
  await holder.printed('locked', 20_000);
  return holder;
}

describe('the data folder lock', () => {
  it('refuses a second server on the same folder, naming the pid and the way out', async () => {
    const dataDir = tempDataDir();
    const holder = await holdLockInAnotherProcess(dataDir);

    let refusal: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    const message = (refusal as Error).message;
    expect(message).toContain(`pid ${holder.child.pid}`);
    expect(message).toContain(dataDir);
    expect(message).toContain('Stop that server first');
    expect(message).toContain('PARLEY_DATA_DIR');
    expect(message).toContain('DATABASE_URL');
  });

  it('takes over a lock left by a server that died, and release removes it', async () => {
    const dataDir = tempDataDir();
    const lockFile = path.join(dataDir, 'parley.lock');
    const holder = await holdLockInAnotherProcess(dataDir);
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(fs.existsSync(lockFile)).toBe(true);

    const release = lockDataDir(dataDir);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
    // Releasing twice is harmless, and the folder can be locked again.
    release();
    lockDataDir(dataDir)();
  });

  it('takes over an unreadable lock file', () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(path.join(dataDir, 'parley.lock'), 'half-written');
    const release = lockDataDir(dataDir);
    release();
    expect(fs.existsSync(path.join(dataDir, 'parley.lock'))).toBe(false);
  });

  it('a release never removes a lock that another process holds now', async () => {
    const dataDir = tempDataDir();
    const release = lockDataDir(dataDir);
    // Another process decided our lock was stale and took the folder over.
    fs.rmSync(path.join(dataDir, 'parley.lock'));
    const holder = await holdLockInAnotherProcess(dataDir);
    release();
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'parley.lock'), 'utf8'))).toMatchObject({
      pid: holder.child.pid,
    });
  });
});

describe('two servers started on one data folder', () => {
  it('the second exits with code 2 and a clear message; the first stops cleanly on SIGTERM', async () => {
    const dataDir = tempDataDir();
    // A copy of the migrated template makes PGlite open in a fraction of the time a fresh folder takes.
    if (fs.existsSync(pgliteTemplateDir()))
      fs.cpSync(pgliteTemplateDir(), path.join(dataDir, 'pglite'), { recursive: true });
    const env = {
      PARLEY_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      PARLEY_SEED_DEMO: '1',
      PASSWORD_SCRYPT_LOG_N: '10',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    };
    const first = start(['--import', 'tsx', 'src/main.ts'], env);
    await first.printed('Parley is running at', 60_000);
    const url = /Parley is running at (\S+)/.exec(first.output.stdout)![1]!;
    expect(first.output.stdout).toContain('Sign in as admin@demo.parley.local');
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'parley.lock'), 'utf8'))).toMatchObject({
      pid: first.child.pid,
    });

    const second = start(['--import', 'tsx', 'src/main.ts'], env);
    expect(await second.exitCode(30_000)).toBe(2);
    expect(second.output.stderr).toContain(
      `Another Parley server (pid ${first.child.pid}) is already using the data folder ${dataDir}`,
    );
    expect(second.output.stderr).toContain('PARLEY_DATA_DIR');
    expect(second.output.stdout).not.toContain('Parley is running');

    // The first server did not notice: it still answers.
    const ready = await fetch(`${url}/api/ready`);
    expect(await ready.json()).toMatchObject({ status: true, data: { database: 'pglite' } });

    first.child.kill('SIGTERM');
    expect(await first.exitCode(30_000)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'parley.lock'))).toBe(false);
  }, 120_000);
});
