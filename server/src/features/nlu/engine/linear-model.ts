import { seededRandom, shuffleInPlace } from './seeded-random';
/**
 * Multinomial logistic regression (softmax) over sparse vectors, trained by SGD with a linearly
 * decaying step, L2 weight decay applied lazily through a global scale, and a seeded shuffle so
 * the same data and seed give the same weights.
 */
import type { SparseVector } from './lexical-features';

export interface LinearModel {
  /** Number of features and classes; weights are feature-major: weights[feature * classes + class]. */
  features: number;
  classes: number;
  weights: Float32Array;
  bias: Float32Array;
}

export interface SoftmaxTrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
  /** Class gradients smaller than this are skipped (most classes soon get probability ~0); default 1e-5. */
  gradientEpsilon?: number;
  /** Per-example weight (e.g. class balancing); default 1. */
  sampleWeights?: Float32Array;
  onProgress?: (fraction: number) => void;
}

const GRADIENT_EPSILON = 1e-5;

export function trainSoftmax(
  examples: readonly SparseVector[],
  labels: Int32Array,
  features: number,
  classes: number,
  options: SoftmaxTrainOptions,
): LinearModel {
  const weights = new Float32Array(features * classes);
  const bias = new Float32Array(classes);
  const n = examples.length;
  if (n === 0 || classes < 2) return { features, classes, weights, bias };
  const random = seededRandom(options.seed);
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const scores = new Float64Array(classes);
  const gradient = new Float64Array(classes);
  const activeClasses = new Int32Array(classes);
  const deltas = new Float64Array(classes);
  const totalSteps = options.epochs * n;
  const epsilon = options.gradientEpsilon ?? GRADIENT_EPSILON;
  let scale = 1;
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    shuffleInPlace(order, random);
    for (let o = 0; o < n; o += 1) {
      const example = order[o]!;
      const x = examples[example]!;
      const y = labels[example]!;
      const lr = options.learningRate * Math.max(0.02, 1 - step / totalSteps);
      step += 1;
      accumulateScores(weights, classes, x, scores);
      let max = -Infinity;
      for (let c = 0; c < classes; c += 1) {
        scores[c] = scores[c]! * scale + bias[c]!;
        if (scores[c]! > max) max = scores[c]!;
      }
      let z = 0;
      for (let c = 0; c < classes; c += 1) {
        scores[c] = Math.exp(scores[c]! - max);
        z += scores[c]!;
      }
      const sampleWeight = options.sampleWeights ? options.sampleWeights[example]! : 1;
      for (let c = 0; c < classes; c += 1) {
        gradient[c] = (scores[c]! / z - (c === y ? 1 : 0)) * sampleWeight;
      }
      // Weight decay: W ← (1 − lr·λ)·W, kept in `scale` so it costs nothing per weight.
      scale *= 1 - lr * options.l2;
      const stepSize = lr / scale;
      let active = 0;
      for (let c = 0; c < classes; c += 1) {
        const g = gradient[c]!;
        if (g > -epsilon && g < epsilon) {
          deltas[c] = 0;
          continue;
        }
        bias[c]! -= lr * g;
        deltas[c] = stepSize * g;
        activeClasses[active] = c;
        active += 1;
      }
      // Feature-major, like the weights: each feature's row of classes is updated in one sweep,
      // over every class while most are still learning, over the list of active ones later.
      if (active * 2 > classes) {
        for (let k = 0; k < x.idx.length; k += 1) {
          const base = x.idx[k]! * classes;
          const v = x.val[k]!;
          for (let c = 0; c < classes; c += 1) weights[base + c]! -= deltas[c]! * v;
        }
      } else {
        for (let k = 0; k < x.idx.length; k += 1) {
          const base = x.idx[k]! * classes;
          const v = x.val[k]!;
          for (let a = 0; a < active; a += 1) {
            const c = activeClasses[a]!;
            weights[base + c]! -= deltas[c]! * v;
          }
        }
      }
      if (scale < 1e-6) {
        for (let w = 0; w < weights.length; w += 1) weights[w]! *= scale;
        scale = 1;
      }
    }
    options.onProgress?.((epoch + 1) / options.epochs);
  }
  if (scale !== 1) for (let w = 0; w < weights.length; w += 1) weights[w]! *= scale;
  return { features, classes, weights, bias };
}

/**
 * scores[c] += Σ_k weights[idx_k·classes + c]·val_k, four features at a time (one pass over the
 * scores per four weight rows).
 */
function accumulateScores(weights: Float32Array, classes: number, x: SparseVector, scores: Float64Array): void {
  for (let c = 0; c < classes; c += 1) scores[c] = 0;
  const { idx, val } = x;
  const n = idx.length;
  let k = 0;
  for (; k + 4 <= n; k += 4) {
    const b0 = idx[k]! * classes;
    const b1 = idx[k + 1]! * classes;
    const b2 = idx[k + 2]! * classes;
    const b3 = idx[k + 3]! * classes;
    const v0 = val[k]!;
    const v1 = val[k + 1]!;
    const v2 = val[k + 2]!;
    const v3 = val[k + 3]!;
    for (let c = 0; c < classes; c += 1) {
      scores[c]! += weights[b0 + c]! * v0 + weights[b1 + c]! * v1 + weights[b2 + c]! * v2 + weights[b3 + c]! * v3;
    }
  }
  for (; k < n; k += 1) {
    const base = idx[k]! * classes;
    const v = val[k]!;
    for (let c = 0; c < classes; c += 1) scores[c]! += weights[base + c]! * v;
  }
}

/**
 * A linear model kept as it is stored: int16 weights (feature-major) with one scale per class.
 * Scoring reads the int16 weights directly, so a model in memory takes a quarter of its float64
 * form and the same bytes as its binary form.
 */
export interface QuantizedModel {
  classes: number;
  quantized: Int16Array;
  scales: Float32Array;
  bias: Float32Array;
}

/** Raw scores (logits) of one example: bias[c] + scales[c]·Σ_k quantized[idx_k·classes + c]·val_k. */
export function quantizedScores(
  model: QuantizedModel,
  x: SparseVector,
  out = new Float64Array(model.classes),
): Float64Array {
  const { classes, quantized, scales, bias } = model;
  for (let c = 0; c < classes; c += 1) out[c] = 0;
  for (let k = 0; k < x.idx.length; k += 1) {
    const base = x.idx[k]! * classes;
    const v = x.val[k]!;
    for (let c = 0; c < classes; c += 1) out[c]! += quantized[base + c]! * v;
  }
  for (let c = 0; c < classes; c += 1) out[c] = bias[c]! + out[c]! * scales[c]!;
  return out;
}

/** Softmax with a temperature, in place. */
export function softmaxInPlace(scores: Float64Array, temperature = 1): Float64Array {
  let max = -Infinity;
  for (let c = 0; c < scores.length; c += 1) if (scores[c]! > max) max = scores[c]!;
  let z = 0;
  for (let c = 0; c < scores.length; c += 1) {
    scores[c] = Math.exp((scores[c]! - max) / temperature);
    z += scores[c]!;
  }
  for (let c = 0; c < scores.length; c += 1) scores[c]! /= z;
  return scores;
}

/** Rounds the weights to int16 with one scale per class (what a model stores and scores with). */
export function quantizeWeights(model: LinearModel): { quantized: Int16Array; scales: Float32Array } {
  const { classes, weights } = model;
  const scales = new Float32Array(classes);
  for (let w = 0; w < weights.length; w += 1) {
    const c = w % classes;
    const a = Math.abs(weights[w]!);
    if (a > scales[c]!) scales[c] = a;
  }
  for (let c = 0; c < classes; c += 1) scales[c] = scales[c]! > 0 ? scales[c]! / 32767 : 1;
  const quantized = new Int16Array(weights.length);
  for (let w = 0; w < weights.length; w += 1) {
    const c = w % classes;
    quantized[w] = Math.round(weights[w]! / scales[c]!);
  }
  return { quantized, scales };
}
