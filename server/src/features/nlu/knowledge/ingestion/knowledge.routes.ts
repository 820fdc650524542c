import type { FastifyInstance } from 'fastify';
import { knowledgeRoutes } from '@parley/contracts/knowledge';
import { addRoute } from '../../../../platform/http';
import type { IngestionService } from './ingestion.service';

/** The knowledge base's build, read by the console's progress bar (NLP.EDIT). */
export function registerKnowledgeRoutes(app: FastifyInstance, deps: { ingestion: IngestionService }) {
  addRoute(app, knowledgeRoutes.state, { permission: 'NLP.EDIT', tag: 'Agents' }, async ({ session, params }) =>
    deps.ingestion.ingestionState(session().enterpriseId, params.id),
  );
}
