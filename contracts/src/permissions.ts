/**
 * Roles, permission features and feature flags (platform §6). The server enforces these for
 * every route and the web hides what the server would refuse, both from this one table.
 */
export const roles = {
  1: 'Administrator',
  2: 'Development',
  3: 'Handle Chats',
  4: 'Campaign Maker',
  5: 'Campaign Checker',
  6: 'Report Viewer',
} as const;
export type RoleId = keyof typeof roles;
export const roleIds = Object.keys(roles).map(Number) as RoleId[];
/** Role 2 is also labelled 'Send Message' in the original console. */
export const roleAltLabels: Partial<Record<RoleId, string>> = { 2: 'Send Message' };

/** Every permission feature, as `MODULE.PERMISSION` (or a bare module name where the spec uses one). */
export const permissions = [
  'CHAT.HANDLE',
  'CHAT.VIEW_ANALYTICS',
  'CHAT.VIEW_CHATHISTORY',
  'CHAT.VIEW_MONITOR',
  'CHAT.CHAT_CONFIG',
  'ENCAPS.CREATE',
  'ENCAPS.VIEW',
  'ENCAPS.EDIT',
  'ENCAPS.DELETE',
  'ENCAPS.VIEW_EXECUTION_LOGS',
  'CAMPAIGNS.CREATE',
  'CAMPAIGNS.EDIT',
  'CAMPAIGNS.VIEW',
  'CAMPAIGNS.DELETE',
  'CAMPAIGNS.APPROVE',
  'CAMPAIGNS.START',
  'CAMPAIGNS.VIEW_REJECTED',
  'CAMPAIGNS.VIEW_CAMPAIGNREPORT',
  'JOURNEYS.EDIT',
  'JOURNEYS.VIEW_REPORTS',
  'JOURNEYS.VIEW_JOURNEYMONITOR',
  'JOURNEYS.VIEW_MILESTONEREPORT',
  'JOURNEYS.VIEW_PUBLISH',
  'NLP.VIEW',
  'NLP.EDIT',
  'COGNITIVE.VIEW',
  'CUSTOMER.VIEW',
  'CUSTOMER.EDIT',
  'CUSTOMER_MASTER.VIEW',
  'CUSTOMER_MASTER.EDIT',
  'CREATIVES.VIEW',
  'RICHCARDS.VIEW',
  'ANALYTICS.VIEW',
  'MARKET_PLACE.VIEW',
  'MARKET_PLACE.MODULE.VIEW',
  'CHANNELS.VIEW',
  'CHANNELS.MANAGE',
  'WABAONBOARD.VIEW',
  'MSG_TEMPLATES',
  'FLOW.VIEW',
  'INTEGRATIONS.MANAGE',
  'ENTERPRISE.MANAGE',
  'ENTERPRISE.MANAGE_BILLING',
  'USERS.MANAGE',
  'DEPARTMENTS.MANAGE',
  'AUDITTRAIL.VIEW',
  'REPORTS.VIEW',
  'TRASH.MANAGE',
  'ROLES.MANAGE',
  'BLACKLIST',
] as const;
export type Permission = (typeof permissions)[number];

/** Feature flags. A flag that is off removes the permissions it gates (platform §6). */
export const featureFlags = [
  'hideSignup',
  'COMMUNITY',
  'showTopBar',
  'enableAds',
  'COGNITIVE',
  'BLACKLIST',
  'FLOW',
  'MARKET_PLACE_MODULE',
  'CAMPAIGN_EMAIL',
  'CAMPAIGN_SMS',
  'CAMPAIGN_TEST',
  'CAMPAIGN_ESTIMATE',
] as const;
export type FeatureFlag = (typeof featureFlags)[number];
export type FeatureFlags = Partial<Record<FeatureFlag, boolean>>;

export const defaultFeatureFlags: Record<FeatureFlag, boolean> = {
  hideSignup: false,
  COMMUNITY: true,
  showTopBar: true,
  enableAds: false,
  COGNITIVE: true,
  BLACKLIST: true,
  FLOW: true,
  MARKET_PLACE_MODULE: false,
  // agents.md §1: the campaign switches (email, SMS, test, estimated cost) are off by default.
  CAMPAIGN_EMAIL: false,
  CAMPAIGN_SMS: false,
  CAMPAIGN_TEST: false,
  CAMPAIGN_ESTIMATE: false,
};

/** The campaign switches an administrator may turn on for the enterprise (Enterprise Details). */
export const campaignFeatureFlags = ['CAMPAIGN_TEST', 'CAMPAIGN_ESTIMATE', 'CAMPAIGN_SMS', 'CAMPAIGN_EMAIL'] as const;
export type CampaignFeatureFlag = (typeof campaignFeatureFlags)[number];
export const campaignFeatureLabels: Record<CampaignFeatureFlag, { label: string; description: string }> = {
  CAMPAIGN_TEST: {
    label: 'Campaign test sends',
    description: 'Makers may send a campaign to a few numbers before approval',
  },
  CAMPAIGN_ESTIMATE: {
    label: 'Campaign cost estimate',
    description: 'The start dialog shows the estimated cost from the rate card',
  },
  CAMPAIGN_SMS: { label: 'SMS campaigns', description: 'Campaigns may go out on SMS channels' },
  CAMPAIGN_EMAIL: {
    label: 'Email campaigns',
    description: 'Campaigns may go out by email (no email channel exists yet)',
  },
};

/** Permissions that exist only while their flag is on. */
export const flagGatedPermissions: Partial<Record<Permission, FeatureFlag>> = {
  'COGNITIVE.VIEW': 'COGNITIVE',
  BLACKLIST: 'BLACKLIST',
  'FLOW.VIEW': 'FLOW',
  'MARKET_PLACE.MODULE.VIEW': 'MARKET_PLACE_MODULE',
};

const campaignAuthoring: Permission[] = [
  'CAMPAIGNS.CREATE',
  'CAMPAIGNS.EDIT',
  'CAMPAIGNS.VIEW',
  'CAMPAIGNS.DELETE',
  'CAMPAIGNS.VIEW_REJECTED',
];

/** The role → permission table. */
export const rolePermissions: Record<RoleId, readonly Permission[]> = {
  1: permissions,
  2: [
    'NLP.VIEW',
    'NLP.EDIT',
    'JOURNEYS.EDIT',
    'JOURNEYS.VIEW_PUBLISH',
    'ENCAPS.CREATE',
    'ENCAPS.VIEW',
    'ENCAPS.EDIT',
    'ENCAPS.DELETE',
    'ENCAPS.VIEW_EXECUTION_LOGS',
    'COGNITIVE.VIEW',
    'FLOW.VIEW',
    'MSG_TEMPLATES',
    'CREATIVES.VIEW',
    'RICHCARDS.VIEW',
    'CHANNELS.VIEW',
    'CUSTOMER.VIEW',
  ],
  3: ['CHAT.HANDLE', 'CHAT.VIEW_CHATHISTORY'],
  4: [...campaignAuthoring, 'BLACKLIST', 'CUSTOMER.VIEW', 'CUSTOMER.EDIT', 'MSG_TEMPLATES', 'CREATIVES.VIEW'],
  5: [
    'CAMPAIGNS.VIEW',
    'CAMPAIGNS.APPROVE',
    'CAMPAIGNS.START',
    'CAMPAIGNS.VIEW_REJECTED',
    'CAMPAIGNS.VIEW_CAMPAIGNREPORT',
  ],
  6: [
    'CHAT.VIEW_ANALYTICS',
    'CHAT.VIEW_MONITOR',
    'CHAT.VIEW_CHATHISTORY',
    'CAMPAIGNS.VIEW_CAMPAIGNREPORT',
    'JOURNEYS.VIEW_REPORTS',
    'JOURNEYS.VIEW_JOURNEYMONITOR',
    'JOURNEYS.VIEW_MILESTONEREPORT',
    'NLP.VIEW',
    'ANALYTICS.VIEW',
    'REPORTS.VIEW',
  ],
};

export function isRoleId(value: number): value is RoleId {
  return value in roles;
}

/** The permissions a user holds: the union of their roles' permissions, less those whose flag is off. */
export function effectivePermissions(userRoles: readonly number[], flags: FeatureFlags = {}): Permission[] {
  const merged = { ...defaultFeatureFlags, ...flags };
  const held = new Set<Permission>();
  for (const role of userRoles) {
    if (!isRoleId(role)) continue;
    for (const permission of rolePermissions[role]) held.add(permission);
  }
  return permissions.filter((permission) => {
    if (!held.has(permission)) return false;
    const flag = flagGatedPermissions[permission];
    return flag === undefined || merged[flag];
  });
}

export function hasAny(held: readonly string[], wanted: readonly Permission[]): boolean {
  return wanted.some((permission) => held.includes(permission));
}
