import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export interface EnterpriseSettings {
  title?: string;
  flags?: Record<string, boolean>;
  recordExternalCampaigns?: boolean;
  twoFactorRequired?: boolean;
  timezone?: string;
  /** `/api/files/<id>` of the enterprise's logo. */
  logoUrl?: string;
  /** Vendors offered when channels are created (platform §3.8); absent or empty: all. */
  offeredVendors?: number[];
}

export const enterprises = pgTable('enterprises', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  settings: jsonb('settings').$type<EnterpriseSettings>().notNull().default({}),
  createdAt: createdAt(),
});

/** state: 0 pending activation, 1 active, 2 deactivated (platform §4.1). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: integer('roles')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    state: smallint('state').notNull().default(1),
    profilePic: text('profile_pic'),
    artifactsEnabled: boolean('artifacts_enabled').notNull().default(false),
    totpSecretEnc: text('totp_secret_enc'),
    totpPendingEnc: text('totp_pending_enc'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_enterprise_idx').on(table.enterpriseId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('sessions_token_unique').on(table.tokenHash), index('sessions_user_idx').on(table.userId)],
);

/**
 * Failed sign-ins per email (known or not, as a sha256) and client address: the throttle of
 * docs/decisions/011. A stranger's failures delay only that stranger's address.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    accountKey: text('account_key').notNull(),
    clientKey: text('client_key').notNull(),
    failures: integer('failures').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountKey, table.clientKey] }),
    index('sign_in_failures_last_idx').on(table.lastFailureAt),
  ],
);

export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  answerHash: text('answer_hash').notNull(),
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A sign-in waiting for its second factor (or for enrolment when the enterprise requires it). */
export const loginChallenges = pgTable('login_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'verify' | 'enrol'>().notNull(),
  pendingSecretEnc: text('pending_secret_enc'),
  removeExistingSession: boolean('remove_existing_session').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Single-use codes mailed to users: account activation and password reset. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'activate' | 'reset'>().notNull(),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_codes_user_idx').on(table.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id').references(() => enterprises.id, { onDelete: 'cascade' }),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_enterprise_idx').on(table.enterpriseId, table.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    target: text('target'),
    statusCode: integer('status_code').notNull(),
    ip: text('ip'),
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_enterprise_idx').on(table.enterpriseId, table.createdAt),
    index('audit_log_user_idx').on(table.enterpriseId, table.userId),
  ],
);

/** Realtime events with monotonically increasing ids so reconnecting clients catch up. */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    /** When set, only sockets subscribed to this topic receive the event (a chat queue, one conversation). */
    topic: text('topic'),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('realtime_events_enterprise_idx').on(table.enterpriseId, table.id)],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('files_enterprise_idx').on(table.enterpriseId)],
);
