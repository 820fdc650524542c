import type { Db } from '../src/db/client';
import { createKnowledgeRepository, type KnowledgeSource } from '../src/features/nlu/knowledge/knowledge.repository';
import { createKnowledgeRetriever } from '../src/features/nlu/knowledge/knowledge-retrieval';

/**
 * Stores an agent's passages as ingestion would (embedded by the real sentence encoder), for tests
 * of what answers from them; the ingestion job itself is tested on its own.
 */
export async function storePassages(
  db: Db,
  owner: { enterpriseId: string; agentId: string },
  source: KnowledgeSource,
  passages: readonly { title: string; text: string; page?: number; heading?: string }[],
) {
  const repository = createKnowledgeRepository(db);
  const retriever = createKnowledgeRetriever({ repository });
  const embedded = await Promise.all(
    passages.map(async (passage) => ({
      ...passage,
      vectors: await retriever.passageVectors(passage.title, passage.text),
    })),
  );
  await repository.replaceSource(owner.enterpriseId, owner.agentId, source, embedded);
  return repository;
}
