import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nluRoutes, type PredictResult } from '@parley/contracts/nlu';
import { addRoute } from '../../platform/http';
import { AppError } from '../../platform/errors';
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

  const stream = nluRoutes.predictStream;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: stream.method,
    url: stream.path,
    schema: { summary: stream.summary, tags: [tag], body: stream.body },
    config: { permission, audit: false },
    handler: async (request, reply) => {
      if (!request.auth) throw new AppError('UNAUTHENTICATED');
      const events = new PassThrough();
      const send = (event: string, data: unknown) => events.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      let firstToken: () => void = () => {};
      const streaming = new Promise<'streaming'>((resolve) => (firstToken = () => resolve('streaming')));
      const answer = nlu.predict(request.auth.enterpriseId, request.body, {
        onToken: (text) => {
          firstToken();
          send('token', { text });
        },
      });
      const finished = answer.then((result): { result: PredictResult } => ({ result }));
      // Until the first token, a failure is an ordinary error answer (404, 409, 502 ...).
      const first = await Promise.race([finished, streaming]);
      if (first !== 'streaming') {
        send('result', first.result);
        events.end();
      } else {
        finished.then(
          ({ result }) => {
            send('result', result);
            events.end();
          },
          (error: unknown) => {
            request.log.error({ err: error }, 'streamed answer failed');
            const known = error instanceof AppError ? error : new AppError('NLU_GENAI_FAILED');
            send('error', { code: known.code, message: known.message });
            events.end();
          },
        );
      }
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(events);
    },
  });

  addRoute(app, nluRoutes.trainingState, { permission, tag }, async ({ session, params }) =>
    nlu.trainingState(session().enterpriseId, params.id),
  );
  addRoute(app, nluRoutes.generatePhrases, { permission, tag, audit: false }, async ({ session, params, body }) =>
    nlu.generatePhrases(session().enterpriseId, params.id, body),
  );
}
