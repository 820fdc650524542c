import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

/**
 * Preloaded into a server process by a bench (`node --expose-gc --import tsx --import
 * bench/server-probe.ts …` with PARLEY_PROBE_DIR set), so the bench can look inside a process it
 * only drives from outside. The bench writes a command to `<dir>/command` and sends SIGUSR2; the
 * answer appears as `<dir>/answer.json` (written through a rename, so it is never read half-written):
 * - `memory`: collects garbage (with --expose-gc), answers `process.memoryUsage()`;
 * - `profile-start` / `profile-stop`: CPU-profiles what happens in between and writes
 *   `<dir>/profiles/<n>.cpuprofile`, so a profile holds the measured work and not the setup.
 */
const dir = process.env.PARLEY_PROBE_DIR;
let session: Session | undefined;
let profiles = 0;

async function answer(command: string): Promise<unknown> {
  if (command === 'memory') {
    // Twice: the first pass may leave what only a second one finds unreachable (weak references).
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    collect?.();
    return process.memoryUsage();
  }
  if (command === 'profile-start') {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    return {};
  }
  if (command === 'profile-stop' && session) {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    session = undefined;
    fs.mkdirSync(path.join(dir!, 'profiles'), { recursive: true });
    fs.writeFileSync(path.join(dir!, 'profiles', `${++profiles}.cpuprofile`), JSON.stringify(profile));
    return {};
  }
  return { error: `unknown command ${command}` };
}

if (dir) {
  process.on('SIGUSR2', () => {
    const command = fs.readFileSync(path.join(dir, 'command'), 'utf8').trim();
    void answer(command).then((result) => {
      fs.writeFileSync(path.join(dir, 'answer.json.part'), JSON.stringify(result));
      fs.renameSync(path.join(dir, 'answer.json.part'), path.join(dir, 'answer.json'));
    });
  });
}
