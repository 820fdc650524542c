import type { FastifyInstance } from 'fastify';
import { agentMessages, agentRoutes } from '@parley/contracts/agents';
import { addRoute } from '../../platform/http';
import type { AgentsDeps } from './index';
import { createAgentsRepository } from './agents.repository';
import { createAgentsService } from './agents.service';

/** Agents list, details, create/update/delete, train and the analytics frame addresses (NLP.EDIT). */
export function registerAgentRoutes(app: FastifyInstance, deps: AgentsDeps) {
  const agents = createAgentsService({
    repository: createAgentsRepository(deps.db),
    files: deps.files,
    analyticsUrl: deps.config.analyticsUrl,
    trainer: deps.trainer,
  });
  const permission = 'NLP.EDIT';
  const tag = 'Agents';

  addRoute(app, agentRoutes.list, { permission, tag }, async ({ session, query }) =>
    agents.list(session().enterpriseId, query),
  );
  addRoute(app, agentRoutes.get, { permission, tag }, async ({ session, params }) =>
    agents.get(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    agentRoutes.create,
    { permission, tag, audit: 'agent.create', message: agentMessages.created },
    async ({ session, body }) => agents.create(session().enterpriseId, session().userId, body),
  );
  addRoute(
    app,
    agentRoutes.update,
    { permission, tag, audit: 'agent.update', message: agentMessages.updated },
    async ({ session, params, body }) => agents.update(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    agentRoutes.remove,
    { permission, tag, audit: 'agent.delete', message: agentMessages.deleted },
    async ({ session, params }) => agents.remove(session().enterpriseId, params.id),
  );
  addRoute(app, agentRoutes.train, { permission, tag, audit: 'agent.train' }, async ({ session, params }) =>
    agents.train(session().enterpriseId, params.id),
  );
  addRoute(app, agentRoutes.analytics, { permission, tag }, async ({ session, params }) =>
    agents.analytics(session().enterpriseId, params.id),
  );
}
