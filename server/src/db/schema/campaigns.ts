import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { enterprises, users } from './platform';
import { departments } from './enterprise-admin';
import { channels, messageTemplates } from './channels';
import { broadcasts, broadcastRecipients } from './broadcasts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Campaigns (issue 21): what to send (channel, variants of template + mapping), to whom (audience:
 * segments, groups, uploaded lists, attribute filters) and when (schedule). `version` grows with
 * every edit; an activity approves one version, so an edit after approval needs approval again.
 * A deleted campaign keeps its row (deleted_at) so its report stays readable.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /** contracts CampaignVariant[] */
    variants: jsonb('variants').$type<Record<string, unknown>[]>().notNull(),
    /** contracts Audience */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    /** contracts Schedule */
    schedule: jsonb('schedule').$type<Record<string, unknown>>().notNull(),
    trackClicks: boolean('track_clicks').notNull().default(true),
    /** contracts CampaignStatus */
    status: text('status').notNull().default('DRAFT'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('campaigns_list_idx').on(table.enterpriseId, table.updatedAt.desc())],
);

/**
 * Activities (§3.9, §4.3): one submission of one campaign version for approval, and then its life:
 * PENDING → APPROVED | REJECTED; APPROVED → SCHEDULED | RUNNING → PAUSED ⇄ … → STOPPED | COMPLETED;
 * SUPERSEDED when the campaign is edited before it starts. `approved_snapshot` is the campaign as
 * approved: runs send what was approved, never a later edit.
 */
export const campaignActivities = pgTable(
  'campaign_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state').notNull().default('PENDING'),
    campaignVersion: integer('campaign_version').notNull(),
    /** The campaign body as submitted (contracts CampaignBody). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    targeted: integer('targeted').notNull().default(0),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: createdAt(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When the scheduler should next look at it (null: nothing due). */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('campaign_activities_list_idx').on(table.enterpriseId, table.state, table.submittedAt.desc()),
    index('campaign_activities_campaign_idx').on(table.campaignId),
    index('campaign_activities_due_idx')
      .on(table.nextRunAt)
      .where(sql`${table.state} IN ('SCHEDULED', 'RUNNING')`),
  ],
);

/**
 * One occurrence of an activity's schedule. Unique per (activity, occurrence): with several server
 * processes, only the one whose insert wins resolves the audience, so a schedule fires once.
 * Its recipients are the broadcasts of campaign_broadcasts (one per variant, plus fallbacks).
 */
export const campaignRuns = pgTable(
  'campaign_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => campaignActivities.id, { onDelete: 'cascade' }),
    /** The schedule's time this run is for. */
    occurrence: timestamp('occurrence', { withTimezone: true }).notNull(),
    /** RUNNING | PAUSED | STOPPED | COMPLETED */
    state: text('state').notNull().default('RUNNING'),
    targeted: integer('targeted').notNull().default(0),
    /** Exclusions by reason (contracts ExclusionReason → count). */
    excluded: jsonb('excluded').$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('campaign_runs_occurrence_unique').on(table.activityId, table.occurrence),
    index('campaign_runs_campaign_idx').on(table.campaignId, table.occurrence.desc()),
  ],
);

/**
 * The broadcasts a campaign sends through: kind 'main' (one per variant and run), 'fallback' (one
 * per run and failover rule) or 'test'. The report reads recipients through these.
 */
export const campaignBroadcasts = pgTable(
  'campaign_broadcasts',
  {
    broadcastId: uuid('broadcast_id')
      .primaryKey()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => campaignRuns.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    variant: text('variant'),
    /** For a fallback: the failover rule and the main broadcast it backs up. */
    failoverId: uuid('failover_id'),
    mainBroadcastId: uuid('main_broadcast_id'),
  },
  (table) => [
    index('campaign_broadcasts_campaign_idx').on(table.campaignId, table.kind),
    index('campaign_broadcasts_run_idx').on(table.runId),
    uniqueIndex('campaign_broadcasts_fallback_unique')
      .on(table.mainBroadcastId, table.failoverId)
      .where(sql`${table.kind} = 'fallback'`),
  ],
);

/** Uploaded number lists of the audience (E.164 numbers, deduplicated). */
export const campaignLists = pgTable(
  'campaign_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    count: integer('count').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('campaign_lists_enterprise_idx').on(table.enterpriseId, table.createdAt.desc())],
);

export const campaignListNumbers = pgTable(
  'campaign_list_numbers',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => campaignLists.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.phone] })],
);

/**
 * Protection rules (engagement §7.4), one table per kind, per enterprise: quiet hours (block time),
 * frequency caps, channel failover, and the cost planner's monthly budgets per department.
 */
export const campaignBlockTimes = pgTable(
  'campaign_block_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** HH:mm */
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('campaign_block_times_enterprise_idx').on(table.enterpriseId)],
);

export const campaignFrequencyCaps = pgTable(
  'campaign_frequency_caps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    maxMessages: integer('max_messages').notNull(),
    /** day | week */
    period: text('period').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('campaign_frequency_caps_enterprise_idx').on(table.enterpriseId)],
);

export const campaignFailovers = pgTable(
  'campaign_failovers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fromChannelId: uuid('from_channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    toChannelId: uuid('to_channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => messageTemplates.id, { onDelete: 'cascade' }),
    columnMapping: jsonb('column_mapping').$type<unknown[]>().notNull().default([]),
    undeliveredMinutes: integer('undelivered_minutes').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('campaign_failovers_from_idx').on(table.enterpriseId, table.fromChannelId)],
);

export const campaignCostPlans = pgTable(
  'campaign_cost_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    monthlyBudget: numeric('monthly_budget', { precision: 14, scale: 2 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('campaign_cost_plans_department_unique').on(table.enterpriseId, table.departmentId)],
);

/**
 * Click tracking: a URL button's link is `/c/<token>` where the token names the recipient row and
 * the button; the click is recorded and the customer redirected to `url`. One row per click.
 */
export const campaignClicks = pgTable(
  'campaign_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => broadcastRecipients.id, { onDelete: 'cascade' }),
    button: integer('button').notNull(),
    url: text('url').notNull(),
    clickedAt: createdAt(),
  },
  (table) => [
    index('campaign_clicks_campaign_idx').on(table.campaignId, table.clickedAt),
    index('campaign_clicks_recipient_idx').on(table.recipientId),
  ],
);

/** Frequency caps count campaign sends per number: this index serves "sent to this number since". */
export const campaignSendLog = pgTable(
  'campaign_send_log',
  {
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => broadcastRecipients.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.recipientId] }),
    index('campaign_send_log_phone_idx').on(table.enterpriseId, table.phone, table.sentAt),
  ],
);
