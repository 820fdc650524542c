import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a process's CPU time went, from the `.cpuprofile` files `node --cpu-prof` writes at exit:
 * self time summed by place (package under node_modules, or file of Parley, or Node's own), then
 * the heaviest functions. Lines ready to print.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function placeOf(url: string): string {
  if (!url) return '(native and GC)';
  if (url.startsWith('node:')) return 'Node.js internals';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
}

export function summariseCpuProfiles(dir: string, top = 12): string[] {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.cpuprofile')) : [];
  if (files.length === 0) return ['no CPU profile was written'];
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    /** Native work (a socket write, a hash) is charged to the nearest JavaScript caller. */
    const caller = (id: number) => {
      for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
        const frame = nodes.get(at)?.callFrame;
        if (frame?.url) return frame;
      }
      return undefined;
    };
    profile.samples.forEach((id, index) => {
      const delta = profile.timeDeltas[index] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      if (!frame) return;
      if (frame.functionName === '(idle)') {
        idle += delta;
        return;
      }
      total += delta;
      const from = frame.url ? undefined : caller(id);
      const place = placeOf(frame.url || from?.url || '');
      byPlace.set(place, (byPlace.get(place) ?? 0) + delta);
      const where = frame.url
        ? `${place}:${frame.lineNumber + 1}`
        : from
          ? `(native, from ${from.functionName || '(anonymous)'} ${placeOf(from.url)}:${from.lineNumber + 1})`
          : '(native)';
      const name = `${frame.functionName || '(anonymous)'} ${where}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    });
  }
  const share = (micros: number) => `${((micros / total) * 100).toFixed(1).padStart(5)} %`;
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `server CPU profile: ${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle; self time by place (native work charged to its JavaScript caller):`,
    ...sorted(byPlace).map(([place, micros]) => `  ${share(micros)}  ${place}`),
    'heaviest functions (self time):',
    ...sorted(byFunction).map(([name, micros]) => `  ${share(micros)}  ${name}`),
  ];
}
