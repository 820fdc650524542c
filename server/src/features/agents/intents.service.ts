import type { z } from 'zod';
import { intentMessages, type IntentDetails, type intentBody } from '@parley/contracts/agent-stories';
import { systemEntities, systemEntityIds } from '@parley/contracts/agent-entities';
import { AppError } from '../../platform/errors';
import type { IntentRow, IntentsRepository, IntentValues } from './intents.repository';
import { isUniqueViolation } from '../../db/postgres-errors';

export type IntentInput = z.output<typeof intentBody>;

const systemNames = new Map<string, string>(systemEntities.map((entity) => [entity.id, entity.name]));

const nameTaken = () => new AppError('INTENT_NAME_TAKEN', { fieldErrors: { name: intentMessages.nameTaken } });

/** Intents (agents.md §2.3, §4, §5): phrases with tagged entities, one response, entity parameters. */
export function createIntentsService(deps: { repository: IntentsRepository }) {
  const { repository } = deps;

  async function checkStory(enterpriseId: string, agentId: string, storyId: string) {
    if (!(await repository.storyExists(enterpriseId, agentId, storyId))) throw new AppError('NOT_FOUND');
  }

  async function toDetails(enterpriseId: string, row: IntentRow): Promise<IntentDetails> {
    const custom = await repository.customEntityNames(
      enterpriseId,
      row.agentId,
      row.parameters.map((parameter) => parameter.entityId),
    );
    return {
      id: row.id,
      name: row.name,
      agentId: row.agentId,
      storyId: row.storyId,
      utterances: row.utterances.map((item) => ({
        utterance: item.utterance,
        entityDefined: item.entityRefs.length > 0,
        entityRefs: item.entityRefs,
      })),
      responses: row.responses,
      entities: row.parameters.map((parameter) => {
        const entityName = custom.get(parameter.entityId) ?? systemNames.get(parameter.entityId);
        return { ...parameter, ...(entityName !== undefined ? { entityName } : {}) };
      }),
      handoff: row.handoff,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function load(enterpriseId: string, agentId: string, storyId: string, id: string) {
    const row = await repository.get(enterpriseId, agentId, storyId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toDetails(enterpriseId, row);
  }

  /** Checks entities against the agent and turns the body into stored values. */
  async function prepare(enterpriseId: string, agentId: string, input: IntentInput): Promise<IntentValues> {
    const parameters = new Map(input.entities.map((parameter) => [parameter.name.toLowerCase(), parameter]));
    const referenced = [
      ...input.entities.map((parameter) => parameter.entityId),
      ...input.utterances.flatMap((row) => row.entityRefs.map((ref) => ref.entityId)),
    ];
    const custom = await repository.customEntityNames(enterpriseId, agentId, referenced);
    const unknown = referenced.find((id) => !systemEntityIds.has(id) && !custom.has(id));
    if (unknown !== undefined)
      throw new AppError('INTENT_ENTITY_UNKNOWN', { fieldErrors: { entities: intentMessages.entityUnknown } });
    input.utterances.forEach((row, index) => {
      for (const ref of row.entityRefs) {
        const parameter = parameters.get(ref.parameter.toLowerCase());
        if (!parameter || parameter.entityId !== ref.entityId)
          throw new AppError('VALIDATION', {
            message: intentMessages.parameterMissing,
            fieldErrors: { [`utterances.${index}.entityRefs`]: intentMessages.parameterMissing },
          });
      }
    });
    return {
      name: input.name,
      utterances: input.utterances.map((row) => ({
        utterance: row.utterance,
        entityDefined: row.entityRefs.length > 0,
        entityRefs: row.entityRefs.map((ref) => ({
          entityId: ref.entityId,
          parameter: parameters.get(ref.parameter.toLowerCase())!.name,
          entityStartPos: ref.entityStartPos,
          entityEndPos: ref.entityEndPos,
        })),
      })),
      responses: input.responses,
      parameters: input.entities.map((parameter) => ({
        name: parameter.name,
        entityId: parameter.entityId,
        required: parameter.required,
        value: parameter.value,
        prompts: parameter.prompts,
      })),
      entityIds: [...new Set(input.entities.map((parameter) => parameter.entityId))],
      handoff: input.handoff,
    };
  }

  async function save<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Two requests racing past the check meet the unique index.
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    async list(
      enterpriseId: string,
      agentId: string,
      storyId: string,
      query: { name?: string; from: number; perPage: number },
    ) {
      await checkStory(enterpriseId, agentId, storyId);
      const rows = await repository.list(enterpriseId, agentId, storyId, query);
      return {
        intents: rows.slice(0, query.perPage).map((row) => ({
          ...row,
          phraseCount: Number(row.phraseCount),
          updatedAt: row.updatedAt.toISOString(),
        })),
        more: rows.length > query.perPage,
      };
    },
    async get(enterpriseId: string, agentId: string, storyId: string, id: string) {
      await checkStory(enterpriseId, agentId, storyId);
      return load(enterpriseId, agentId, storyId, id);
    },
    async create(enterpriseId: string, agentId: string, storyId: string, input: IntentInput) {
      await checkStory(enterpriseId, agentId, storyId);
      const values = await prepare(enterpriseId, agentId, input);
      if (await repository.nameTaken(agentId, values.name)) throw nameTaken();
      const id = await save(() => repository.create(enterpriseId, agentId, storyId, values));
      return load(enterpriseId, agentId, storyId, id);
    },
    async update(enterpriseId: string, agentId: string, storyId: string, id: string, input: IntentInput) {
      await checkStory(enterpriseId, agentId, storyId);
      if (!(await repository.get(enterpriseId, agentId, storyId, id))) throw new AppError('NOT_FOUND');
      const values = await prepare(enterpriseId, agentId, input);
      if (await repository.nameTaken(agentId, values.name, id)) throw nameTaken();
      await save(() => repository.update(enterpriseId, agentId, storyId, id, values));
      return load(enterpriseId, agentId, storyId, id);
    },
    async remove(enterpriseId: string, agentId: string, storyId: string, id: string) {
      await checkStory(enterpriseId, agentId, storyId);
      if (!(await repository.remove(enterpriseId, agentId, storyId, id))) throw new AppError('NOT_FOUND');
      return { id };
    },
  };
}

export type IntentsService = ReturnType<typeof createIntentsService>;
