import type { QueryClient } from '@tanstack/react-query';
import type { ActivityState } from '@parley/contracts/campaigns';
import { campaignsKeys } from '../../api/campaigns-keys';
import { campaignReportKeys } from '../../report/api/report-keys';

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

/**
 * After an approve, reject, start, pause, resume or stop: the activity lists, the campaign's
 * status in the maker's list and editor, and the campaign's report change.
 */
export function refreshAfterActivityChange(queryClient: QueryClient, campaignId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: activitiesKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: campaignsKeys.detail(campaignId) }),
    queryClient.invalidateQueries({ queryKey: campaignReportKeys.all }),
  ]);
}
