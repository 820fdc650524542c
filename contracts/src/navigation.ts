import type { Permission } from './permissions';

/**
 * The side menu (platform §2.2). An entry shows when the user holds any of its features;
 * a group hides when none of its entries show. Routes are the console's paths.
 */
export interface NavEntry {
  label: string;
  path: string;
  anyOf: readonly Permission[];
  /** Extra condition beyond permissions (enterprise settings), checked by the web. */
  requiresSetting?: 'recordExternalCampaigns';
}
export interface NavArea {
  area: string;
  icon: string;
  entries: readonly NavEntry[];
}
export interface NavGroup {
  group: 'MODULE' | 'CONFIGURATION' | 'MANAGE';
  areas: readonly NavArea[];
}

const anyCampaign: Permission[] = [
  'CAMPAIGNS.CREATE',
  'CAMPAIGNS.EDIT',
  'CAMPAIGNS.VIEW',
  'CAMPAIGNS.DELETE',
  'CAMPAIGNS.APPROVE',
  'CAMPAIGNS.START',
  'CAMPAIGNS.VIEW_REJECTED',
  'CAMPAIGNS.VIEW_CAMPAIGNREPORT',
];

export const navigation: readonly NavGroup[] = [
  {
    group: 'MODULE',
    areas: [
      {
        area: 'Chat',
        icon: 'message',
        entries: [
          { label: 'Conversations', path: '/chat/conversation', anyOf: ['CHAT.HANDLE'] },
          { label: 'Analytics', path: '/chat/analytics', anyOf: ['CHAT.VIEW_ANALYTICS'] },
          { label: 'Monitor', path: '/chat/monitor', anyOf: ['CHAT.VIEW_MONITOR'] },
          { label: 'History', path: '/chat/history', anyOf: ['CHAT.VIEW_CHATHISTORY'] },
          { label: 'Just In Time', path: '/campaigns/broadcast/', anyOf: ['CHAT.HANDLE'] },
          { label: 'Meetings', path: '/campaigns/meetings/', anyOf: ['CHAT.HANDLE'] },
          { label: 'Dialer', path: '/campaigns/dailer/', anyOf: ['CHAT.HANDLE'] },
        ],
      },
      {
        area: 'Campaigns',
        icon: 'speakerphone',
        entries: [
          {
            label: 'Campaigns',
            path: '/campaigns/campaigns-list',
            anyOf: ['CAMPAIGNS.CREATE', 'CAMPAIGNS.EDIT', 'CAMPAIGNS.VIEW', 'CAMPAIGNS.DELETE'],
          },
          { label: 'Activities', path: '/campaigns/activity-list', anyOf: ['CAMPAIGNS.APPROVE'] },
          { label: 'Blacklist', path: '/campaigns/blacklist', anyOf: ['BLACKLIST'] },
          { label: 'Approved', path: '/campaigns/approved', anyOf: ['CAMPAIGNS.START'] },
          { label: 'Rejected', path: '/campaigns/reject', anyOf: anyCampaign },
          { label: 'Campaign Report', path: '/campaigns/report', anyOf: ['CAMPAIGNS.VIEW_CAMPAIGNREPORT'] },
          {
            label: 'External Campaign Report',
            path: '/campaigns/externalreport',
            anyOf: ['CAMPAIGNS.VIEW_CAMPAIGNREPORT'],
            requiresSetting: 'recordExternalCampaigns',
          },
        ],
      },
      {
        area: 'Journey',
        icon: 'route',
        entries: [
          { label: 'Workspace', path: '/journey/workspace', anyOf: ['JOURNEYS.EDIT'] },
          { label: 'Reports', path: '/journey/reports', anyOf: ['JOURNEYS.VIEW_REPORTS'] },
          { label: 'Monitor', path: '/journey/monitor', anyOf: ['JOURNEYS.VIEW_JOURNEYMONITOR'] },
          { label: 'Milestone Report', path: '/journey/milestone-report', anyOf: ['JOURNEYS.VIEW_MILESTONEREPORT'] },
          { label: 'Speech To Text Report', path: '/journey/speech-to-text-report', anyOf: ['JOURNEYS.VIEW_REPORTS'] },
        ],
      },
      {
        area: 'Voice Bot',
        icon: 'microphone',
        entries: [{ label: 'Workspace', path: '/voice-bot/workspace', anyOf: ['JOURNEYS.EDIT'] }],
      },
      {
        area: 'Publish',
        icon: 'upload',
        entries: [{ label: 'Journey', path: '/publish/journey', anyOf: ['JOURNEYS.VIEW_PUBLISH'] }],
      },
      {
        area: 'Agentic AI',
        icon: 'robot',
        entries: [
          { label: 'Skills', path: '/bots', anyOf: ['NLP.EDIT'] },
          { label: 'NLP Report', path: '/nlp-report/overview', anyOf: ['NLP.VIEW'] },
        ],
      },
      {
        area: 'Speech Services',
        icon: 'volume',
        entries: [
          { label: 'Text To Speech', path: '/services/servicesform', anyOf: ['COGNITIVE.VIEW'] },
          { label: 'Speech Service', path: '/services/speech/speechservice', anyOf: ['COGNITIVE.VIEW'] },
        ],
      },
      {
        area: 'Customers',
        icon: 'users',
        entries: [
          { label: 'Customers', path: '/customer-master/customers', anyOf: ['CUSTOMER.VIEW'] },
          { label: 'Uploads', path: '/customer-master/uploads', anyOf: ['CUSTOMER.VIEW'] },
        ],
      },
      {
        area: 'Creatives',
        icon: 'photo',
        entries: [{ label: 'Image Library', path: '/creatives', anyOf: ['CREATIVES.VIEW'] }],
      },
      {
        area: 'Rich Card',
        icon: 'cards',
        entries: [{ label: 'Rich Card', path: '/admin/richcard', anyOf: ['RICHCARDS.VIEW'] }],
      },
      {
        area: 'Analytics',
        icon: 'chart',
        entries: [{ label: 'Analytics', path: '/admin/analytics', anyOf: ['ANALYTICS.VIEW'] }],
      },
      {
        area: 'Marketplace module',
        icon: 'building-store',
        entries: [{ label: 'Marketplace', path: '/admin/marketplaceModule', anyOf: ['MARKET_PLACE.MODULE.VIEW'] }],
      },
    ],
  },
  {
    group: 'CONFIGURATION',
    areas: [
      {
        area: 'Configuration',
        icon: 'settings',
        entries: [
          { label: 'Chat Config', path: '/admin/chatConfig/chat-config', anyOf: ['CHAT.CHAT_CONFIG'] },
          { label: 'Channels', path: '/admin/channels', anyOf: ['CHANNELS.VIEW', 'CHANNELS.MANAGE'] },
          {
            label: 'Sandbox Phone',
            path: '/admin/sandbox-phone',
            anyOf: ['CHANNELS.VIEW', 'CHANNELS.MANAGE', 'MSG_TEMPLATES'],
          },
          { label: 'Voice Configuration', path: '/voice-configuration', anyOf: ['CHANNELS.MANAGE'] },
          { label: 'WhatsApp Onboarding', path: '/admin/whatsapp-onboarding', anyOf: ['WABAONBOARD.VIEW'] },
          { label: 'Message Templates', path: '/admin/messageTemplate/whatsapp', anyOf: ['MSG_TEMPLATES'] },
          { label: 'WhatsApp Flows', path: '/whatsapp-flow', anyOf: ['FLOW.VIEW'] },
          { label: 'Integrations', path: '/admin/integration', anyOf: ['INTEGRATIONS.MANAGE'] },
          { label: 'Customer Definition', path: '/customer-master/definition', anyOf: ['CUSTOMER_MASTER.VIEW'] },
          { label: 'Analytics Config', path: '/admin/analytics/config', anyOf: ['ANALYTICS.VIEW'] },
          { label: 'Billing', path: '/admin/enterpriseBilling', anyOf: ['ENTERPRISE.MANAGE_BILLING'] },
        ],
      },
    ],
  },
  {
    group: 'MANAGE',
    areas: [
      {
        area: 'Manage',
        icon: 'building',
        entries: [
          { label: 'Enterprise Details', path: '/admin/details', anyOf: ['ENTERPRISE.MANAGE'] },
          { label: 'Users', path: '/admin/users', anyOf: ['USERS.MANAGE'] },
          { label: 'Invitations', path: '/admin/invitations', anyOf: ['USERS.MANAGE'] },
          { label: 'Departments', path: '/admin/departments', anyOf: ['DEPARTMENTS.MANAGE'] },
          { label: 'Audit Trail', path: '/admin/audit_trail', anyOf: ['AUDITTRAIL.VIEW'] },
          { label: 'Delivery Report', path: '/admin/report', anyOf: ['REPORTS.VIEW'] },
          { label: 'Trash', path: '/admin/trash', anyOf: ['TRASH.MANAGE'] },
          { label: 'Role & Permission', path: '/admin/permission', anyOf: ['ROLES.MANAGE'] },
          { label: 'Mail Outbox', path: '/admin/outbox', anyOf: ['ENTERPRISE.MANAGE'] },
          { label: 'API Keys', path: '/admin/api-keys', anyOf: ['INTEGRATIONS.MANAGE'] },
          { label: 'Marketplace', path: '/marketplace/list', anyOf: ['MARKET_PLACE.VIEW'] },
        ],
      },
    ],
  },
];

/** The menu a user sees: entries they may use, areas and groups with at least one entry. */
export function visibleNavigation(held: readonly string[], settings: { recordExternalCampaigns?: boolean } = {}) {
  return navigation
    .map((group) => ({
      ...group,
      areas: group.areas
        .map((area) => ({
          ...area,
          entries: area.entries.filter(
            (entry) =>
              entry.anyOf.some((permission) => held.includes(permission)) &&
              (entry.requiresSetting === undefined || settings[entry.requiresSetting] === true),
          ),
        }))
        .filter((area) => area.entries.length > 0),
    }))
    .filter((group) => group.areas.length > 0);
}
