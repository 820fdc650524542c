import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nluMessages } from '@parley/contracts/nlu';
import { agentIntents, agentStories, agents } from '../../db/schema/agents';
import { agentModels } from '../../db/schema/nlu';
import type { EventBus } from '../../platform/realtime/bus';
import { createTenant, createTestApp, type TestContext } from '../../../test/test-app';
import { createNluRepository } from './nlu.repository';
import { createTrainingRunner, createTrainJob } from './nlu.jobs';
import { loadClassifier } from './engine/intent-classifier';
import { framedTitles, unseenTitleMessage } from '../../../test/tagged-phrases';

describe('training runner', () => {
  it('trains in a worker thread (TypeScript through tsx) and answers the model bytes and the report', async () => {
    const runner = createTrainingRunner();
    const output = await runner.train({
      modelType: 'SVM',
      seed: 1,
      data: {
        language: 'en',
        intents: [
          { name: 'greet', phrases: ['hello', 'hi there', 'good morning'] },
          { name: 'bye', phrases: ['goodbye', 'see you later', 'bye now'] },
        ],
      },
    });
    expect(runner.runs).toEqual({ worker: 1, inline: 0 });
    expect(output.report).toMatchObject({ intents: 2, phrases: 6, folds: 3 });
    const classifier = await loadClassifier(output.bytes);
    expect((await classifier.rank('hello there'))[0]!.intent).toBe('greet');
    await runner.close();
  });

  it('reports a training error as a failure with its reason', async () => {
    const runner = createTrainingRunner();
    await expect(
      runner.train({ modelType: 'SVM', seed: 1, data: { language: 'en', intents: null as never } }),
    ).rejects.toThrow();
    expect(runner.runs.inline).toBe(0);
    await runner.close();
  });
});

describe('the nlu.train job', () => {
  let context: TestContext;
  let enterpriseId: string;
  let agentId: string;
  const published: unknown[] = [];
  let handle: ReturnType<typeof createTrainJob>;
  let runner: ReturnType<typeof createTrainingRunner>;
  let repository: ReturnType<typeof createNluRepository>;

  beforeAll(async () => {
    context = await createTestApp();
    enterpriseId = (await createTenant(context, { signIn: false })).enterpriseId;
    const db = context.database.db;
    const [agent] = await db
      .insert(agents)
      .values({ enterpriseId, name: 'Job agent', type: 'nlp', outOfScopeMessage: 'Sorry' })
      .returning();
    agentId = agent!.id;
    const [story] = await db.insert(agentStories).values({ enterpriseId, agentId, name: 'All' }).returning();
    const phrase = (utterance: string) => ({ utterance, entityDefined: false, entityRefs: [] });
    await db.insert(agentIntents).values([
      {
        enterpriseId,
        agentId,
        storyId: story!.id,
        name: 'greet',
        utterances: ['hello', 'hi there', 'hey'].map(phrase),
      },
      {
        enterpriseId,
        agentId,
        storyId: story!.id,
        name: 'bye',
        utterances: ['goodbye', 'bye now', 'see you'].map(phrase),
      },
    ]);
    repository = createNluRepository(db);
    runner = createTrainingRunner();
    const bus = { publish: async (event: unknown) => void published.push(event) } as unknown as EventBus;
    handle = createTrainJob({ repository, bus, runner });
  });
  afterAll(async () => {
    await runner.close();
    await context.close();
  });

  const agentRow = async () => (await repository.getAgent(enterpriseId, agentId))!;
  const modelCount = async () =>
    (await context.database.db.select().from(agentModels).where(eq(agentModels.agentId, agentId))).length;

  it('trains, and does nothing when the same job runs again', async () => {
    await context.database.db.update(agents).set({ trainingStatus: 'training' }).where(eq(agents.id, agentId));
    await handle({ enterpriseId, agentId }, { id: 'job-1' });
    const trained = await agentRow();
    expect(trained.trainingStatus).toBe('trained');
    expect(trained.activeModelId).not.toBeNull();
    expect(published).toHaveLength(1);

    await handle({ enterpriseId, agentId }, { id: 'job-1' });
    expect((await agentRow()).activeModelId).toBe(trained.activeModelId);
    expect(await modelCount()).toBe(1);
  });

  it('reuses the model a job already stored when it runs again before the swap', async () => {
    const before = await agentRow();
    // As if the first run stopped between storing the model and swapping it in.
    await context.database.db
      .update(agents)
      .set({ trainingStatus: 'training', activeModelId: null })
      .where(eq(agents.id, agentId));
    await handle({ enterpriseId, agentId }, { id: 'job-1' });
    const after = await agentRow();
    expect(after.trainingStatus).toBe('trained');
    expect(after.activeModelId).toBe(before.activeModelId);
    expect(await modelCount()).toBe(1);
  });

  it('trains on the entities tagged in the phrases: an unseen title goes by its frame', async () => {
    const db = context.database.db;
    const [agent] = await db
      .insert(agents)
      .values({
        enterpriseId,
        name: 'Tagged agent',
        type: 'nlp',
        outOfScopeMessage: 'Sorry',
        trainingStatus: 'training',
      })
      .returning();
    const [story] = await db.insert(agentStories).values({ enterpriseId, agentId: agent!.id, name: 'All' }).returning();
    await db.insert(agentIntents).values(
      framedTitles().map((intent) => ({
        enterpriseId,
        agentId: agent!.id,
        storyId: story!.id,
        name: intent.name,
        utterances: intent.phrases.map((utterance, index) => ({
          utterance,
          entityDefined: true,
          entityRefs: intent.entities[index]!.map((span) => ({
            entityId: span.label,
            parameter: span.label,
            entityStartPos: span.start,
            entityEndPos: span.end,
          })),
        })),
      })),
    );
    await handle({ enterpriseId, agentId: agent!.id }, { id: 'job-tagged' });
    const trained = (await repository.getAgent(enterpriseId, agent!.id))!;
    expect(trained.trainingStatus).toBe('trained');
    const [model] = await db.select().from(agentModels).where(eq(agentModels.id, trained.activeModelId!));
    const classifier = await loadClassifier(model!.bytes!);
    expect((await classifier.rank(unseenTitleMessage))[0]!.intent).toBe('watch_movie');
  });

  it('marks a failed training with its reason and keeps the previous model', async () => {
    const before = await agentRow();
    await context.database.db
      .update(agents)
      .set({ trainingStatus: 'training', modelType: 'GPT2', genAiIntegrationId: null })
      .where(eq(agents.id, agentId));
    await handle({ enterpriseId, agentId }, { id: 'job-2' });
    const after = await agentRow();
    expect(after.trainingStatus).toBe('failed');
    expect(after.trainingMessage).toBe(`Training failed: ${nluMessages.noConfiguration}`);
    expect(after.activeModelId).toBe(before.activeModelId);
    expect(published.at(-1)).toMatchObject({ name: 'agent.trained', payload: { agentId, trainingStatus: 'failed' } });
  });
});
