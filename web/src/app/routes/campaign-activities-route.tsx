import { useLocation } from 'react-router';
import { hasAny } from '@parley/contracts/permissions';
import { ActivitiesPage, type ActivitiesView } from '../../features/campaigns/activities/components/ActivitiesPage';
import { useSessionUser } from '../shell/session-user';

const viewByPath: Record<string, ActivitiesView> = {
  '/campaigns/activity-list': 'pending',
  '/campaigns/approved': 'approved',
  '/campaigns/reject': 'rejected',
};

/** /campaigns/activity-list, /campaigns/approved and /campaigns/reject: one list, three states (platform §2.2). */
export default function CampaignActivitiesRoute() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const view = viewByPath[pathname.replace(/\/+$/, '')] ?? 'pending';
  // The start dialog shows the cost estimate only under the campaign-estimate flag (engagement §2.13).
  return (
    <ActivitiesPage
      key={view}
      view={view}
      canApprove={hasAny(user.permissions, ['CAMPAIGNS.APPROVE'])}
      canStart={hasAny(user.permissions, ['CAMPAIGNS.START'])}
      canViewReport={hasAny(user.permissions, ['CAMPAIGNS.VIEW_CAMPAIGNREPORT'])}
      showEstimate={user.flags.CAMPAIGN_ESTIMATE === true}
    />
  );
}
