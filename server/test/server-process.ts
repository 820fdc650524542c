import path from 'node:path';
import { spawn } from 'node:child_process';
import { AUTH_HEADER } from '@parley/contracts/constants';

/**
 * Parley as a real server process (`node --import tsx src/main.ts`), for tests and benchmarks
 * that crash it, stop it or load it from outside: a temp data dir (PGlite) or DATABASE_URL
 * (PostgreSQL), the captcha test seam, production's response serialiser, no demo data.
 */

const serverDir = path.resolve(import.meta.dirname, '..');
export const PROCESS_CAPTCHA = 'pass1';

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** SIGKILL (a crash) or SIGTERM (a graceful stop, which must exit 0 within 30 s, else it throws). */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** The last 20,000 characters the process wrote, for a readable failure. */
  output(): string;
}

export async function startServerProcess(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    PARLEY_DATA_DIR: options.dataDir,
    PARLEY_SEED_DEMO: '0',
    CAPTCHA_TEST_ANSWER: PROCESS_CAPTCHA,
    PASSWORD_SCRYPT_LOG_N: '10',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    LOG_LEVEL: 'warn',
    PARLEY_WEB_DIST: path.join(options.dataDir, 'no-web'),
    PARLEY_STRICT_RESPONSES: '0',
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Always read (a full pipe would stall the server); keep the tail.
  const keep = (data: Buffer) => {
    output = (output + data.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 120_000);
    const look = () => {
      const match = /Parley is running at (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', look);
      resolve(match[1]!);
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server stopped (${code}):\n${output}`));
    });
  });
  let stopped = false;
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async stop(signal) {
      if (stopped) return;
      stopped = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      if (signal === 'SIGKILL') {
        await exited;
        return;
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      if (code !== 0) throw new Error(`SIGTERM did not stop the server cleanly (exit ${code}):\n${output}`);
    },
  };
}

/** JSON calls to a running server with a session token; a `status: false` answer throws with its message. */
export function processApi(server: () => string) {
  let token = '';
  async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${server()}${url}`, {
      method,
      headers: {
        ...(token ? { [AUTH_HEADER]: token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await response.json()) as { status: boolean; data: T; message: string; fieldErrors?: unknown };
    if (!json.status)
      throw new Error(`${method} ${url}: ${response.status} ${json.message} ${JSON.stringify(json.fieldErrors ?? {})}`);
    return json.data;
  }
  return {
    call,
    async signIn(email: string, password: string) {
      token = '';
      const { captchaId } = await call<{ captchaId: string }>('GET', '/api/account/captcha');
      token = (
        await call<{ token: string }>('POST', '/api/account/login', {
          email,
          password,
          captchaId,
          captcha: PROCESS_CAPTCHA,
        })
      ).token;
    },
  };
}
