import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { enterprises, files, users } from './platform';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Customer attribute definitions (engagement.md §2.2, §2.3, §3 "Input field definition"). The two
 * standard rows (name, phone number) are constants in contracts, not rows. `position` orders the
 * rows (drag to reorder); validations are typed columns rather than the spec's {id, value} list.
 */
export const customerFields = pgTable(
  'customer_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    fieldLabel: text('field_label').notNull(),
    fieldHelptext: text('field_helptext').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    /** text | textarea | selectbox-singlevalue | selectbox-multiplevalue */
    fieldType: text('field_type').notNull(),
    /** alphabets | alphanumeric | number | decimal | email; null for dropdowns */
    inputType: text('input_type'),
    minLength: integer('min_length'),
    maxLength: integer('max_length'),
    allowSpecialChars: boolean('allow_special_chars').notNull().default(false),
    allowedChars: jsonb('allowed_chars').$type<string[]>().notNull().default([]),
    commaIncluded: boolean('comma_included').notNull().default(false),
    /** Dropdown options (the spec's comma-separated defaultValue, stored as a list). */
    defaultValues: jsonb('default_values').$type<string[]>().notNull().default([]),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('customer_fields_name_unique').on(table.enterpriseId, sql`lower(${table.fieldName})`),
    index('customer_fields_position_idx').on(table.enterpriseId, table.position),
  ],
);

/**
 * Customers: one per enterprise and normalised phone number (E.164). `data` holds the user-defined
 * attribute values keyed by customer_fields.id (a string, or a list for multi-select dropdowns).
 * The list searches name and phone through a trigram index on the same expression the query uses.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    whatsAppNumber: text('whatsapp_number'),
    facebookId: text('facebook_id'),
    instaId: text('insta_id'),
    twitterId: text('twitter_id'),
    data: jsonb('data').$type<Record<string, string | string[]>>().notNull().default({}),
    /** Where the customer came from when not entered or imported: the channel they first wrote on. */
    sourceChannelId: uuid('source_channel_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('customers_phone_unique').on(table.enterpriseId, table.phoneNumber),
    index('customers_enterprise_created_idx').on(
      table.enterpriseId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('customers_search_trgm_idx').using(
      'gin',
      sql`(lower(${table.name}) || ' ' || ${table.phoneNumber}) gin_trgm_ops`,
    ),
  ],
);

/** Segments (the spec's tags / labels): `memberCount` is kept with every membership change. */
export const customerSegments = pgTable(
  'customer_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    memberCount: integer('member_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('customer_segments_name_unique').on(table.enterpriseId, sql`lower(${table.name})`),
    index('customer_segments_enterprise_idx').on(table.enterpriseId, table.createdAt),
  ],
);

export const customerGroups = pgTable(
  'customer_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('customer_groups_name_unique').on(table.enterpriseId, sql`lower(${table.name})`)],
);

export const customerSegmentMembers = pgTable(
  'customer_segment_members',
  {
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => customerSegments.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.segmentId, table.customerId] }),
    index('customer_segment_members_customer_idx').on(table.customerId),
    index('customer_segment_members_order_idx').on(
      table.segmentId,
      table.createdAt.desc().nullsFirst(),
      table.customerId,
    ),
  ],
);

export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.customerId] }),
    index('customer_group_members_customer_idx').on(table.customerId),
  ],
);

/**
 * CSV imports (engagement.md §2.6–§2.8, §3 "Upload record"). DRAFT: file received, headers
 * returned, not submitted (not listed in My Uploads); WAITING: queued or running; COMPLETED; ERROR.
 * The import commits in batches; each batch's transaction also advances `committedLines` /
 * `committedBytes` (the checkpoint), so a restarted job resumes exactly after the last committed row.
 */
export const customerUploads = pgTable(
  'customer_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id').references(() => customerSegments.id, { onDelete: 'set null' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
    /** The file's header row as parsed. */
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    /** System header (field name) → file header. */
    headerMapping: jsonb('header_mapping').$type<{ src: string; des: string }[]>().notNull().default([]),
    replace: boolean('replace').notNull().default(false),
    state: text('state').notNull().default('DRAFT'),
    totalLines: integer('total_lines').notNull().default(0),
    acceptedLines: integer('accepted_lines').notNull().default(0),
    errorLines: integer('error_lines').notNull().default(0),
    /** Checkpoint: data rows committed so far and the byte offset just after the last of them. */
    committedLines: integer('committed_lines').notNull().default(0),
    committedBytes: bigint('committed_bytes', { mode: 'number' }).notNull().default(0),
    errorMessage: text('error_message'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('customer_uploads_enterprise_idx').on(table.enterpriseId, table.createdAt.desc().nullsFirst()),
    index('customer_uploads_segment_idx').on(table.segmentId, table.createdAt.desc().nullsFirst()),
  ],
);

/** Rejected rows of an upload: the line as in the file and its messages; (upload, line) once. */
export const customerUploadErrors = pgTable(
  'customer_upload_errors',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => customerUploads.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    lineStr: text('line_str').notNull(),
    errors: jsonb('errors').$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.line] })],
);
