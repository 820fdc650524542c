import { parentPort, workerData } from 'node:worker_threads';
import { runTraining, type TrainingRunInput } from './training-run';

/**
 * The training worker thread: trains and cross-validates one agent, off the API's event loop.
 * Answers one message: { ok: true, bytes, report } or { ok: false, error }. Started by
 * nlu.jobs.ts through tsx's loader (the server runs TypeScript under tsx, also in vitest).
 */
const port = parentPort;
if (port) {
  runTraining(workerData as TrainingRunInput, (fraction) => port.postMessage({ progress: fraction }))
    .then(({ bytes, report }) => {
      const copy = new Uint8Array(bytes);
      port.postMessage({ ok: true, bytes: copy, report }, [copy.buffer]);
    })
    .catch((error: unknown) => {
      port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
    });
}
