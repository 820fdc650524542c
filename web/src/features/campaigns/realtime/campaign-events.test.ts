import { QueryClient } from '@tanstack/react-query';
import { fakeRealtime } from '../../../test/fake-realtime';
import { activitiesKeys } from '../activities/api/activities-keys';
import { campaignsKeys } from '../api/campaigns-keys';
import { campaignReportKeys } from '../report/api/report-keys';
import { CAMPAIGN_ACTIVITY_EVENT, subscribeCampaignEvents } from './campaign-events';

describe('subscribeCampaignEvents', () => {
  it("refreshes the activity lists, the campaign lists and the reports when an activity moves, not an open campaign's editor", () => {
    const realtime = fakeRealtime();
    const queryClient = new QueryClient();
    const pending = activitiesKeys.list({ from: 0, perPage: 20, state: 'PENDING' });
    const campaigns = campaignsKeys.list({ from: 0, perPage: 20, search: '' });
    const editor = campaignsKeys.detail('c-1');
    for (const key of [pending, campaigns, editor, campaignReportKeys.all])
      queryClient.setQueryData(key, { any: true });
    const invalid = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    const unsubscribe = subscribeCampaignEvents(realtime, queryClient);

    realtime.emit('campaign.other', {});
    expect(invalid(pending)).toBe(false);

    realtime.emit(CAMPAIGN_ACTIVITY_EVENT, { id: 'a-1', campaignId: 'c-1', state: 'APPROVED' });
    expect(invalid(pending)).toBe(true);
    expect(invalid(campaigns)).toBe(true);
    expect(invalid(campaignReportKeys.all)).toBe(true);
    expect(invalid(editor)).toBe(false);
    unsubscribe();
    expect(realtime.listeners.size).toBe(0);
  });
});
