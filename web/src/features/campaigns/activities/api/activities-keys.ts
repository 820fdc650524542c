import type { ActivityState } from '@parley/contracts/campaigns';

export interface ActivitiesQuery {
  from: number;
  perPage: number;
  state?: ActivityState;
  search?: string;
}

/** Query keys of the maker-checker activities. */
export const activitiesKeys = {
  all: ['campaign-activities'] as const,
  lists: () => ['campaign-activities', 'list'] as const,
  list: (query: ActivitiesQuery) => ['campaign-activities', 'list', query] as const,
  estimate: (activityId: string) => ['campaign-activities', 'estimate', activityId] as const,
};
