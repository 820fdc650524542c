import { knowledgeMessages, type KnowledgeSource, type KnowledgeState } from '@parley/contracts/knowledge';
import { AppError } from '../../../../platform/errors';
import type { Jobs } from '../../../../platform/jobs';
import type { IngestionRepository, SourceRow } from './ingestion.repository';

const toSource = (row: SourceRow): KnowledgeSource => ({
  id: row.sourceId,
  kind: row.kind,
  label: row.label,
  origin: row.origin,
  status: row.status,
  pagesDone: row.pagesDone,
  pagesTotal: row.pagesTotal,
  passages: row.passages,
  failures: row.failures,
  failureCount: row.failureCount,
  updatedAt: row.updatedAt.toISOString(),
});

/** Starting an agent's knowledge-base build, and reading how it goes (decision 024). */
export function createIngestionService(deps: { repository: IngestionRepository; jobs: Jobs }) {
  const { repository, jobs } = deps;

  return {
    /**
     * Queues the 'knowledge.ingest' job with the agent set to 'training' (one transaction); a second
     * one while the agent trains is refused (AGENT_TRAINING_IN_PROGRESS), an unknown agent is NOT_FOUND.
     */
    async startIngestion(enterpriseId: string, agentId: string) {
      if (!(await repository.start(jobs, enterpriseId, agentId, knowledgeMessages.started))) {
        if (!(await repository.agent(enterpriseId, agentId))) throw new AppError('NOT_FOUND');
        throw new AppError('AGENT_TRAINING_IN_PROGRESS');
      }
      return { trainingStatus: 'training' as const, trainMessage: knowledgeMessages.started };
    },

    /** The last build: status and message, every source with its pages, passages and failures. */
    async ingestionState(enterpriseId: string, agentId: string): Promise<KnowledgeState> {
      if (!(await repository.agent(enterpriseId, agentId))) throw new AppError('NOT_FOUND');
      const [run, sources, passages] = await Promise.all([
        repository.ingestion(enterpriseId, agentId),
        repository.sources(enterpriseId, agentId),
        repository.passageCount(enterpriseId, agentId),
      ]);
      return {
        status: run?.status ?? 'not_started',
        message: run?.message ?? null,
        sources: sources.map(toSource),
        passages,
        startedAt: run?.startedAt.toISOString() ?? null,
        finishedAt: run?.finishedAt?.toISOString() ?? null,
      };
    },
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;
