import * as core from '@energetic-ai/core';
import { describe, expect, it } from 'vitest';
import { installEncoderKernels } from './encoder-kernels.mjs';

/** The few TensorFlow.js functions used here (the package's own typings don't declare them). */
interface Tensor {
  arraySync(): unknown;
}
const tf = core as unknown as {
  ready(): Promise<void>;
  tensor3d(values: number[], shape: [number, number, number]): Tensor;
  split(x: Tensor, sizes: number[], axis: number): Tensor[];
  getKernel(name: string, backend: string): { kernelFunc: unknown } | undefined;
};

describe('encoder kernels', () => {
  it('splits along the last axis exactly like the stock kernel, other axes unchanged', async () => {
    await tf.ready();
    const x = tf.tensor3d(
      Array.from({ length: 3 * 5 * 10 }, (_, i) => i * 0.5 - 7),
      [3, 5, 10],
    );
    const expected = tf.split(x, [2, 3, 5], 2).map((part) => part.arraySync());
    const otherAxis = tf.split(x, [1, 4], 1).map((part) => part.arraySync());
    installEncoderKernels(tf);
    expect(tf.getKernel('SplitV', 'wasm')?.kernelFunc).toHaveProperty('fastSplit', true);
    expect(tf.split(x, [2, 3, 5], 2).map((part) => part.arraySync())).toEqual(expected);
    expect(tf.split(x, [1, 4], 1).map((part) => part.arraySync())).toEqual(otherAxis);
  });
});
