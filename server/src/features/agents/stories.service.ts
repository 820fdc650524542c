import { intentLimits, intentMessages, type Story } from '@parley/contracts/agent-stories';
import { AppError } from '../../platform/errors';
import type { StoriesRepository, StoryRow } from './stories.repository';
import { isUniqueViolation } from '../../db/postgres-errors';

type StoryInput = { name: string; parentId: string | null };
/** As sent: parentId left out means a root story on create and "keep the current parent" on update. */
type StoryBodyInput = { name: string; parentId?: string | null };

const nameTaken = () => new AppError('STORY_NAME_TAKEN', { fieldErrors: { name: intentMessages.storyNameTaken } });

/** The tree of an agent's stories: roots by name, each with its childStories (also by name). */
export function buildStoryTree(rows: StoryRow[]): Story[] {
  const byParent = new Map<string | null, StoryRow[]>();
  const ids = new Set(rows.map((row) => row.id));
  for (const row of rows) {
    const key = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), row]);
  }
  const build = (row: StoryRow, seen: Set<string>): Story => ({
    id: row.id,
    name: row.name,
    agentId: row.agentId,
    parentId: row.parentId,
    intentCount: row.intentCount,
    childStories: (byParent.get(row.id) ?? [])
      .filter((child) => !seen.has(child.id))
      .map((child) => build(child, new Set([...seen, child.id]))),
  });
  return (byParent.get(null) ?? []).map((row) => build(row, new Set([row.id])));
}

/** Stories (agents.md §2.3, §5): a tree per agent, names unique per agent, at most 5 levels. */
export function createStoriesService(deps: { repository: StoriesRepository }) {
  const { repository } = deps;

  async function rowsOf(enterpriseId: string, agentId: string) {
    if (!(await repository.agentExists(enterpriseId, agentId))) throw new AppError('NOT_FOUND');
    return repository.list(enterpriseId, agentId);
  }

  function find(tree: Story[], id: string): Story | undefined {
    for (const node of tree) {
      if (node.id === id) return node;
      const found = find(node.childStories, id);
      if (found) return found;
    }
    return undefined;
  }

  /** Depth of a story counting roots as 1. */
  function depthOf(rows: StoryRow[], id: string) {
    const byId = new Map(rows.map((row) => [row.id, row]));
    let depth = 0;
    let current = byId.get(id);
    while (current && depth <= rows.length) {
      depth += 1;
      current = current.parentId ? byId.get(current.parentId) : undefined;
    }
    return depth;
  }

  const heightOf = (node: Story): number => 1 + Math.max(0, ...node.childStories.map(heightOf));

  const descendantIds = (node: Story): string[] => [node.id, ...node.childStories.flatMap(descendantIds)];

  async function checkInput(agentId: string, rows: StoryRow[], input: StoryInput, id?: string) {
    let depth = 1;
    if (input.parentId) {
      if (!rows.some((row) => row.id === input.parentId)) throw new AppError('NOT_FOUND');
      if (id) {
        const self = find(buildStoryTree(rows), id);
        if (self && descendantIds(self).includes(input.parentId))
          throw new AppError('STORY_PARENT_INVALID', { fieldErrors: { parentId: intentMessages.storyParentInvalid } });
      }
      depth = depthOf(rows, input.parentId) + 1;
    }
    const self = id ? find(buildStoryTree(rows), id) : undefined;
    const deepest = depth + (self ? heightOf(self) - 1 : 0);
    if (deepest > intentLimits.storyDepthMax) throw new AppError('STORY_TOO_DEEP');
    if (await repository.nameTaken(agentId, input.name, id)) throw nameTaken();
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

  async function load(enterpriseId: string, agentId: string, id: string) {
    const node = find(buildStoryTree(await repository.list(enterpriseId, agentId)), id);
    if (!node) throw new AppError('NOT_FOUND');
    return node;
  }

  return {
    async tree(enterpriseId: string, agentId: string) {
      return buildStoryTree(await rowsOf(enterpriseId, agentId));
    },
    async create(enterpriseId: string, agentId: string, body: StoryBodyInput) {
      const input: StoryInput = { name: body.name, parentId: body.parentId ?? null };
      const rows = await rowsOf(enterpriseId, agentId);
      await checkInput(agentId, rows, input);
      const id = await save(() => repository.create(enterpriseId, agentId, input));
      return load(enterpriseId, agentId, id);
    },
    async update(enterpriseId: string, agentId: string, id: string, body: StoryBodyInput) {
      const rows = await rowsOf(enterpriseId, agentId);
      const current = rows.find((row) => row.id === id);
      if (!current) throw new AppError('NOT_FOUND');
      const input: StoryInput = {
        name: body.name,
        parentId: body.parentId === undefined ? current.parentId : body.parentId,
      };
      if (input.parentId === id)
        throw new AppError('STORY_PARENT_INVALID', { fieldErrors: { parentId: intentMessages.storyParentInvalid } });
      await checkInput(agentId, rows, input, id);
      await save(() => repository.update(enterpriseId, agentId, id, input));
      return load(enterpriseId, agentId, id);
    },
    async remove(enterpriseId: string, agentId: string, id: string) {
      const rows = await rowsOf(enterpriseId, agentId);
      const node = find(buildStoryTree(rows), id);
      if (!node) throw new AppError('NOT_FOUND');
      const { deleted, deletedIntents } = await repository.remove(enterpriseId, agentId, descendantIds(node));
      if (deleted === 0) throw new AppError('NOT_FOUND');
      return { id, deletedIntents };
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
