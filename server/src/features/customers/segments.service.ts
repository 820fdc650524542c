import { customerMessages } from '@parley/contracts/customer-master';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../db/postgres-errors';
import type { SegmentsRepository } from './segments.repository';

function isForeignKeyViolation(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 5;
    depth += 1
  ) {
    if (current.code === '23503') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Segments (the spec's tags / labels) and groups (engagement.md §2.4, §5 "Segment and group"). */
export function createSegmentsService(deps: { repository: SegmentsRepository }) {
  const { repository } = deps;

  async function unique<T>(work: () => Promise<T>, kind: 'segment' | 'group'): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // The unique index on lower(name) per enterprise decides, also between racing requests.
      if (!isUniqueViolation(error)) throw error;
      throw kind === 'segment'
        ? new AppError('CUSTOMER_SEGMENT_NAME_TAKEN', { fieldErrors: { name: customerMessages.segmentTaken } })
        : new AppError('CUSTOMER_GROUP_NAME_TAKEN', { fieldErrors: { name: customerMessages.groupTaken } });
    }
  }

  return {
    async listSegments(enterpriseId: string, search?: string) {
      return { segments: await repository.listSegments(enterpriseId, search || undefined) };
    },
    async createSegment(enterpriseId: string, name: string) {
      return unique(() => repository.createSegment(enterpriseId, name.trim()), 'segment');
    },
    async listGroups(enterpriseId: string, search?: string) {
      return { groups: await repository.listGroups(enterpriseId, search || undefined) };
    },
    async createGroup(enterpriseId: string, name: string) {
      return unique(() => repository.createGroup(enterpriseId, name.trim()), 'group');
    },
    /** Move Group / Attach Label: every id must be the enterprise's, else nothing changes (404). */
    async map(enterpriseId: string, kind: 'segments' | 'groups', ids: string[], customerIds: string[]) {
      let mapped: boolean;
      try {
        mapped = await repository.map(enterpriseId, kind, [...new Set(ids)], [...new Set(customerIds)]);
      } catch (error) {
        // A customer deleted while it was being mapped: the foreign key refuses the row.
        if (isForeignKeyViolation(error)) throw new AppError('NOT_FOUND');
        throw error;
      }
      if (!mapped) throw new AppError('NOT_FOUND');
      return {};
    },
  };
}

export type SegmentsService = ReturnType<typeof createSegmentsService>;
