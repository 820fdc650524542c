import type { TrainingReport } from '@parley/contracts/nlu';
import { trainClassifier } from './engine/intent-classifier';
import type { LexicalModelType, TrainingData } from './engine/types';
import { buildTrainingReport } from './training-report';

export interface TrainingRunInput {
  data: TrainingData;
  modelType: LexicalModelType;
  seed: number;
}

export interface TrainingRunOutput {
  bytes: Uint8Array;
  report: TrainingReport;
}

/**
 * Trains the classifier that will answer, then cross-validates for the report. Runs in the
 * training worker thread (train-worker.ts), or inline when no worker can start.
 */
export async function runTraining(
  input: TrainingRunInput,
  onProgress?: (fraction: number) => void,
): Promise<TrainingRunOutput> {
  const started = performance.now();
  const classifier = await trainClassifier(input.data, {
    modelType: input.modelType,
    seed: input.seed,
    onProgress: (fraction) => onProgress?.(fraction * 0.5),
  });
  const bytes = classifier.serialize();
  const trainingSeconds = (performance.now() - started) / 1000;
  const report = await buildTrainingReport({
    data: input.data,
    modelType: input.modelType,
    train: (data) => trainClassifier(data, { modelType: input.modelType, seed: input.seed }),
    trainingSeconds,
    trainedAt: new Date(),
    seed: input.seed,
    onProgress: (fraction) => onProgress?.(0.5 + fraction * 0.5),
  });
  return { bytes, report };
}
