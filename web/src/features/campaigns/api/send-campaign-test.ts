import { useMutation } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';

export interface CampaignTest {
  id: string;
  phoneNumbers: string[];
  variant?: string;
}

export function sendCampaignTest({ id, phoneNumbers, variant }: CampaignTest) {
  return apiRequest(campaignRoutes.test, { params: { id }, body: { phoneNumbers, variant } });
}

/** Sends the saved campaign to a few numbers now (feature flag CAMPAIGN_TEST); errors shown in the dialog. */
export function useSendCampaignTest() {
  return useMutation({ mutationFn: sendCampaignTest, meta: { inlineErrors: true } });
}
