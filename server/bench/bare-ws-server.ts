import http from 'node:http';
import { WebSocketServer } from 'ws';
import { announceReady } from './bench-child';

/**
 * The realtime baseline (bench/realtime.ts): bare `ws` on a bare `node:http` server, in its own
 * process. Every socket that connects gets every event; `POST /broadcast` with `{ name, payload }`
 * builds one event frame as Parley's socket does (`{ type, id, name, payload, at }`), serialises it
 * once and sends it to every socket, the fan-out of the `ws` README.
 */
const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
let lastId = 0;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString()));
    request.on('error', reject);
  });
}

function broadcast(name: string, payload: unknown) {
  lastId += 1;
  const frame = JSON.stringify({ type: 'event', id: lastId, name, payload, at: new Date().toISOString() });
  for (const socket of wss.clients) if (socket.readyState === socket.OPEN) socket.send(frame);
}

const server = http.createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/broadcast') {
    readBody(request)
      .then((raw) => {
        const { name, payload } = JSON.parse(raw) as { name: string; payload: unknown };
        // Answered first, as Parley's webhook answers once the message is stored and fans out after.
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true}');
        broadcast(name, payload);
      })
      .catch(() => response.writeHead(400).end());
    return;
  }
  response.writeHead(404).end();
});
server.on('upgrade', (request, socket, head) => {
  wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  announceReady({ url: `http://127.0.0.1:${port}`, headers: {}, details: [] }, async () => {
    for (const socket of wss.clients) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
  });
});
