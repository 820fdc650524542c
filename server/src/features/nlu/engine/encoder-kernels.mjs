/**
 * A faster SplitV for the TensorFlow.js WASM backend that runs the sentence encoder. The stock
 * kernel slices each part with a copy of the whole input and an element-by-element loop; the
 * encoder splits its attention projections (e.g. [64, 15, 1536] into three 512-wide parts) in every
 * layer, which cost ~4 % of an embedding. This one copies each row's run of values straight from
 * the WASM heap, with the same results. Other splits go to the stock kernel.
 * Plain JavaScript: the encoder threads (embedding-worker.mjs) load it too.
 */
export function installEncoderKernels(tf) {
  const stock = tf.getKernel('SplitV', 'wasm');
  if (!stock || stock.kernelFunc.fastSplit) return;
  const kernelFunc = (args) => {
    const { inputs, attrs, backend } = args;
    const x = inputs.x;
    const rank = x.shape.length;
    const axis = tf.util.parseAxisParam(attrs.axis, x.shape)[0];
    if (x.dtype !== 'float32' || axis !== rank - 1 || rank < 2) return stock.kernelFunc(args);
    const sizes = tf.backend_util.prepareSplitSize(x, attrs.numOrSizeSplits, axis);
    const width = x.shape[axis];
    const outer = tf.util.sizeFromShape(x.shape) / width;
    const outputs = sizes.map((size) => backend.makeOutput([...x.shape.slice(0, -1), size], 'float32'));
    // Views on the heap only after every output is allocated (allocation may grow the heap).
    const source = backend.typedArrayFromHeap(x);
    let begin = 0;
    outputs.forEach((output, part) => {
      const size = sizes[part];
      const target = backend.typedArrayFromHeap(output);
      for (let row = 0; row < outer; row += 1) {
        const from = row * width + begin;
        target.set(source.subarray(from, from + size), row * size);
      }
      begin += size;
    });
    return outputs;
  };
  kernelFunc.fastSplit = true;
  tf.unregisterKernel('SplitV', 'wasm');
  tf.registerKernel({ ...stock, kernelFunc });
}
