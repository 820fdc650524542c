import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { loadConfig, type Config } from '../src/config';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { enterprises, users, type EnterpriseSettings } from '../src/db/schema/platform';
import { createEventBus, type EventBus } from '../src/platform/realtime/bus';
import { createJobs, type Jobs } from '../src/platform/jobs';
import { createMailer, type Mailer } from '../src/platform/mail';
import { createSecretBox } from '../src/platform/secrets';
import { hashPassword } from '../src/platform/passwords';
import { openTestDatabase } from './test-database';

export const TEST_CAPTCHA = 'pass1';
export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  bus: EventBus;
  jobs: Jobs;
  mailer: Mailer;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Share a database between apps (the caller closes it); by default each app gets a fresh one. */
  database?: Database;
  withJobs?: boolean;
  /** Runs after buildApp and before ready(): the place to register test-only routes. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Agents to train once the app is ready, as on a first start. */
  trainOnReady?: { enterpriseId: string; agentIds: string[]; knowledgeAgentIds?: string[] };
  /** The app's logger (by default the app logs nothing). */
  logger?: FastifyBaseLogger;
}

/** A real app on a fresh copy of the migrated test database (PGlite, or PostgreSQL in CI). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PARLEY_DATA_DIR: dataDir,
    CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
    PASSWORD_SCRYPT_LOG_N: '10',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    PARLEY_SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://parley.test',
    PARLEY_WEB_DIST: path.join(dataDir, 'no-web'),
    // CI runs the PostgreSQL pass with production's fast serializer, the PGlite pass with strict zod.
    ...(process.env.PARLEY_STRICT_RESPONSES ? { PARLEY_STRICT_RESPONSES: process.env.PARLEY_STRICT_RESPONSES } : {}),
    ...options.env,
  });
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const bus = await createEventBus({ db: database.db, redisUrl: config.redisUrl });
  const jobs = options.withJobs
    ? await createJobs({ raw: database.raw, pollingIntervalSeconds: 0.5 })
    : {
        send: async () => null,
        work: async () => undefined,
        // Without a job runner nothing can be said to be lost: a status is trusted as it is.
        isPending: async () => true,
        stop: async () => undefined,
      };
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = await buildApp({
    config,
    database,
    bus,
    jobs,
    mailer,
    secrets: createSecretBox('test-secret-key-0123456789'),
    trainOnReady: options.trainOnReady,
    logger: options.logger,
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    bus,
    jobs,
    mailer,
    async close() {
      await app.close();
      await jobs.stop();
      await bus.close();
      mailer.close();
      if (ownsDatabase) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Tenant {
  enterpriseId: string;
  userId: string;
  email: string;
  token: string;
}

let counter = 0;

/** An enterprise with one user of the given roles, signed in through the real login route. */
export async function createTenant(
  context: TestContext,
  options: {
    roles?: number[];
    settings?: EnterpriseSettings;
    enterpriseId?: string;
    email?: string;
    signIn?: boolean;
  } = {},
): Promise<Tenant> {
  counter += 1;
  const db = context.database.db;
  let enterpriseId = options.enterpriseId;
  if (!enterpriseId) {
    const [enterprise] = await db
      .insert(enterprises)
      .values({ name: `Tenant ${counter}`, settings: options.settings ?? {} })
      .returning();
    enterpriseId = enterprise!.id;
  }
  const email = options.email ?? `user${counter}.${Date.now()}@tenant.test`;
  const [user] = await db
    .insert(users)
    .values({
      enterpriseId,
      email,
      name: `User ${counter}`,
      passwordHash: await hashPassword(TEST_PASSWORD, 10),
      roles: options.roles ?? [1],
    })
    .returning();
  const token = options.signIn === false ? '' : await login(context, email);
  return { enterpriseId, userId: user!.id, email, token };
}

/** A captcha's id; its answer is TEST_CAPTCHA. It counts only for the form of its purpose. */
export async function captcha(
  context: TestContext,
  purpose: 'login' | 'forgetPassword' | 'signup' = 'login',
): Promise<string> {
  const response = await context.app.inject({ method: 'GET', url: `/api/account/captcha?purpose=${purpose}` });
  return response.json().data.captchaId as string;
}

export async function login(context: TestContext, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email, password, captchaId: await captcha(context), captcha: TEST_CAPTCHA },
  });
  const body = response.json();
  if (body.data?.state !== 'signedIn') throw new Error(`login failed: ${response.body}`);
  return body.data.token as string;
}

export function as(token: string) {
  return { [AUTH_HEADER]: token };
}

export function json<T = { status: boolean; code?: number; message: string; data: Record<string, unknown> }>(
  response: LightMyRequestResponse,
): T {
  return response.json() as T;
}
