import type { FastifyInstance } from 'fastify';
import { nluRoutes } from '@parley/contracts/nlu';
import { addRoute } from '../../platform/http';
import type { NluService } from './nlu.service';

/** Try it, the training state and report, and phrase generation (NLP.EDIT). */
export function registerNluRoutes(app: FastifyInstance, deps: { nlu: NluService }) {
  const { nlu } = deps;
  const permission = 'NLP.EDIT';
  const tag = 'Agents';

  // Every message is kept in the conversation log, so the audit log does not repeat them.
  addRoute(app, nluRoutes.predict, { permission, tag, audit: false }, async ({ session, body }) =>
    nlu.predict(session().enterpriseId, body),
  );
  addRoute(app, nluRoutes.trainingState, { permission, tag }, async ({ session, params }) =>
    nlu.trainingState(session().enterpriseId, params.id),
  );
  addRoute(app, nluRoutes.generatePhrases, { permission, tag, audit: false }, async ({ session, params, body }) =>
    nlu.generatePhrases(session().enterpriseId, params.id, body),
  );
}
