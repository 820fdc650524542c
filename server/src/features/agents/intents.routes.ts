import type { FastifyInstance } from 'fastify';
import { intentMessages, intentRoutes } from '@parley/contracts/agent-stories';
import { addRoute } from '../../platform/http';
import type { AgentsDeps } from './index';
import { createIntentsRepository } from './intents.repository';
import { createIntentsService } from './intents.service';

/** 2,000 phrases of 1,000 characters with their tags fit; a 5 MB paste does not. */
const INTENT_BODY_LIMIT = 4 * 1024 * 1024;

export function registerIntentRoutes(app: FastifyInstance, deps: AgentsDeps) {
  const intents = createIntentsService({ repository: createIntentsRepository(deps.db) });
  const tag = 'Intents';
  const permission = 'NLP.EDIT';

  addRoute(app, intentRoutes.list, { permission, tag }, async ({ session, params, query }) =>
    intents.list(session().enterpriseId, params.agentId, params.storyId, query),
  );
  addRoute(app, intentRoutes.get, { permission, tag }, async ({ session, params }) =>
    intents.get(session().enterpriseId, params.agentId, params.storyId, params.intentId),
  );
  addRoute(
    app,
    intentRoutes.create,
    { permission, tag, audit: 'intent.create', message: intentMessages.intentCreated, bodyLimit: INTENT_BODY_LIMIT },
    async ({ session, params, body }) => intents.create(session().enterpriseId, params.agentId, params.storyId, body),
  );
  addRoute(
    app,
    intentRoutes.update,
    { permission, tag, audit: 'intent.update', message: intentMessages.intentSaved, bodyLimit: INTENT_BODY_LIMIT },
    async ({ session, params, body }) =>
      intents.update(session().enterpriseId, params.agentId, params.storyId, params.intentId, body),
  );
  addRoute(
    app,
    intentRoutes.remove,
    { permission, tag, audit: 'intent.delete', message: intentMessages.intentDeleted },
    async ({ session, params }) =>
      intents.remove(session().enterpriseId, params.agentId, params.storyId, params.intentId),
  );
}
