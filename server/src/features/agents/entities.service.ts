import {
  entityMessages,
  systemEntities,
  type CustomEntity,
  type EntityListItem,
  type EntityValue,
} from '@parley/contracts/agent-entities';
import { AppError } from '../../platform/errors';
import type { EntitiesRepository, EntityRow } from './entities.repository';
import { checkEntityPattern } from '../../platform/entity-patterns';
import { isUniqueViolation } from '../../db/postgres-errors';

/** What the routes hand over: entityBody after parsing (trimmed, synonyms split, pattern wrapped). */
export interface EntityInput {
  name: string;
  values: EntityValue[];
}

const IN_USE_NAMES = 5;

function toEntity(row: EntityRow): CustomEntity {
  return {
    id: row.id,
    agentId: row.agentId,
    name: row.name,
    values: row.values,
    updatedOn: row.updatedAt.toISOString(),
  };
}

function nameTaken() {
  return new AppError('ENTITY_NAME_TAKEN', { fieldErrors: { name: entityMessages.nameTaken } });
}

/**
 * Every pattern must compile with the entity flags and be safe to run on user text. All rows are
 * checked so that the form can mark each faulty one (after a first refusal without the costly
 * probe); the error code is the first problem's.
 */
function checkPatterns(values: EntityValue[]) {
  const fieldErrors: Record<string, string> = {};
  let first: { kind: 'invalid' | 'unsafe'; message: string } | undefined;
  values.forEach((row, index) => {
    if (row.type !== 'pattern') return;
    const result = checkEntityPattern(row.pattern[0] ?? '', { probe: first === undefined });
    if (result.ok) return;
    const message =
      result.kind === 'invalid' ? entityMessages.patternInvalid(result.reason) : entityMessages.patternUnsafe;
    fieldErrors[`values.${index}.pattern`] = message;
    first ??= { kind: result.kind, message };
  });
  if (!first) return;
  throw new AppError(first.kind === 'invalid' ? 'ENTITY_PATTERN_INVALID' : 'ENTITY_PATTERN_UNSAFE', {
    message: first.message,
    fieldErrors,
  });
}

function page<T>(rows: T[], perPage: number) {
  return { entities: rows.slice(0, perPage), more: rows.length > perPage };
}

/** Custom entities of an agent (agents.md §2.4, §2.5, §5) and the system-entity catalogue. */
export function createEntitiesService(deps: { repository: EntitiesRepository }) {
  const { repository } = deps;

  async function checkAgent(enterpriseId: string, agentId: string) {
    if (!(await repository.agentExists(enterpriseId, agentId))) throw new AppError('NOT_FOUND');
  }

  async function load(enterpriseId: string, agentId: string, id: string) {
    const row = await repository.get(enterpriseId, agentId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toEntity(row);
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

  function rowsOf(input: EntityInput) {
    return input.values.map((row) => ({
      value: row.value,
      type: row.type,
      synonyms: row.type === 'synonyms' ? row.synonyms : [],
      pattern: row.type === 'pattern' ? row.pattern : [],
    }));
  }

  return {
    async list(
      enterpriseId: string,
      agentId: string,
      query: { type: number; searchterm?: string; from: number; perPage: number },
    ): Promise<{ entities: EntityListItem[]; more: boolean }> {
      await checkAgent(enterpriseId, agentId);
      if (query.type === 1) {
        const term = query.searchterm?.toLowerCase();
        const matching = systemEntities
          .filter((entity) => !term || entity.name.includes(term))
          .map(({ id, name, description }) => ({ id, name, description }));
        return page(matching.slice(query.from, query.from + query.perPage + 1), query.perPage);
      }
      const rows = await repository.list(enterpriseId, agentId, query);
      return page(rows.map(toEntity), query.perPage);
    },
    async get(enterpriseId: string, agentId: string, id: string) {
      await checkAgent(enterpriseId, agentId);
      return load(enterpriseId, agentId, id);
    },
    async create(enterpriseId: string, agentId: string, input: EntityInput) {
      await checkAgent(enterpriseId, agentId);
      checkPatterns(input.values);
      if (await repository.nameTaken(enterpriseId, agentId, input.name)) throw nameTaken();
      const id = await save(() =>
        repository.create(enterpriseId, agentId, { name: input.name, values: rowsOf(input) }),
      );
      return load(enterpriseId, agentId, id);
    },
    async update(enterpriseId: string, agentId: string, id: string, input: EntityInput) {
      await checkAgent(enterpriseId, agentId);
      await load(enterpriseId, agentId, id);
      checkPatterns(input.values);
      if (await repository.nameTaken(enterpriseId, agentId, input.name, id)) throw nameTaken();
      await save(() => repository.update(enterpriseId, agentId, id, { name: input.name, values: rowsOf(input) }));
      return load(enterpriseId, agentId, id);
    },
    async remove(enterpriseId: string, agentId: string, id: string) {
      await checkAgent(enterpriseId, agentId);
      await load(enterpriseId, agentId, id);
      const usage = await repository.usedBy(enterpriseId, agentId, id, IN_USE_NAMES);
      if (usage.total > 0) {
        const quoted = usage.names.map((name) => `"${name}"`).join(', ');
        const rest = usage.total - usage.names.length;
        throw new AppError('ENTITY_IN_USE', {
          message: entityMessages.inUse(rest > 0 ? `${quoted} and ${rest} more` : quoted),
        });
      }
      if (!(await repository.remove(enterpriseId, agentId, id))) throw new AppError('NOT_FOUND');
      return { id };
    },
  };
}

export type EntitiesService = ReturnType<typeof createEntitiesService>;
