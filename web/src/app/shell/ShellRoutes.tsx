import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { navigation } from '@parley/contracts/navigation';
import type { Permission } from '@parley/contracts/permissions';
import { RequireAccess, type RouteAccess } from './RequireAccess';

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
  '/admin/messageTemplate/whatsapp',
  '/campaigns/broadcast',
  '/campaigns/blacklist',
  '/admin/report',
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

function guarded(Component: LazyExoticComponent<ComponentType> | ComponentType, access: RouteAccess) {
  return (
    <RequireAccess access={access}>
      <Component />
    </RequireAccess>
  );
}

/** The pages inside the console (platform §2.1 main layout); any other path shows the welcome page. */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="dashboard" element={<WelcomeRoute />} />
      <Route path="details" element={<Navigate to="/details/myprofile" replace />} />
      <Route path="details/myprofile" element={<ProfileRoute />} />
      <Route path="admin/outbox" element={guarded(OutboxRoute, outboxAccess)} />
      <Route path="admin/outbox/:id" element={guarded(OutboxMailRoute, outboxAccess)} />
      <Route path="admin/users" element={guarded(UsersRoute, { anyOf: ['USERS.MANAGE'] })} />
      <Route path="admin/permission" element={guarded(RolePermissionRoute, { anyOf: ['ROLES.MANAGE'] })} />
      <Route path="admin/api-keys" element={guarded(ApiKeysRoute, { anyOf: ['INTEGRATIONS.MANAGE'] })} />
      <Route path="admin/integration" element={guarded(IntegrationsRoute, { anyOf: ['INTEGRATIONS.MANAGE'] })} />
      <Route path="admin/audit_trail" element={guarded(AuditTrailRoute, { anyOf: ['AUDITTRAIL.VIEW'] })} />
      <Route path="admin/departments" element={guarded(DepartmentsRoute, { anyOf: ['DEPARTMENTS.MANAGE'] })} />
      <Route path="admin/departments/:id" element={guarded(DepartmentUsersRoute, { anyOf: ['DEPARTMENTS.MANAGE'] })} />
      <Route path="admin/invitations" element={guarded(InvitationsRoute, { anyOf: ['USERS.MANAGE'] })} />
      <Route path="admin/details" element={guarded(EnterpriseDetailsRoute, { anyOf: ['ENTERPRISE.MANAGE'] })} />
      <Route path="bots" element={guarded(AgentsRoute, agentsAccess)} />
      <Route path="bots/:id/*" element={guarded(AgentDetailsRoute, agentsAccess)} />
      <Route path="customer-master" element={<Navigate to="/customer-master/customers" replace />} />
      <Route path="customer-master/customers/*" element={guarded(CustomersRoute, customersAccess)} />
      <Route path="customer-master/definition" element={guarded(CustomerDefinitionRoute, definitionsAccess)} />
      <Route path="customer-master/definition/add" element={guarded(CustomerDefinitionRoute, definitionsAccess)} />
      <Route
        path="customer-master/define-customer/create"
        element={<Navigate to="/customer-master/definition/add" replace />}
      />
      <Route path="customer-master/uploads/*" element={guarded(CustomerUploadsRoute, customersAccess)} />
      <Route path="customer-master/uploadfile/:id" element={guarded(CustomerUploadFileRoute, customerEditAccess)} />
      <Route path="customer-master/error/:id" element={guarded(CustomerUploadErrorsRoute, customersAccess)} />
      <Route path="admin/channels" element={guarded(ChannelsRoute, channelsAccess)} />
      <Route path="admin/messageTemplate/whatsapp/*" element={guarded(TemplatesRoute, templatesAccess)} />
      <Route path="campaigns/broadcast/*" element={guarded(BroadcastRoute, { anyOf: ['CHAT.HANDLE'] })} />
      <Route path="campaigns/blacklist" element={guarded(BlacklistRoute, { anyOf: ['BLACKLIST'] })} />
      <Route path="admin/report" element={guarded(DeliveryReportRoute, { anyOf: ['REPORTS.VIEW'] })} />
      <Route path="admin/sandbox-phone" element={guarded(SandboxPhoneRoute, sandboxPhoneAccess)} />
      <Route path="admin/sandbox-phone/:channelId" element={guarded(SandboxPhoneRoute, sandboxPhoneAccess)} />
      <Route
        path="content-library"
        element={
          <RequireAccess access={{ requiresArtifacts: true }}>
            <ComingSoonRoute screen="My Library" />
          </RequireAccess>
        }
      />
      <Route path="dialog360-redirect" element={guarded(Dialog360RedirectRoute, { anyOf: ['RICHCARDS.VIEW'] })} />
      {[...comingSoonScreens, ...otherScreens].map((screen) => (
        <Route
          key={screen.path}
          path={screen.path}
          element={
            <RequireAccess access={screen.access}>
              <ComingSoonRoute screen={screen.screen} area={screen.area} />
            </RequireAccess>
          }
        />
      ))}
      <Route path="*" element={<WelcomeRoute />} />
    </Routes>
  );
}
