import fs from 'node:fs';
import { trainClassifier } from '../src/features/nlu/engine/intent-classifier';
const file = process.argv[2]!;
const ds = JSON.parse(fs.readFileSync(file, 'utf8'));
const byIntent = new Map<string, string[]>();
for (const e of ds.train) { if (!byIntent.has(e.intent)) byIntent.set(e.intent, []); byIntent.get(e.intent)!.push(e.text); }
const data = { language: 'en', intents: [...byIntent].map(([name, phrases]) => ({ name, phrases })) } as any;
const out: any = {};
for (const modelType of ['SVM', 'Semantic']) {
  const t0 = performance.now();
  const c = await trainClassifier(data, { modelType, seed: 1 } as any);
  console.error(modelType, 'trained', ((performance.now() - t0) / 1000).toFixed(1));
  for (const split of ['val', 'test']) {
    const r = await c.rankMany(ds[split].map((e: any) => e.text), 3);
    out[modelType + ':' + split] = r.map((x) => x.map((s) => [s.intent, +s.confidence.toFixed(4)]));
  }
}
out.gold = { val: ds.val.map((e: any) => e.intent), test: ds.test.map((e: any) => e.intent) };
fs.writeFileSync('/tmp/casc-' + file.split('/').pop(), JSON.stringify(out));
