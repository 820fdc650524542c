import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { nluMessages } from '@parley/contracts/nlu';
import type { Database } from './db/client';
import { enterprises, users } from './db/schema/platform';
import { agents } from './db/schema/agents';
import type { Jobs } from './platform/jobs';
import { createNluRepository } from './features/nlu/nlu.repository';
import { hashPassword } from './platform/passwords';
import { randomToken } from './platform/secrets';
import { seedDemoAgents } from './seed-agents';

export interface DemoLogin {
  email: string;
  password: string;
}

export const DEMO_ADMIN_EMAIL = 'admin@demo.parley.local';
export const DEMO_AGENT_EMAIL = 'agent@demo.parley.local';

/** True before the first start's seed: no enterprise exists yet. */
export async function isFirstStart(database: Database): Promise<boolean> {
  const [{ count }] = (await database.db.select({ count: sql<number>`count(*)::int` }).from(enterprises)) as [
    { count: number },
  ];
  return count === 0;
}

/**
 * After the first start's seed, once the job runner is up: queues the training of the demo NLP
 * agents, so the travel assistant answers in Try it without a press of Train Agent.
 */
export async function trainDemoAgents(database: Database, jobs: Jobs): Promise<number> {
  const [enterprise] = await database.db
    .select({ id: users.enterpriseId })
    .from(users)
    .where(eq(users.email, DEMO_ADMIN_EMAIL))
    .limit(1);
  if (!enterprise) return 0;
  const rows = await database.db
    .select({ id: agents.id })
    .from(agents)
    .where(
      and(
        eq(agents.enterpriseId, enterprise.id),
        eq(agents.type, 'nlp'),
        eq(agents.trainingStatus, 'not_trained'),
        isNull(agents.activeModelId),
      ),
    );
  const repository = createNluRepository(database.db);
  let queued = 0;
  for (const row of rows)
    if (await repository.startTraining(jobs, enterprise.id, row.id, nluMessages.trainStarted)) queued += 1;
  return queued;
}

/**
 * First start: a demo enterprise with an administrator and a Handle Chats agent. The password is
 * random, written to `<dataDir>/demo-login.txt` (0600) so it can be printed at every start.
 * Each area adds its own demo data here.
 */
export async function seedDemo(
  database: Database,
  options: { dataDir: string; scryptLogN: number },
): Promise<DemoLogin | null> {
  const loginFile = path.join(options.dataDir, 'demo-login.txt');
  const [{ count }] = (await database.db.select({ count: sql<number>`count(*)::int` }).from(enterprises)) as [
    { count: number },
  ];
  if (count > 0) return readDemoLogin(loginFile);

  const password = `demo-${randomToken(9)}`;
  const passwordHash = await hashPassword(password, options.scryptLogN);
  await database.db.transaction(async (tx) => {
    const [enterprise] = await tx
      .insert(enterprises)
      .values({ name: 'Demo Enterprise', settings: { title: 'Parley', timezone: 'Asia/Kolkata' } })
      .returning();
    const [admin] = await tx
      .insert(users)
      .values([
        { enterpriseId: enterprise!.id, email: DEMO_ADMIN_EMAIL, name: 'Demo Admin', passwordHash, roles: [1] },
        { enterpriseId: enterprise!.id, email: DEMO_AGENT_EMAIL, name: 'Demo Agent', passwordHash, roles: [3] },
      ])
      .returning({ id: users.id });
    await seedDemoAgents(tx, enterprise!.id, admin!.id);
  });
  fs.mkdirSync(options.dataDir, { recursive: true });
  fs.writeFileSync(loginFile, `${DEMO_ADMIN_EMAIL}\n${password}\n`, { mode: 0o600 });
  return { email: DEMO_ADMIN_EMAIL, password };
}

function readDemoLogin(file: string): DemoLogin | null {
  try {
    const [email, password] = fs.readFileSync(file, 'utf8').split('\n');
    return email && password ? { email, password } : null;
  } catch {
    return null;
  }
}
