import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { activitiesKeys } from '../activities/api/activities-keys';
import { campaignsKeys } from '../api/campaigns-keys';
import { campaignReportKeys } from '../report/api/report-keys';

/** Sent by the server whenever an activity changes state: submitted, decided, started, paused, fired, finished. */
export const CAMPAIGN_ACTIVITY_EVENT = 'campaign.activity';

/**
 * Another checker's approval, a maker's submission or the scheduler finishing a run shows on every
 * open activity list, campaign list and report without a reload. An open editor is left alone: its
 * unsaved draft is not reloaded under the user (the server refuses an edit of a running campaign).
 */
export function subscribeCampaignEvents(realtime: Pick<RealtimeClient, 'on'>, queryClient: QueryClient): () => void {
  return realtime.on(CAMPAIGN_ACTIVITY_EVENT, () => {
    void queryClient.invalidateQueries({ queryKey: activitiesKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: campaignReportKeys.all });
  });
}
