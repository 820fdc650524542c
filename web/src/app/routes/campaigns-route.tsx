import { Route, Routes } from 'react-router';
import { hasAny } from '@parley/contracts/permissions';
import { CampaignsPage } from '../../features/campaigns/components/CampaignsPage';
import { useSessionUser } from '../shell/session-user';
import CampaignEditorRoute from './campaign-editor-route';

function CampaignsScreen() {
  const user = useSessionUser();
  return (
    <CampaignsPage
      canCreate={hasAny(user.permissions, ['CAMPAIGNS.CREATE'])}
      canEdit={hasAny(user.permissions, ['CAMPAIGNS.EDIT'])}
      canDelete={hasAny(user.permissions, ['CAMPAIGNS.DELETE'])}
      canManageRules={hasAny(user.permissions, ['ENTERPRISE.MANAGE'])}
    />
  );
}

/** /campaigns/campaigns-list (the list), /new and /:id (the editor): issue 21 item 1. */
export default function CampaignsRoute() {
  return (
    <Routes>
      <Route index element={<CampaignsScreen />} />
      <Route path="new" element={<CampaignEditorRoute />} />
      <Route path=":id" element={<CampaignEditorRoute />} />
    </Routes>
  );
}
