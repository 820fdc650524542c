import fs from 'node:fs';
import { trainClassifier } from '../src/features/nlu/engine/intent-classifier';
const [file, modelType, paramsJson] = process.argv.slice(2);
const ds = JSON.parse(fs.readFileSync(file!, 'utf8'));
const overrides = paramsJson ? JSON.parse(paramsJson) : {};
const K = 5;
const train = ds.train.map((e: any, i: number) => ({ ...e, fold: (i * 7919) % K }));
let correct = 0, total = 0;
const t0 = performance.now();
for (let fold = 0; fold < K; fold++) {
  const byIntent = new Map<string, string[]>();
  for (const e of train) if (e.fold !== fold) { if (!byIntent.has(e.intent)) byIntent.set(e.intent, []); byIntent.get(e.intent)!.push(e.text); }
  const c = await trainClassifier({ language: 'en', intents: [...byIntent].map(([name, phrases]) => ({ name, phrases })) } as any, { modelType: modelType as any, seed: 1 }, overrides);
  const held = train.filter((e: any) => e.fold === fold);
  const r = await c.rankMany(held.map((e: any) => e.text), 1);
  held.forEach((e: any, i: number) => { total++; if (r[i]![0]?.intent === e.intent) correct++; });
}
console.log(JSON.stringify({ modelType, overrides, cvAccuracy: +(100 * correct / total).toFixed(2), errors: total - correct, seconds: Math.round((performance.now() - t0) / 1000) }));
