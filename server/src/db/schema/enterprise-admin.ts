import { sql } from 'drizzle-orm';
import {
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
import { enterprises, users } from './platform';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Departments of an enterprise (platform §7.3: name, desc, manager) and their users. */
export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    managerId: uuid('manager_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('departments_name_unique').on(table.enterpriseId, sql`lower(${table.name})`)],
);

export const departmentUsers = pgTable(
  'department_users',
  {
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.departmentId, table.userId] }),
    index('department_users_user_idx').on(table.userId),
  ],
);

/** Invitations by email with roles; the link carries a random token of which only the hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roles: integer('roles').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** pending | accepted | revoked */
    status: text('status').$type<'pending' | 'accepted' | 'revoked'>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('invitations_enterprise_idx').on(table.enterpriseId, table.createdAt)],
);

/** API keys: shown once in full; kept as a SHA-256 hash and a short prefix for display. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The roles whose permissions the key acts with (its scope). */
    roles: integer('roles').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('api_keys_enterprise_idx').on(table.enterpriseId)],
);

/**
 * Integrations: the auth configs of platform §3.8 (1 Appiyo, 2 Webhook, 3 Webrtc-Video,
 * 4 Database, 5 GenAI, 6 Speech-to-text). Plain settings in `settings`; secrets sealed in `secretsEnc`.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    authType: smallint('auth_type').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    secretsEnc: text('secrets_enc'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('integrations_name_unique').on(table.enterpriseId, sql`lower(${table.name})`)],
);

/** Per-user console preferences (platform §3.4): notifications and audio. */
export interface UserPreferences {
  enablePushNotification?: boolean;
  enableChatNotification?: boolean;
  audioSettings?: {
    enable: boolean;
    sounds: { type: 'new_chat' | 'new_message'; sound: string; repeat: number; volume: number }[];
  };
}

export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enterpriseId: uuid('enterprise_id')
    .notNull()
    .references(() => enterprises.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<UserPreferences>().notNull().default({}),
  /** update_roles also sends chat permissions (platform §6). */
  chatPermissions: jsonb('chat_permissions').$type<Record<string, boolean>>().notNull().default({}),
  /** SHA-256 hashes of unused two-factor recovery codes. */
  recoveryCodeHashes: text('recovery_code_hashes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
