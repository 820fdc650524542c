/** Where the campaign maker's screens live (platform.md §2.2). */
export const CAMPAIGNS_PATH = '/campaigns/campaigns-list';
export const newCampaignPath = `${CAMPAIGNS_PATH}/new`;
export const campaignPath = (id: string) => `${CAMPAIGNS_PATH}/${id}`;
export const campaignReportPath = (id: string) => `/campaigns/report/${id}`;
export const PROTECTION_RULES_PATH = '/campaigns/rules';
