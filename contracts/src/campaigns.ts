import { z } from 'zod';
import { defineRoute, emptyData, idParam, pageQuery } from './envelope';
import { broadcastMedia, variableMapping } from './broadcasts';

/**
 * Campaigns (issue 21; platform.md §2.2, §3.9, §4.3, §6, §7.5; engagement.md §2.13, §3, §5, §7.4,
 * §2.20): a campaign (channel, template, mapping, audience, schedule, A/B variants) is submitted
 * as an activity that a checker who is not its maker approves or rejects; an approved activity is
 * started, and each occurrence of its schedule is a run whose recipients go out through the
 * broadcast pipeline. Texts quoted from the spec are verbatim, typos included.
 */
export const campaignMessages = {
  rejectReasonRequired: 'Please enter reject reason',
  mandatory: 'This Field is Mandatory',
  noRecord: 'No Record',
  // Beyond the spec:
  saved: 'Campaign saved',
  deleted: 'Campaign deleted',
  cloned: 'Campaign cloned',
  submitted: 'Campaign submitted for approval',
  approved: 'Activity approved',
  rejected: 'Activity rejected',
  started: 'Campaign started',
  paused: 'Campaign paused',
  resumed: 'Campaign resumed',
  stopped: 'Campaign stopped',
  testSent: 'Test message sent',
  ownActivity: 'You created this campaign: another checker must approve it',
  editedAfterApproval: 'The campaign was edited after approval: it needs approval again',
  audienceEmpty: 'Choose at least one segment, group, uploaded list or filter',
  sharesMustTotal100: 'The shares of the variants must add up to 100',
  scheduleInPast: 'Choose a time in the future',
  endBeforeStart: 'The end must be after the first send',
  budgetExceeded: (department: string) => `This campaign would exceed the monthly budget of ${department}`,
  runningCannotChange: 'A running campaign cannot be changed: pause or stop it first',
} as const;

export const campaignLimits = {
  listPageSize: 20,
  recipientsPageSize: 20,
  maxVariants: 2,
  maxFilters: 10,
  maxTestNumbers: 5,
  maxListNumbers: 1_000_000,
  /** Replies within this many hours of a campaign message count for it (when it messaged last). */
  attributionHours: 72,
} as const;

// ---- audience -----------------------------------------------------------------------------------

/** Operators by the attribute's kind (issue 21 item 1). */
export const filterOperators = {
  text: ['equals', 'notEquals', 'contains', 'empty', 'notEmpty'],
  number: ['equals', 'notEquals', 'gt', 'lt', 'between', 'empty', 'notEmpty'],
  date: ['before', 'after', 'between'],
  dropdown: ['in', 'notIn', 'empty', 'notEmpty'],
} as const;
export type FilterKind = keyof typeof filterOperators;
export const allFilterOperators = [
  'equals',
  'notEquals',
  'contains',
  'empty',
  'notEmpty',
  'gt',
  'lt',
  'between',
  'before',
  'after',
  'in',
  'notIn',
] as const;
export type FilterOperator = (typeof allFilterOperators)[number];
export const filterOperatorLabels: Record<FilterOperator, string> = {
  equals: 'equals',
  notEquals: 'does not equal',
  contains: 'contains',
  empty: 'is empty',
  notEmpty: 'is not empty',
  gt: 'greater than',
  lt: 'less than',
  between: 'between',
  before: 'before',
  after: 'after',
  in: 'is any of',
  notIn: 'is none of',
};

/**
 * One attribute filter. `field` is 'name', 'phoneNumber', 'createdAt' (the date the customer was
 * added) or a customer attribute's id. `value` (and `valueTo` for between) are strings: numbers as
 * typed, dates as yyyy-MM-dd in the enterprise's timezone; `values` for in / notIn.
 */
export const audienceFilter = z.object({
  field: z.string().trim().min(1).max(100),
  op: z.enum(allFilterOperators),
  value: z.string().trim().max(500).default(''),
  valueTo: z.string().trim().max(500).default(''),
  values: z.array(z.string().trim().max(200)).max(100).default([]),
});
export type AudienceFilter = z.infer<typeof audienceFilter>;

/**
 * Who a campaign reaches: the customers in any of the segments, groups and uploaded lists (or every
 * customer when none is chosen) who match every filter; an uploaded list's numbers that are not
 * customers are reached too unless a filter is set (a filter needs attributes).
 */
export const audience = z.object({
  segmentIds: z.array(z.uuid()).max(50).default([]),
  groupIds: z.array(z.uuid()).max(50).default([]),
  listIds: z.array(z.uuid()).max(10).default([]),
  filters: z.array(audienceFilter).max(campaignLimits.maxFilters).default([]),
});
export type Audience = z.infer<typeof audience>;

/**
 * Why a targeted customer is not sent to (counted before anything is sent). `missingValue`: a variable mapped to a customer column that is empty for the customer (or a
 * listed number that is no customer); known only when a run resolves its recipients.
 */
export const exclusionReasons = [
  'blacklisted',
  'optedOut',
  'invalidNumber',
  'capped',
  'duplicate',
  'missingValue',
] as const;
export type ExclusionReason = (typeof exclusionReasons)[number];
export const exclusionLabels: Record<ExclusionReason, string> = {
  blacklisted: 'Blacklisted',
  optedOut: 'Opted out',
  invalidNumber: 'Invalid number',
  capped: 'Frequency cap reached',
  duplicate: 'Same number twice',
  missingValue: 'Mapped value missing',
};

/** The live count of the editor: reach, exclusions by reason, and who will be sent to. */
export const audienceCount = z.object({
  targeted: z.number().int(),
  excluded: z.record(z.enum(exclusionReasons), z.number().int()),
  sendable: z.number().int(),
});
export type AudienceCount = z.infer<typeof audienceCount>;

/** An uploaded list of numbers (CSV: the first column, or a column named phone / phoneNumber). */
export const campaignList = z.object({
  id: z.uuid(),
  name: z.string(),
  count: z.number().int(),
  invalid: z.number().int(),
  createdOn: z.string(),
});
export type CampaignList = z.infer<typeof campaignList>;

// ---- schedule -----------------------------------------------------------------------------------

export const scheduleKinds = ['now', 'once', 'daily', 'weekly'] as const;
/**
 * When runs happen: now (on start), once at a date-time, or daily / weekly at a time until an end
 * date. Times are the enterprise's timezone: `at` is 'yyyy-MM-ddTHH:mm' (local), `weekdays` 0–6
 * from Sunday, `until` 'yyyy-MM-dd' (inclusive). `spreadMinutes` spreads one run's sends evenly
 * over that many minutes (send-time spread; 0: at the channel's pace).
 */
export const schedule = z.object({
  kind: z.enum(scheduleKinds).default('now'),
  at: z.string().trim().max(20).default(''),
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  until: z.string().trim().max(10).default(''),
  spreadMinutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(0),
});
export type Schedule = z.infer<typeof schedule>;

// ---- campaign -----------------------------------------------------------------------------------

/** One A/B variant: its template, mapping, media and share of the audience (percent). */
export const campaignVariant = z.object({
  label: z.string().trim().min(1).max(20),
  templateId: z.uuid(campaignMessages.mandatory),
  columnMapping: z.array(variableMapping).max(200).default([]),
  media: broadcastMedia.optional(),
  cards: z
    .array(z.object({ media: broadcastMedia.optional() }))
    .max(10)
    .optional(),
  share: z.number().int().min(1).max(100).default(100),
});
export type CampaignVariant = z.infer<typeof campaignVariant>;

export const campaignStatuses = [
  'DRAFT',
  'PENDING_APPROVAL',
  'APPROVED',
  'REJECTED',
  'SCHEDULED',
  'RUNNING',
  'PAUSED',
  'STOPPED',
  'COMPLETED',
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const campaignStatusLabels: Record<CampaignStatus, string> = {
  DRAFT: 'Draft',
  PENDING_APPROVAL: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  SCHEDULED: 'Scheduled',
  RUNNING: 'Running',
  PAUSED: 'Paused',
  STOPPED: 'Stopped',
  COMPLETED: 'Completed',
};

/** The editor's body. One variant is an ordinary campaign; two are an A/B split. */
export const campaignBody = z.object({
  name: z.string().trim().min(1, campaignMessages.mandatory).max(100),
  /** The sub-channel: one of the enterprise's channels (its type is the channel). */
  channelId: z.uuid(campaignMessages.mandatory),
  departmentId: z.uuid().nullable().default(null),
  variants: z.array(campaignVariant).min(1).max(campaignLimits.maxVariants),
  audience,
  schedule,
  /** Click tracking: URL buttons whose template link is this server's tracking address. */
  trackClicks: z.boolean().default(true),
});
export type CampaignBody = z.input<typeof campaignBody>;

export const campaignListItem = z.object({
  id: z.uuid(),
  name: z.string(),
  channelName: z.string(),
  templateName: z.string(),
  status: z.enum(campaignStatuses),
  createdBy: z.string(),
  createdOn: z.string(),
  updatedOn: z.string(),
  nextRunAt: z.string().nullable(),
});
export type CampaignListItem = z.infer<typeof campaignListItem>;

export const campaign = campaignBody.extend({
  id: z.uuid(),
  status: z.enum(campaignStatuses),
  version: z.number().int(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdOn: z.string(),
  updatedOn: z.string(),
  /** The activity awaiting a decision or last decided, if any. */
  activityId: z.uuid().nullable(),
  rejectReason: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaign>;

export const campaignListQuery = pageQuery.extend({
  search: z.string().trim().max(100).default(''),
  status: z.enum(campaignStatuses).optional(),
});

// ---- activity (maker-checker) -------------------------------------------------------------------

export const activityStates = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'SCHEDULED',
  'RUNNING',
  'PAUSED',
  'STOPPED',
  'COMPLETED',
  'SUPERSEDED',
] as const;
export type ActivityState = (typeof activityStates)[number];
export const activityStateLabels: Record<ActivityState, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  SCHEDULED: 'Scheduled',
  RUNNING: 'Running',
  PAUSED: 'Paused',
  STOPPED: 'Stopped',
  COMPLETED: 'Completed',
  SUPERSEDED: 'Edited after submission',
};

/** The actions of §4.3 and the states each is offered in. */
export const activityActions = {
  approve: ['PENDING'],
  reject: ['PENDING'],
  start: ['APPROVED'],
  pause: ['RUNNING', 'SCHEDULED'],
  resume: ['PAUSED'],
  stop: ['RUNNING', 'SCHEDULED', 'PAUSED'],
} as const satisfies Record<string, readonly ActivityState[]>;
export type ActivityAction = keyof typeof activityActions;

/** §3.9: state, name, dates, department, campaignId; plus who did what. */
export const activity = z.object({
  id: z.uuid(),
  campaignId: z.uuid(),
  name: z.string(),
  state: z.enum(activityStates),
  channelName: z.string(),
  departmentName: z.string().nullable(),
  campaignVersion: z.number().int(),
  submittedBy: z.object({ id: z.string(), name: z.string() }),
  submittedOn: z.string(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  decidedOn: z.string().nullable(),
  rejectReason: z.string().nullable(),
  startedOn: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  /** Audience size when submitted (the approver sees what they approve). */
  targeted: z.number().int(),
});
export type Activity = z.infer<typeof activity>;

export const activityListQuery = pageQuery.extend({
  state: z.enum(activityStates).optional(),
  search: z.string().trim().max(100).default(''),
});

export const rejectBody = z.object({
  reason: z.string().trim().min(1, campaignMessages.rejectReasonRequired).max(500),
});

/** §3 estimation: currencySymbol and estimatedRate, with the count it covers. */
export const campaignEstimate = z.object({
  currencySymbol: z.string(),
  estimatedRate: z.number(),
  recipients: z.number().int(),
  /** Recipients whose country has no rate in the rate card. */
  unpriced: z.number().int(),
  /** What the department has left this month under the cost planner, if it has a budget. */
  budgetLeft: z.number().nullable(),
});
export type CampaignEstimate = z.infer<typeof campaignEstimate>;

export const testSendBody = z.object({
  phoneNumbers: z.array(z.string().trim().min(1).max(32)).min(1).max(campaignLimits.maxTestNumbers),
  variant: z.string().trim().max(20).optional(),
});

// ---- protection rules (engagement §7.4: block time, frequent campaign, failover, cost planner) ---

/** Quiet hours: no campaign message between `from` and `to` (HH:mm, may cross midnight). */
export const blockTimeRule = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, campaignMessages.mandatory).max(100),
  from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm'),
  to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm'),
  /** 0–6 from Sunday; empty: every day. */
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  enabled: z.boolean().default(true),
});
export type BlockTimeRule = z.infer<typeof blockTimeRule>;

/** At most `maxMessages` campaign messages per customer per day or week, across all campaigns. */
export const frequencyRule = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, campaignMessages.mandatory).max(100),
  maxMessages: z.number().int().min(1).max(1000),
  period: z.enum(['day', 'week']),
  enabled: z.boolean().default(true),
});
export type FrequencyRule = z.infer<typeof frequencyRule>;

/**
 * Channel failover: when a campaign message on `fromChannelId` fails permanently, or is not
 * delivered within `undeliveredMinutes` (0: only on failure), the template `templateId` is sent on
 * `toChannelId` instead, counted as fallback.
 */
export const failoverRule = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, campaignMessages.mandatory).max(100),
  fromChannelId: z.uuid(campaignMessages.mandatory),
  toChannelId: z.uuid(campaignMessages.mandatory),
  templateId: z.uuid(campaignMessages.mandatory),
  columnMapping: z.array(variableMapping).max(200).default([]),
  undeliveredMinutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(0),
  enabled: z.boolean().default(true),
});
export type FailoverRule = z.infer<typeof failoverRule>;

/** A monthly budget per department (the enterprise's rate-card currency) a campaign cannot start beyond. */
export const costPlan = z.object({
  id: z.uuid().optional(),
  departmentId: z.uuid(campaignMessages.mandatory),
  monthlyBudget: z.number().min(0).max(1_000_000_000),
  enabled: z.boolean().default(true),
});
export type CostPlan = z.infer<typeof costPlan>;

export const campaignRuleKinds = ['block-time', 'frequency', 'failover', 'cost-planner'] as const;
export type CampaignRuleKind = (typeof campaignRuleKinds)[number];

// ---- report -------------------------------------------------------------------------------------

/** The funnel of one campaign, run or variant (issue 21 item 4). */
export const campaignFunnel = z.object({
  targeted: z.number().int(),
  excluded: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  clicked: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  /** Of the pending: held by quiet hours on the customer's clock, sent once they end. */
  waitingQuietHours: z.number().int(),
  fallbackSent: z.number().int(),
  fallbackDelivered: z.number().int(),
  cost: z.number(),
  currencySymbol: z.string(),
});
export type CampaignFunnel = z.infer<typeof campaignFunnel>;

export const campaignRun = z.object({
  id: z.uuid(),
  occurrence: z.string(),
  state: z.string(),
  funnel: campaignFunnel,
});

export const campaignStats = z.object({
  campaignId: z.uuid(),
  name: z.string(),
  funnel: campaignFunnel,
  excludedBy: z.record(z.string(), z.number().int()),
  failedBy: z.array(z.object({ code: z.string(), text: z.string(), count: z.number().int() })),
  variants: z.array(z.object({ label: z.string(), templateName: z.string(), funnel: campaignFunnel })),
  runs: z.array(campaignRun),
  /** Sends, deliveries, reads and replies per day (line chart). */
  daily: z.array(
    z.object({
      date: z.string(),
      sent: z.number().int(),
      delivered: z.number().int(),
      read: z.number().int(),
      replied: z.number().int(),
    }),
  ),
  clicksByUrl: z.array(z.object({ url: z.string(), clicks: z.number().int(), uniqueClicks: z.number().int() })),
});
export type CampaignStats = z.infer<typeof campaignStats>;

export const campaignRecipientRow = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  variant: z.string().nullable(),
  status: z.string(),
  statusTime: z.string().nullable(),
  error: z.string().nullable(),
  replied: z.boolean(),
  clicked: z.boolean(),
  fallback: z.string().nullable(),
});
export type CampaignRecipientRow = z.infer<typeof campaignRecipientRow>;

export const reportListItem = z.object({
  campaignId: z.uuid(),
  name: z.string(),
  status: z.enum(campaignStatuses),
  lastRunAt: z.string().nullable(),
  funnel: campaignFunnel,
});

export const externalReportItem = z.object({
  externalId: z.string(),
  broadcasts: z.number().int(),
  funnel: campaignFunnel,
  lastSentAt: z.string().nullable(),
});

const campaignParam = idParam;

export const campaignRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/campaigns',
    summary: 'Campaigns by name and status, page 20',
    query: campaignListQuery,
    data: z.object({ campaigns: z.array(campaignListItem), more: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id',
    summary: 'One campaign',
    params: campaignParam,
    data: z.object({ campaign }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/campaigns',
    summary: 'Creates a campaign (a draft)',
    body: campaignBody,
    data: z.object({ campaign }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/campaigns/:id',
    summary: 'Changes a campaign; a submitted or approved one goes back to draft and needs approval again',
    params: campaignParam,
    body: campaignBody,
    data: z.object({ campaign }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/campaigns/:id',
    summary: 'Deletes a campaign that is not running; its report stays',
    params: campaignParam,
    data: emptyData,
  }),
  clone: defineRoute({
    method: 'POST',
    path: '/api/campaigns/:id/clone',
    summary: 'Copies a campaign as a new draft',
    params: campaignParam,
    data: z.object({ campaign }),
  }),
  audienceCount: defineRoute({
    method: 'POST',
    path: '/api/campaigns/audience/count',
    summary: 'The live count: customers reached, excluded by reason, and sendable',
    body: z.object({ channelId: z.uuid().optional(), audience }),
    data: audienceCount,
  }),
  lists: defineRoute({
    method: 'GET',
    path: '/api/campaigns/lists',
    summary: 'Uploaded number lists',
    data: z.object({ lists: z.array(campaignList) }),
  }),
  departments: defineRoute({
    method: 'GET',
    path: '/api/campaigns/departments',
    summary: "The enterprise's departments by name, for a campaign's budget (campaign authors)",
    data: z.object({ departments: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
  }),
  // uploadList: POST /api/campaigns/lists, multipart with one CSV file → { list: campaignList }
  submit: defineRoute({
    method: 'POST',
    path: '/api/campaigns/:id/submit',
    summary: 'Submits the campaign for approval: creates the activity approvers see',
    params: campaignParam,
    data: z.object({ activity }),
  }),
  test: defineRoute({
    method: 'POST',
    path: '/api/campaigns/:id/test',
    summary: 'Sends the campaign to a few numbers now (feature flag CAMPAIGN_TEST)',
    params: campaignParam,
    body: testSendBody,
    data: z.object({ broadcastId: z.uuid() }),
  }),
  activities: defineRoute({
    method: 'GET',
    path: '/api/campaigns/activities',
    summary: 'Activities by state (pending for approvers, approved for starters, rejected for all)',
    query: activityListQuery,
    data: z.object({ activities: z.array(activity), more: z.boolean() }),
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/campaigns/activities/:id/approve',
    summary: 'Approves an activity (never by its maker)',
    params: idParam,
    data: z.object({ activity }),
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/campaigns/activities/:id/reject',
    summary: 'Rejects an activity with a reason',
    params: idParam,
    body: rejectBody,
    data: z.object({ activity }),
  }),
  estimate: defineRoute({
    method: 'GET',
    path: '/api/campaigns/activities/:id/estimate',
    summary: 'The cost estimate from the rate card (feature flag CAMPAIGN_ESTIMATE)',
    params: idParam,
    data: campaignEstimate,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/campaigns/activities/:id/start',
    summary: 'Starts an approved activity: now, or on its schedule',
    params: idParam,
    data: z.object({ activity }),
  }),
  pause: defineRoute({
    method: 'POST',
    path: '/api/campaigns/activities/:id/pause',
    summary: 'Pauses sending; nothing is lost',
    params: idParam,
    data: z.object({ activity }),
  }),
  resume: defineRoute({
    method: 'POST',
    path: '/api/campaigns/activities/:id/resume',
    summary: 'Resumes a paused activity',
    params: idParam,
    data: z.object({ activity }),
  }),
  stop: defineRoute({
    method: 'POST',
    path: '/api/campaigns/activities/:id/stop',
    summary: 'Stops for good: what was not sent is not sent',
    params: idParam,
    data: z.object({ activity }),
  }),
  report: defineRoute({
    method: 'GET',
    path: '/api/campaigns/report',
    summary: 'Every campaign with its funnel',
    query: pageQuery.extend({ search: z.string().trim().max(100).default('') }),
    data: z.object({ campaigns: z.array(reportListItem), more: z.boolean() }),
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id/stats',
    summary: 'The funnel per campaign, run and variant; failures by error; clicks; daily series',
    params: campaignParam,
    query: z.object({ runId: z.uuid().optional() }),
    data: campaignStats,
  }),
  recipients: defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id/recipients',
    summary: 'One row per recipient, page 20, filterable by status',
    params: campaignParam,
    query: pageQuery.extend({
      runId: z.uuid().optional(),
      status: z.string().trim().max(20).optional(),
      search: z.string().trim().max(40).default(''),
    }),
    data: z.object({ recipients: z.array(campaignRecipientRow), more: z.boolean() }),
  }),
  // export: GET /api/campaigns/:id/export.csv (CSV; formula cells neutralised)
  externalReport: defineRoute({
    method: 'GET',
    path: '/api/campaigns/external-report',
    summary: 'Broadcasts sent by other systems under a campaign id of theirs',
    query: pageQuery,
    data: z.object({ campaigns: z.array(externalReportItem), more: z.boolean() }),
  }),
  rules: defineRoute({
    method: 'GET',
    path: '/api/campaign-rules',
    summary: 'The protection rules: quiet hours, frequency caps, failover, cost planner',
    data: z.object({
      blockTimes: z.array(blockTimeRule.required({ id: true })),
      frequencyCaps: z.array(frequencyRule.required({ id: true })),
      failovers: z.array(failoverRule.required({ id: true })),
      costPlans: z.array(
        costPlan.required({ id: true }).extend({ departmentName: z.string(), spentThisMonth: z.number() }),
      ),
      timeZone: z.string(),
    }),
  }),
  saveBlockTime: defineRoute({
    method: 'POST',
    path: '/api/campaign-rules/block-time',
    summary: 'Adds or changes a quiet-hours rule',
    body: blockTimeRule,
    data: z.object({ id: z.uuid() }),
  }),
  saveFrequency: defineRoute({
    method: 'POST',
    path: '/api/campaign-rules/frequency',
    summary: 'Adds or changes a frequency cap',
    body: frequencyRule,
    data: z.object({ id: z.uuid() }),
  }),
  saveFailover: defineRoute({
    method: 'POST',
    path: '/api/campaign-rules/failover',
    summary: 'Adds or changes a failover rule',
    body: failoverRule,
    data: z.object({ id: z.uuid() }),
  }),
  saveCostPlan: defineRoute({
    method: 'POST',
    path: '/api/campaign-rules/cost-planner',
    summary: 'Adds or changes a department budget',
    body: costPlan,
    data: z.object({ id: z.uuid() }),
  }),
  removeRule: defineRoute({
    method: 'DELETE',
    path: '/api/campaign-rules/:kind/:id',
    summary: 'Deletes a protection rule',
    params: z.object({ kind: z.enum(campaignRuleKinds), id: z.uuid() }),
    data: emptyData,
  }),
} as const;

/** The click-tracking address of a URL button: `${publicUrl}/c/${token}` (public, redirects). */
export const clickTrackingPath = '/c/';
