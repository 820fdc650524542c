import path from 'node:path';
import { loadConfig } from './config';
import { lockDataDir, DataDirLockedError } from './db/data-dir-lock';
import { openPglite, openPostgres, runMigrations, type Database } from './db/client';
import { createEventBus } from './platform/realtime/bus';
import { createJobs } from './platform/jobs';
import { createMailer } from './platform/mail';
import { createSecretBox, resolveSecretKey } from './platform/secrets';
import { buildApp } from './app';
import { createLogger } from './platform/logging';
import { DEMO_CHECKER_EMAIL, DEMO_MAKER_EMAIL } from './seed-campaigns';
import { seedDemo } from './seed';

/** config from env → open db (lock) → migrate → seed → start jobs → listen; graceful stop on signals. */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  let releaseLock = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    releaseLock = lockDataDir(config.dataDir);
    database = await openPglite(path.join(config.dataDir, 'pglite'));
  }
  await runMigrations(database);
  const secrets = createSecretBox(resolveSecretKey(config.secretKey, config.dataDir));
  const seeded = config.seedDemo
    ? await seedDemo(database, {
        dataDir: config.dataDir,
        scryptLogN: config.scryptLogN,
        secrets,
        publicUrl: config.publicUrl,
      })
    : null;
  const demo = seeded?.login ?? null;

  const bus = await createEventBus({
    db: database.db,
    redisUrl: config.redisUrl,
    onError: (error) => logger.error({ err: error }, 'event bus'),
  });
  const jobs = await createJobs({ raw: database.raw, onError: (error) => logger.error({ err: error }, 'jobs') });
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  // On the first start the demo travel assistant is trained, and the concierge's knowledge base
  // built, as soon as the job runner is up.
  const trainOnReady = seeded?.created
    ? {
        enterpriseId: seeded.created.enterpriseId,
        agentIds: seeded.created.nlpAgentIds,
        knowledgeAgentIds: seeded.created.knowledgeAgentIds,
      }
    : undefined;
  const app = await buildApp({ config, database, bus, jobs, mailer, secrets, logger, trainOnReady });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app.close();
      await jobs.stop();
      await bus.close();
      mailer.close();
      await database.close();
    } finally {
      releaseLock();
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${(app.server.address() as { port: number }).port}`;
  const lines = [
    '',
    `  Parley is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}` +
      `${config.redisUrl ? ', realtime through Redis' : ''}`,
    demo ? `  Sign in as ${demo.email} with password ${demo.password}` : '  Demo data is off or its login was changed.',
    ...(demo ? [`  Campaign maker and checker: ${DEMO_MAKER_EMAIL} and ${DEMO_CHECKER_EMAIL}, same password`] : []),
    `  Mail: ${mailer.transport === 'smtp' ? 'SMTP' : 'no SMTP_URL set, so mail goes to the outbox (MANAGE → Mail Outbox)'}`,
    config.hideSignup
      ? '  Self sign-up: hidden'
      : config.signupActivation === 'screen'
        ? '  Self sign-up: the activation link is shown on screen (no email verification)'
        : mailer.transport === 'smtp'
          ? '  Self sign-up: activation links are mailed'
          : '  Self sign-up: activation links go to an outbox nobody can read yet: set SMTP_URL, PARLEY_HIDE_SIGNUP=1 or PARLEY_SIGNUP_ACTIVATION=screen',
    `  API documentation: ${url}/api/docs`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`\n${error.message}\n\n`);
    process.exit(2);
  }
  process.stderr.write(`\nParley could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && error.stack && !error.message.startsWith('Invalid configuration'))
    process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
