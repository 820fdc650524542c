import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { navigation } from '@parley/contracts/navigation';
import type { Permission } from '@parley/contracts/permissions';
import { Titled } from '../page-title';
import { RequireAccess, type RouteAccess } from './RequireAccess';
import { NotFoundPage } from './StatusPages';

const WelcomeRoute = lazy(() => import('../routes/welcome-route'));
const ProfileRoute = lazy(() => import('../routes/profile-route'));
const OutboxRoute = lazy(() => import('../routes/outbox-route'));
const OutboxMailRoute = lazy(() => import('../routes/outbox-mail-route'));
const ComingSoonRoute = lazy(() => import('../routes/coming-soon-route'));
const Dialog360RedirectRoute = lazy(() => import('../routes/dialog360-redirect-route'));
const UsersRoute = lazy(() => import('../routes/users-route'));
const RolePermissionRoute = lazy(() => import('../routes/role-permission-route'));
const ApiKeysRoute = lazy(() => import('../routes/api-keys-route'));
const IntegrationsRoute = lazy(() => import('../routes/integrations-route'));
const AuditTrailRoute = lazy(() => import('../routes/audit-trail-route'));
const DepartmentsRoute = lazy(() => import('../routes/departments-route'));
const DepartmentUsersRoute = lazy(() => import('../routes/department-users-route'));
const InvitationsRoute = lazy(() => import('../routes/invitations-route'));
const EnterpriseDetailsRoute = lazy(() => import('../routes/enterprise-details-route'));
const AgentsRoute = lazy(() => import('../routes/agents-route'));
const AgentDetailsRoute = lazy(() => import('../routes/agent-details-route'));
const CustomersRoute = lazy(() => import('../routes/customers-route'));
const CustomerDefinitionRoute = lazy(() => import('../routes/customer-definition-route'));
const CustomerUploadsRoute = lazy(() => import('../routes/customer-uploads-route'));
const CustomerUploadFileRoute = lazy(() => import('../routes/customer-upload-file-route'));
const CustomerUploadErrorsRoute = lazy(() => import('../routes/customer-upload-errors-route'));
const ChannelsRoute = lazy(() => import('../routes/channels-route'));
const TemplatesRoute = lazy(() => import('../routes/templates-route'));
const SandboxPhoneRoute = lazy(() => import('../routes/sandbox-phone-route'));
const BroadcastRoute = lazy(() => import('../routes/broadcast-route'));
const BlacklistRoute = lazy(() => import('../routes/blacklist-route'));
const DeliveryReportRoute = lazy(() => import('../routes/delivery-report-route'));
const ConversationsRoute = lazy(() => import('../routes/conversations-route'));
const ChatConfigRoute = lazy(() => import('../routes/chat-config-route'));
const CampaignActivitiesRoute = lazy(() => import('../routes/campaign-activities-route'));
const CampaignReportRoute = lazy(() => import('../routes/campaign-report-route'));
const ExternalCampaignReportRoute = lazy(() => import('../routes/external-campaign-report-route'));
const CampaignRulesRoute = lazy(() => import('../routes/campaign-rules-route'));
const CampaignsRoute = lazy(() => import('../routes/campaigns-route'));

/** Screens that exist now; every other side-menu entry gets the coming-soon page. */
const BUILT_PATHS = new Set([
  '/admin/users',
  '/admin/permission',
  '/admin/outbox',
  '/admin/api-keys',
  '/admin/integration',
  '/admin/audit_trail',
  '/admin/departments',
  '/admin/invitations',
  '/admin/details',
  '/bots',
  '/customer-master/customers',
  '/customer-master/uploads',
  '/customer-master/definition',
  '/admin/channels',
  '/admin/sandbox-phone',
  '/admin/messageTemplate/whatsapp',
  '/campaigns/broadcast',
  '/campaigns/blacklist',
  '/campaigns/campaigns-list',
  '/campaigns/activity-list',
  '/campaigns/approved',
  '/campaigns/reject',
  '/campaigns/report',
  '/campaigns/externalreport',
  '/admin/report',
  '/chat/conversation',
  '/admin/chatConfig/chat-config',
]);

interface ScreenRoute {
  path: string;
  screen: string;
  area: string;
  access: RouteAccess;
}

function routePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

/** One route per side-menu entry not built yet, guarded by the entry's permissions. */
export const comingSoonScreens: readonly ScreenRoute[] = (() => {
  const seen = new Set<string>();
  const screens: ScreenRoute[] = [];
  for (const group of navigation) {
    for (const area of group.areas) {
      for (const entry of area.entries) {
        const path = routePath(entry.path);
        if (BUILT_PATHS.has(`/${path}`) || seen.has(path)) continue;
        seen.add(path);
        screens.push({
          path,
          screen: entry.label,
          area: area.area,
          access: { anyOf: entry.anyOf, requiresSetting: entry.requiresSetting },
        });
      }
    }
  }
  return screens;
})();

const signedIn: RouteAccess = {};

/**
 * Pages of the route table (platform §2.1) that are not side-menu entries: each gets its
 * coming-soon page, guarded like the feature it belongs to, so no deep link ever breaks.
 */
const otherScreens: readonly ScreenRoute[] = [
  { path: 'graph', screen: 'Dashboard graph', area: 'Dashboard', access: signedIn },
  { path: 'chat/:chatId', screen: 'Chat', area: 'Chat', access: { anyOf: ['CHAT.HANDLE'] } },
  { path: 'encaps', screen: 'Encapsulated Campaigns', area: 'Campaigns', access: { anyOf: ['ENCAPS.VIEW'] } },
  {
    path: 'voice-configuration/:id',
    screen: 'Voice Configuration',
    area: 'Configuration',
    access: { anyOf: ['CHANNELS.MANAGE'] },
  },
  { path: 'billing', screen: 'Billing', area: 'Configuration', access: { anyOf: ['ENTERPRISE.MANAGE_BILLING'] } },
  { path: 'marketplace', screen: 'Marketplace', area: 'Marketplace', access: { anyOf: ['MARKET_PLACE.VIEW'] } },
  { path: 'branding', screen: 'Branding', area: 'Configuration', access: { anyOf: ['ENTERPRISE.MANAGE'] } },
  { path: 'designer/encap/:id', screen: 'Campaign designer', area: 'Designer', access: { anyOf: ['ENCAPS.EDIT'] } },
  { path: 'designer/journey/:id', screen: 'Journey designer', area: 'Designer', access: { anyOf: ['JOURNEYS.EDIT'] } },
  {
    path: 'designer/voice-bot/:id',
    screen: 'Voice bot designer',
    area: 'Designer',
    access: { anyOf: ['JOURNEYS.EDIT'] },
  },
  { path: 'designer/forms/:id', screen: 'Forms designer', area: 'Designer', access: { anyOf: ['ENCAPS.EDIT'] } },
  {
    path: 'designer/screen/form-designer',
    screen: 'Form Designer',
    area: 'WhatsApp Flows',
    access: { anyOf: ['FLOW.VIEW'] },
  },
  {
    path: 'designer/screen/:screenId',
    screen: 'WhatsApp flow designer',
    area: 'WhatsApp Flows',
    access: { anyOf: ['FLOW.VIEW'] },
  },
];

const agentsAccess: RouteAccess = { anyOf: ['NLP.EDIT'] satisfies Permission[] };
const customersAccess: RouteAccess = { anyOf: ['CUSTOMER.VIEW'] satisfies Permission[] };
const customerEditAccess: RouteAccess = { anyOf: ['CUSTOMER.EDIT'] satisfies Permission[] };
const definitionsAccess: RouteAccess = { anyOf: ['CUSTOMER_MASTER.VIEW'] satisfies Permission[] };
const channelsAccess: RouteAccess = { anyOf: ['CHANNELS.VIEW', 'CHANNELS.MANAGE'] satisfies Permission[] };
const templatesAccess: RouteAccess = { anyOf: ['MSG_TEMPLATES'] satisfies Permission[] };
const sandboxPhoneAccess: RouteAccess = {
  anyOf: ['CHANNELS.VIEW', 'CHANNELS.MANAGE', 'MSG_TEMPLATES'] satisfies Permission[],
};
const outboxAccess: RouteAccess = { anyOf: ['ENTERPRISE.MANAGE'] satisfies Permission[] };
const campaignReportAccess: RouteAccess = { anyOf: ['CAMPAIGNS.VIEW_CAMPAIGNREPORT'] satisfies Permission[] };
const anyCampaignAccess: RouteAccess = {
  anyOf: [
    'CAMPAIGNS.CREATE',
    'CAMPAIGNS.EDIT',
    'CAMPAIGNS.VIEW',
    'CAMPAIGNS.DELETE',
    'CAMPAIGNS.APPROVE',
    'CAMPAIGNS.START',
    'CAMPAIGNS.VIEW_REJECTED',
    'CAMPAIGNS.VIEW_CAMPAIGNREPORT',
  ] satisfies Permission[],
};

/** A page the user's roles must allow, with its browser tab title. */
function guarded(Component: LazyExoticComponent<ComponentType> | ComponentType, access: RouteAccess, title: string) {
  return (
    <RequireAccess access={access}>
      <Titled title={title}>
        <Component />
      </Titled>
    </RequireAccess>
  );
}

/** A page every signed-in user may open, with its browser tab title. */
function titled(Component: LazyExoticComponent<ComponentType> | ComponentType, title: string) {
  return (
    <Titled title={title}>
      <Component />
    </Titled>
  );
}

/**
 * The pages inside the console (platform §2.1 main layout), each with its browser tab title; any
 * other path shows 'Page not found'.
 */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="dashboard" element={titled(WelcomeRoute, 'Dashboard')} />
      <Route path="details" element={<Navigate to="/details/myprofile" replace />} />
      <Route path="details/myprofile" element={titled(ProfileRoute, 'My Profile')} />
      <Route path="admin/outbox" element={guarded(OutboxRoute, outboxAccess, 'Mail Outbox')} />
      <Route path="admin/outbox/:id" element={guarded(OutboxMailRoute, outboxAccess, 'Mail')} />
      <Route path="admin/users" element={guarded(UsersRoute, { anyOf: ['USERS.MANAGE'] }, 'Users')} />
      <Route
        path="admin/permission"
        element={guarded(RolePermissionRoute, { anyOf: ['ROLES.MANAGE'] }, 'Role & Permission')}
      />
      <Route path="admin/api-keys" element={guarded(ApiKeysRoute, { anyOf: ['INTEGRATIONS.MANAGE'] }, 'API Keys')} />
      <Route
        path="admin/integration"
        element={guarded(IntegrationsRoute, { anyOf: ['INTEGRATIONS.MANAGE'] }, 'Integrations')}
      />
      <Route
        path="admin/audit_trail"
        element={guarded(AuditTrailRoute, { anyOf: ['AUDITTRAIL.VIEW'] }, 'Audit Trail')}
      />
      <Route
        path="admin/departments"
        element={guarded(DepartmentsRoute, { anyOf: ['DEPARTMENTS.MANAGE'] }, 'Departments')}
      />
      <Route
        path="admin/departments/:id"
        element={guarded(DepartmentUsersRoute, { anyOf: ['DEPARTMENTS.MANAGE'] }, 'Department')}
      />
      <Route path="admin/invitations" element={guarded(InvitationsRoute, { anyOf: ['USERS.MANAGE'] }, 'Invitations')} />
      <Route
        path="admin/details"
        element={guarded(EnterpriseDetailsRoute, { anyOf: ['ENTERPRISE.MANAGE'] }, 'Enterprise Details')}
      />
      <Route path="bots" element={guarded(AgentsRoute, agentsAccess, 'Skills')} />
      <Route path="bots/:id/*" element={guarded(AgentDetailsRoute, agentsAccess, 'Skill')} />
      <Route path="customer-master" element={<Navigate to="/customer-master/customers" replace />} />
      <Route path="customer-master/customers/*" element={guarded(CustomersRoute, customersAccess, 'Customers')} />
      <Route
        path="customer-master/definition"
        element={guarded(CustomerDefinitionRoute, definitionsAccess, 'Customer Definition')}
      />
      <Route
        path="customer-master/definition/add"
        element={guarded(CustomerDefinitionRoute, definitionsAccess, 'Customer Definition')}
      />
      <Route
        path="customer-master/define-customer/create"
        element={<Navigate to="/customer-master/definition/add" replace />}
      />
      <Route path="customer-master/uploads/*" element={guarded(CustomerUploadsRoute, customersAccess, 'My Uploads')} />
      <Route
        path="customer-master/uploadfile/:id"
        element={guarded(CustomerUploadFileRoute, customerEditAccess, 'Upload file')}
      />
      <Route
        path="customer-master/error/:id"
        element={guarded(CustomerUploadErrorsRoute, customersAccess, 'Upload errors')}
      />
      <Route path="admin/channels" element={guarded(ChannelsRoute, channelsAccess, 'Channels')} />
      <Route
        path="admin/messageTemplate/whatsapp/*"
        element={guarded(TemplatesRoute, templatesAccess, 'Message Templates')}
      />
      <Route
        path="campaigns/broadcast/*"
        element={guarded(BroadcastRoute, { anyOf: ['CHAT.HANDLE'] }, 'Just In Time')}
      />
      <Route
        path="chat/conversation/*"
        element={guarded(ConversationsRoute, { anyOf: ['CHAT.HANDLE'] }, 'Conversations')}
      />
      <Route
        path="admin/chatConfig/chat-config"
        element={guarded(ChatConfigRoute, { anyOf: ['CHAT.CHAT_CONFIG'] }, 'Chat Config')}
      />
      <Route path="campaigns/blacklist" element={guarded(BlacklistRoute, { anyOf: ['BLACKLIST'] }, 'Blacklist')} />
      <Route
        path="campaigns/campaigns-list/*"
        element={guarded(
          CampaignsRoute,
          { anyOf: ['CAMPAIGNS.CREATE', 'CAMPAIGNS.EDIT', 'CAMPAIGNS.VIEW', 'CAMPAIGNS.DELETE'] },
          'Campaigns',
        )}
      />
      <Route
        path="campaigns/activity-list"
        element={guarded(CampaignActivitiesRoute, { anyOf: ['CAMPAIGNS.APPROVE'] }, 'Activities')}
      />
      <Route
        path="campaigns/approved"
        element={guarded(CampaignActivitiesRoute, { anyOf: ['CAMPAIGNS.START'] }, 'Approved')}
      />
      <Route path="campaigns/reject" element={guarded(CampaignActivitiesRoute, anyCampaignAccess, 'Rejected')} />
      <Route path="campaigns/report" element={guarded(CampaignReportRoute, campaignReportAccess, 'Campaign Report')} />
      <Route
        path="campaigns/report/:id"
        element={guarded(CampaignReportRoute, campaignReportAccess, 'Campaign Report')}
      />
      <Route
        path="campaigns/rules"
        element={guarded(CampaignRulesRoute, { anyOf: ['ENTERPRISE.MANAGE'] }, 'Protection Rules')}
      />
      <Route
        path="campaigns/externalreport"
        element={guarded(
          ExternalCampaignReportRoute,
          { ...campaignReportAccess, requiresSetting: 'recordExternalCampaigns' },
          'External Campaign Report',
        )}
      />
      <Route
        path="admin/report"
        element={guarded(DeliveryReportRoute, { anyOf: ['REPORTS.VIEW'] }, 'Delivery Report')}
      />
      <Route path="admin/sandbox-phone" element={guarded(SandboxPhoneRoute, sandboxPhoneAccess, 'Sandbox Phone')} />
      <Route
        path="admin/sandbox-phone/:channelId"
        element={guarded(SandboxPhoneRoute, sandboxPhoneAccess, 'Sandbox Phone')}
      />
      <Route
        path="content-library"
        element={
          <RequireAccess access={{ requiresArtifacts: true }}>
            <Titled title="My Library">
              <ComingSoonRoute screen="My Library" />
            </Titled>
          </RequireAccess>
        }
      />
      <Route
        path="dialog360-redirect"
        element={guarded(Dialog360RedirectRoute, { anyOf: ['RICHCARDS.VIEW'] }, 'Thank you')}
      />
      {[...comingSoonScreens, ...otherScreens].map((screen) => (
        <Route
          key={screen.path}
          path={screen.path}
          element={
            <RequireAccess access={screen.access}>
              <Titled title={screen.screen}>
                <ComingSoonRoute screen={screen.screen} area={screen.area} />
              </Titled>
            </RequireAccess>
          }
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
