import { CampaignRulesPage } from '../../features/campaigns/rules/components/CampaignRulesPage';

/** /campaigns/rules: protection rules (ENTERPRISE.MANAGE; linked from the campaigns list, not in the side menu). */
export default function CampaignRulesRoute() {
  return <CampaignRulesPage />;
}
