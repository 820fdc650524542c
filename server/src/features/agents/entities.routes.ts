import type { FastifyInstance } from 'fastify';
import { entityMessages, entityRoutes } from '@parley/contracts/agent-entities';
import { addRoute } from '../../platform/http';
import type { AgentsDeps } from './index';
import { createEntitiesRepository } from './entities.repository';
import { createEntitiesService } from './entities.service';

/** Custom and system entities of an agent (agents.md §2.4, §2.5, §7 "Entities"). */
export function registerEntityRoutes(app: FastifyInstance, deps: AgentsDeps) {
  const entities = createEntitiesService({ repository: createEntitiesRepository(deps.db) });
  const tag = 'Agent entities';
  const permission = 'NLP.EDIT';

  addRoute(app, entityRoutes.list, { permission, tag }, async ({ session, params, query }) =>
    entities.list(session().enterpriseId, params.agentId, query),
  );
  addRoute(app, entityRoutes.get, { permission, tag }, async ({ session, params }) =>
    entities.get(session().enterpriseId, params.agentId, params.entityId),
  );
  addRoute(
    app,
    entityRoutes.create,
    { permission, tag, audit: 'entity.create', message: entityMessages.created },
    async ({ session, params, body }) => entities.create(session().enterpriseId, params.agentId, body),
  );
  addRoute(
    app,
    entityRoutes.update,
    { permission, tag, audit: 'entity.update', message: entityMessages.updated },
    async ({ session, params, body }) => entities.update(session().enterpriseId, params.agentId, params.entityId, body),
  );
  addRoute(
    app,
    entityRoutes.remove,
    { permission, tag, audit: 'entity.delete', message: entityMessages.deleted },
    async ({ session, params }) => entities.remove(session().enterpriseId, params.agentId, params.entityId),
  );
}
