import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { enterprises, users } from './db/schema/platform';
import { hashPassword } from './platform/passwords';
import { createSecretBox, randomToken, resolveSecretKey, type SecretBox } from './platform/secrets';
import { seedDemoAgents } from './seed-agents';
import { seedDemoKnowledge } from './seed-knowledge';
import { seedDemoCustomers } from './seed-customers';
import { seedDemoChannels } from './seed-channels';
import { seedDemoTemplates } from './seed-templates';
import { seedDemoChat } from './seed-chat';
import { seedDemoBroadcast } from './seed-broadcast';
import { seedDemoCampaigns } from './seed-campaigns';

export interface DemoLogin {
  email: string;
  password: string;
}

/** What a start's seed gives: the login to print and, on the first start only, what it created. */
export interface DemoSeed {
  login: DemoLogin | null;
  /**
   * The demo enterprise, its NLP agents to train and its prompt agents whose knowledge base to build
   * once the job runner is up; null when already seeded.
   */
  created: { enterpriseId: string; nlpAgentIds: string[]; knowledgeAgentIds: string[] } | null;
}

export const DEMO_ADMIN_EMAIL = 'admin@demo.parley.local';
export const DEMO_AGENT_EMAIL = 'agent@demo.parley.local';

/**
 * First start: a demo enterprise with an administrator and a Handle Chats agent. The password is
 * random, written to `<dataDir>/demo-login.txt` (0600) so it can be printed at every start.
 * Each area adds its own demo data here.
 */
export async function seedDemo(
  database: Database,
  options: {
    dataDir: string;
    scryptLogN: number;
    /** Seals the demo channel's webhook secrets: the app's box (else the data folder's generated key). */
    secrets?: SecretBox;
    /** The console's public address: the demo campaign template's tracked link points there. */
    publicUrl?: string;
  },
): Promise<DemoSeed> {
  const loginFile = path.join(options.dataDir, 'demo-login.txt');
  const [{ count }] = (await database.db.select({ count: sql<number>`count(*)::int` }).from(enterprises)) as [
    { count: number },
  ];
  if (count > 0) return { login: readDemoLogin(loginFile), created: null };

  const password = `demo-${randomToken(9)}`;
  const passwordHash = await hashPassword(password, options.scryptLogN);
  const created = await database.db.transaction(async (tx) => {
    const [enterprise] = await tx
      .insert(enterprises)
      .values({
        name: 'Demo Enterprise',
        settings: {
          title: 'Parley',
          timezone: 'Asia/Kolkata',
          // The demo shows campaign test sends and the start dialog's estimate (off by default).
          flags: { CAMPAIGN_TEST: true, CAMPAIGN_ESTIMATE: true },
        },
      })
      .returning();
    const [admin, agent] = await tx
      .insert(users)
      .values([
        { enterpriseId: enterprise!.id, email: DEMO_ADMIN_EMAIL, name: 'Demo Admin', passwordHash, roles: [1] },
        { enterpriseId: enterprise!.id, email: DEMO_AGENT_EMAIL, name: 'Demo Agent', passwordHash, roles: [3] },
      ])
      .returning({ id: users.id });
    const { nlpAgentIds, promptAgentId } = await seedDemoAgents(tx, enterprise!.id, admin!.id);
    await seedDemoKnowledge(tx, {
      enterpriseId: enterprise!.id,
      agentId: promptAgentId,
      uploadedBy: admin!.id,
      dataDir: options.dataDir,
    });
    await seedDemoCustomers(tx, enterprise!.id);
    const { sandboxChannelId } = await seedDemoChannels(
      tx,
      enterprise!.id,
      options.secrets ?? createSecretBox(resolveSecretKey(undefined, options.dataDir)),
      admin!.id,
    );
    await seedDemoTemplates(tx, {
      enterpriseId: enterprise!.id,
      channelId: sandboxChannelId,
      uploadedBy: admin!.id,
      dataDir: options.dataDir,
    });
    await seedDemoBroadcast(tx, enterprise!.id, admin!.id);
    await seedDemoCampaigns(tx, {
      enterpriseId: enterprise!.id,
      channelId: sandboxChannelId,
      passwordHash,
      publicUrl: options.publicUrl ?? 'http://127.0.0.1:3000',
    });
    await seedDemoChat(tx, {
      enterpriseId: enterprise!.id,
      channelId: sandboxChannelId,
      botAgentId: nlpAgentIds[0] ?? null,
      agentUserIds: [admin!.id, agent!.id],
    });
    return { enterpriseId: enterprise!.id, nlpAgentIds, knowledgeAgentIds: [promptAgentId] };
  });
  fs.mkdirSync(options.dataDir, { recursive: true });
  fs.writeFileSync(loginFile, `${DEMO_ADMIN_EMAIL}\n${password}\n`, { mode: 0o600 });
  return { login: { email: DEMO_ADMIN_EMAIL, password }, created };
}

function readDemoLogin(file: string): DemoLogin | null {
  try {
    const [email, password] = fs.readFileSync(file, 'utf8').split('\n');
    return email && password ? { email, password } : null;
  } catch {
    return null;
  }
}
