/** See encoder-kernels.mjs. `tf` is the @energetic-ai/core module (TensorFlow.js with the WASM backend). */
export function installEncoderKernels(tf: unknown): void;
