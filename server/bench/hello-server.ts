import Fastify from 'fastify';
import { announceReady } from './bench-child';

/** The baseline: a bare Fastify with one JSON route, nothing registered, logging off. */
const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };

announceReady({ url: `http://127.0.0.1:${port}/hello`, headers: {}, details: [`fastify ${app.version}`] }, () =>
  app.close(),
);
