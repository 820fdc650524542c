import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client';
import type { FileStore } from '../../../../platform/files';
import type { Jobs } from '../../../../platform/jobs';
import type { OutboundHttp } from '../../../../platform/outbound-http';
import type { EventBus } from '../../../../platform/realtime/bus';
import { createEmbeddingThread } from './embedding-thread';
import { createIngestJob, type CrawlWebsite, type IngestJobDeps } from './ingest.job';
import { createIngestionRepository, INGEST_JOB, type IngestJobData } from './ingestion.repository';
import { createIngestionService } from './ingestion.service';
import { registerKnowledgeRoutes } from './knowledge.routes';

export interface KnowledgeIngestionDeps {
  db: Db;
  jobs: Jobs;
  bus: EventBus;
  files: Pick<FileStore, 'open'>;
  outbound: OutboundHttp;
  crawl: CrawlWebsite;
  /** Tests: smaller page batches, PDF limits, a crash after a batch. */
  job?: Pick<IngestJobDeps, 'pageBatch' | 'pdf' | 'afterBatch' | 'progressIntervalMs' | 'embedder'>;
}

/**
 * Knowledge-base ingestion in the NLU feature (decision 024): the 'knowledge.ingest' job worker,
 * its progress route, and the builds a stopped or killed server left running, sent again at start
 * (each resumes from its checkpoints). Answers startIngestion and ingestionState.
 */
export function knowledgeIngestion(app: FastifyInstance, deps: KnowledgeIngestionDeps) {
  const repository = createIngestionRepository(deps.db);
  const ingestion = createIngestionService({ repository, jobs: deps.jobs });
  let stopping = false;
  const handle = createIngestJob({
    repository,
    files: deps.files,
    bus: deps.bus,
    crawl: deps.crawl,
    outbound: deps.outbound,
    embedder: () => createEmbeddingThread({ log: app.log }),
    log: app.log,
    stopping: () => stopping,
    ...deps.job,
  });
  registerKnowledgeRoutes(app, { ingestion });
  app.addHook('onReady', async () => {
    await deps.jobs.work<IngestJobData>(INGEST_JOB, handle);
    for (const run of await repository.interrupted())
      await deps.jobs
        .send<IngestJobData>(INGEST_JOB, run)
        .catch((error: unknown) => app.log.error({ err: error, agentId: run.agentId }, 'resuming a knowledge build'));
  });
  app.addHook('onClose', async () => {
    stopping = true;
  });
  return ingestion;
}
