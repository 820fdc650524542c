import fs from 'node:fs';
import { trainClassifier } from '../src/features/nlu/engine/intent-classifier';
const ds = JSON.parse(fs.readFileSync(process.argv[2] ?? '../../shared/nlu/snips.json', 'utf8'));
const byIntent = new Map<string, string[]>();
for (const e of ds.train) { if (!byIntent.has(e.intent)) byIntent.set(e.intent, []); byIntent.get(e.intent)!.push(e.text); }
const data = { language: 'en', intents: [...byIntent].map(([name, phrases]) => ({ name, phrases })) } as any;
const c = await trainClassifier(data, { modelType: 'SVM', seed: 1 } as any);
const texts = ds.test.map((e: any) => e.text);
await c.rankMany(texts.slice(0, 100), 1);
for (let r = 0; r < 5; r++) { const t0 = performance.now(); await c.rankMany(texts, 1); const t = performance.now() - t0; console.log('ms/utt', (t / texts.length).toFixed(3)); }
const cc: any = c;
for (let r = 0; r < 3; r++) {
  let t0 = performance.now();
  const vecs = texts.map((t: string) => cc.space.vectorize(t));
  let t1 = performance.now();
  const sims = new Float32Array(cc.phraseIndex.count);
  let nnz = 0;
  for (const v of vecs) { cc.phraseIndex.similarities(v, sims); }
  let t2 = performance.now();
  for (const v of vecs) nnz += v.idx.length;
  console.log('vectorize', ((t1 - t0) / texts.length).toFixed(3), 'sims', ((t2 - t1) / texts.length).toFixed(3), 'nnz', nnz / texts.length);
}
