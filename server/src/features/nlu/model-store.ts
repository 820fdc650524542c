import { AppError } from '../../platform/errors';
import type { ModelEntityRow, ModelIntentRow } from '../../db/schema/nlu';
import { loadClassifier } from './engine/intent-classifier';
import { createEntityExtractor } from './engine/entity-extractor';
import type { EntityExtractor, IntentClassifier, IntentDialog, Language } from './engine/types';
import type { NluRepository } from './nlu.repository';

/** A trained model ready to converse: its classifier (none for GenAI model types), dialogs and entities. */
export interface LoadedModel {
  id: string;
  enterpriseId: string;
  modelType: string;
  language: Language;
  classifier: IntentClassifier | null;
  intents: ModelIntentRow[];
  dialogs: ReadonlyMap<string, IntentDialog>;
  extractor: EntityExtractor;
}

export const MODEL_CACHE_SIZE = 32;

/**
 * Loaded models by id, least recently used out first. Model rows never change after training
 * (a new training writes a new row), so a cached model is never stale. After a restart the
 * active model is read back from agent_models on first use: nothing is retrained.
 */
export function createModelStore(deps: { repository: NluRepository; capacity?: number }) {
  const capacity = deps.capacity ?? MODEL_CACHE_SIZE;
  const cache = new Map<string, Promise<LoadedModel>>();

  async function load(enterpriseId: string, modelId: string): Promise<LoadedModel> {
    const row = await deps.repository.getModel(enterpriseId, modelId);
    if (!row) throw new AppError('NLU_NOT_TRAINED');
    const language: Language = row.language === 'hi' ? 'hi' : 'en';
    const classifier = row.bytes ? await loadClassifier(row.bytes) : null;
    const dialogs = new Map<string, IntentDialog>(
      row.intents.map((intent) => [
        intent.name,
        { name: intent.name, responses: intent.responses, parameters: intent.parameters },
      ]),
    );
    return {
      id: row.id,
      enterpriseId: row.enterpriseId,
      modelType: row.modelType,
      language,
      classifier,
      intents: row.intents,
      dialogs,
      extractor: createEntityExtractor(row.entities as ModelEntityRow[], { language }),
    };
  }

  return {
    async get(enterpriseId: string, modelId: string): Promise<LoadedModel> {
      let entry = cache.get(modelId);
      if (entry) {
        cache.delete(modelId);
        cache.set(modelId, entry);
      } else {
        entry = load(enterpriseId, modelId);
        cache.set(modelId, entry);
        entry.catch(() => cache.delete(modelId));
        while (cache.size > capacity) cache.delete(cache.keys().next().value!);
      }
      const model = await entry;
      // The id is a primary key, but the cache is shared by tenants: never hand one tenant another's model.
      if (model.enterpriseId !== enterpriseId) throw new AppError('NLU_NOT_TRAINED');
      return model;
    },
  };
}

export type ModelStore = ReturnType<typeof createModelStore>;
