import type { FastifyInstance } from 'fastify';
import { intentMessages, storyRoutes } from '@parley/contracts/agent-stories';
import { addRoute } from '../../platform/http';
import type { AgentsDeps } from './index';
import { createStoriesRepository } from './stories.repository';
import { createStoriesService } from './stories.service';

export function registerStoryRoutes(app: FastifyInstance, deps: AgentsDeps) {
  const stories = createStoriesService({ repository: createStoriesRepository(deps.db) });
  const tag = 'Stories';
  const permission = 'NLP.EDIT';

  addRoute(app, storyRoutes.tree, { permission, tag }, async ({ session, params }) =>
    stories.tree(session().enterpriseId, params.agentId),
  );
  addRoute(
    app,
    storyRoutes.create,
    { permission, tag, audit: 'story.create', message: intentMessages.storyCreated },
    async ({ session, params, body }) => stories.create(session().enterpriseId, params.agentId, body),
  );
  addRoute(
    app,
    storyRoutes.update,
    { permission, tag, audit: 'story.update', message: intentMessages.storyUpdated },
    async ({ session, params, body }) => stories.update(session().enterpriseId, params.agentId, params.storyId, body),
  );
  addRoute(
    app,
    storyRoutes.remove,
    { permission, tag, audit: 'story.delete', message: intentMessages.storyDeleted },
    async ({ session, params }) => stories.remove(session().enterpriseId, params.agentId, params.storyId),
  );
}
