import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  campaignMessages,
  exclusionReasons,
  filterOperators,
  type Audience,
  type AudienceCount,
  type AudienceFilter,
  type ExclusionReason,
  type FilterKind,
} from '@parley/contracts/campaigns';
import { broadcastMessages, type VariableMapping } from '@parley/contracts/broadcasts';
import { templateValueKeys, templateVariables, type TemplateComponent } from '@parley/contracts/templates';
import type { DbOrTx } from '../../db/client';
import { campaignFrequencyCaps } from '../../db/schema/campaigns';
import { containsPattern } from '../../db/like-pattern';
import { userRows, type FieldRow } from '../../platform/customer-fields';
import { textArray } from '../../platform/customer-lookup';

/**
 * A campaign's audience in SQL (issue 21 item 1): the customers in any chosen segment or group or
 * uploaded list (every customer when none is chosen) that match every filter, plus the listed
 * numbers that are no customer (only without filters: a filter needs attributes). Nothing is
 * loaded into JavaScript: the editor's live count is one COUNT query, and a run writes its
 * recipients with one `INSERT … SELECT` per variant (resolveInto).
 *
 * Exclusions, in this order of precedence (a number has one reason): invalidNumber (not E.164),
 * optedOut (blacklist source 'opt_out'), blacklisted (any other blacklist entry), capped (a
 * frequency cap reached: at least `max_messages` rows in campaign_send_log within the last 24 hours
 * for 'day' caps, the last 7 days for 'week' caps, rolling), and at a run missingValue (a variable
 * mapped to a column the customer has empty). duplicate counts the entries that name a number
 * reached already (a listed number that is also reached as a customer or listed twice): it is
 * `targeted - distinct numbers`, so targeted = sendable + every exclusion.
 *
 * A run writes excluded numbers too, with state 'blocked' and error_code the reason, so the report
 * reads every exclusion from broadcast_recipients; duplicates have no row (one row per number) and
 * are counted in campaign_runs.excluded with the others.
 */

/** E.164 as stored: a plus, a country code and up to 15 digits. */
const E164 = '^\\+[1-9][0-9]{6,14}$';

/** How a filter's field is read: a standard column or a customer attribute. */
interface FieldInfo {
  kind: FilterKind;
  /** customer_fields.id, or null for name / phoneNumber / createdAt. */
  fieldId: string | null;
  name: string;
}

export interface AudienceContext {
  enterpriseId: string;
  timeZone: string;
  /** The enterprise's attribute definitions (userRows). */
  fields: readonly FieldRow[];
  /** Enabled frequency caps: the largest number of campaign messages per period. */
  caps: { day: number | null; week: number | null };
}

/** The attributes and caps an audience needs, read once per count or run. */
export async function audienceContext(db: DbOrTx, enterpriseId: string, timeZone: string): Promise<AudienceContext> {
  const fields = await userRows(db, enterpriseId);
  const rules = await db
    .select({ maxMessages: campaignFrequencyCaps.maxMessages, period: campaignFrequencyCaps.period })
    .from(campaignFrequencyCaps)
    .where(and(eq(campaignFrequencyCaps.enterpriseId, enterpriseId), eq(campaignFrequencyCaps.enabled, true)));
  const smallest = (period: string) => {
    const limits = rules.filter((rule) => rule.period === period).map((rule) => rule.maxMessages);
    return limits.length > 0 ? Math.min(...limits) : null;
  };
  return { enterpriseId, timeZone, fields, caps: { day: smallest('day'), week: smallest('week') } };
}

function fieldKind(row: FieldRow): FilterKind {
  if (row.fieldType.startsWith('selectbox')) return 'dropdown';
  if (row.inputType === 'number' || row.inputType === 'decimal') return 'number';
  return 'text';
}

function fieldInfo(context: AudienceContext, field: string): FieldInfo | null {
  if (field === 'name' || field === 'phoneNumber') return { kind: 'text', fieldId: null, name: field };
  if (field === 'createdAt') return { kind: 'date', fieldId: null, name: field };
  const row = context.fields.find((candidate) => candidate.id === field);
  return row ? { kind: fieldKind(row), fieldId: row.id, name: row.fieldName } : null;
}

const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (text: string) => DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/**
 * The filters' problems by 'audience.filters.N.<field>': an unknown field, an operator the field's
 * kind does not offer, a value that is not a number or a yyyy-MM-dd date, or a missing value.
 */
export function filterErrors(context: AudienceContext, filters: readonly AudienceFilter[]): Record<string, string> {
  const errors: Record<string, string> = {};
  filters.forEach((filter, index) => {
    const at = (part: string) => `audience.filters.${index}.${part}`;
    const info = fieldInfo(context, filter.field);
    if (!info) {
      errors[at('field')] = 'Choose a customer attribute';
      return;
    }
    if (!(filterOperators[info.kind] as readonly string[]).includes(filter.op)) {
      errors[at('op')] = `This operator does not apply to ${info.name}`;
      return;
    }
    if (filter.op === 'empty' || filter.op === 'notEmpty') return;
    if (filter.op === 'in' || filter.op === 'notIn') {
      if (filter.values.length === 0) errors[at('values')] = campaignMessages.mandatory;
      return;
    }
    const check = (value: string, part: 'value' | 'valueTo') => {
      if (value === '') errors[at(part)] = campaignMessages.mandatory;
      else if (info.kind === 'number' && !NUMBER.test(value)) errors[at(part)] = 'Enter a number';
      else if (info.kind === 'date' && !isDate(value)) errors[at(part)] = 'Enter a date as yyyy-MM-dd';
    };
    check(filter.value, 'value');
    if (filter.op === 'between') check(filter.valueTo, 'valueTo');
  });
  return errors;
}

/** The attribute's JSON value of customer row `c`. */
const json = (fieldId: string) => sql`c.data -> ${fieldId}::text`;
/** The attribute as text: a list's items joined by ', ' (as a mapped variable shows it). */
function fieldText(fieldId: string): SQL {
  return sql`(CASE jsonb_typeof(${json(fieldId)})
    WHEN 'array' THEN (SELECT string_agg(btrim(item), ', ') FROM jsonb_array_elements_text(${json(fieldId)}) item WHERE btrim(item) <> '')
    ELSE nullif(btrim(c.data ->> ${fieldId}::text), '') END)`;
}

function filterSql(context: AudienceContext, filter: AudienceFilter): SQL {
  const info = fieldInfo(context, filter.field)!;
  if (info.kind === 'date') {
    const day = sql`(c.created_at AT TIME ZONE ${context.timeZone}::text)::date`;
    if (filter.op === 'before') return sql`${day} < ${filter.value}::date`;
    if (filter.op === 'after') return sql`${day} > ${filter.value}::date`;
    return sql`${day} BETWEEN ${filter.value}::date AND ${filter.valueTo}::date`;
  }
  const value =
    info.fieldId === null ? (info.name === 'name' ? sql`nullif(btrim(c.name), '')` : sql`c.phone_number`) : null;
  if (info.kind === 'dropdown') {
    const given = sql`${textArray(filter.values)}::text[]`;
    const data = json(info.fieldId!);
    const anyOf = sql`(CASE jsonb_typeof(${data})
      WHEN 'array' THEN ${data} ?| ${given}
      WHEN 'string' THEN (${data} #>> '{}') = ANY(${given})
      ELSE false END)`;
    const empty = sql`(${data} IS NULL OR ${data} IN ('""'::jsonb, '[]'::jsonb, 'null'::jsonb))`;
    if (filter.op === 'in') return anyOf;
    if (filter.op === 'notIn') return sql`NOT ${anyOf}`;
    return filter.op === 'empty' ? empty : sql`NOT ${empty}`;
  }
  // Text and number attributes hold strings (a list's JSON text matches no number and no value typed).
  const text = value ?? sql`nullif(btrim(c.data ->> ${info.fieldId!}::text), '')`;
  if (filter.op === 'empty') return sql`${text} IS NULL`;
  if (filter.op === 'notEmpty') return sql`${text} IS NOT NULL`;
  if (info.kind === 'number') {
    // Text that is not a number never compares (and never fails the cast: CASE guards it).
    const number = sql`(CASE WHEN ${text} ~ ${NUMBER.source} THEN btrim(${text})::numeric END)`;
    const given = sql`${filter.value.trim()}::numeric`;
    if (filter.op === 'equals') return sql`${number} = ${given}`;
    if (filter.op === 'notEquals') return sql`${number} IS DISTINCT FROM ${given}`;
    if (filter.op === 'gt') return sql`${number} > ${given}`;
    if (filter.op === 'lt') return sql`${number} < ${given}`;
    return sql`${number} BETWEEN ${given} AND ${filter.valueTo.trim()}::numeric`;
  }
  const lowered = sql`lower(${text})`;
  if (filter.op === 'equals') return sql`${lowered} = ${filter.value.toLowerCase()}`;
  if (filter.op === 'notEquals') return sql`${lowered} IS DISTINCT FROM ${filter.value.toLowerCase()}`;
  return sql`${lowered} LIKE ${containsPattern(filter.value.toLowerCase())}`;
}

/** `true` when no audience source is chosen: every customer. */
const hasSources = (audience: Audience) =>
  audience.segmentIds.length + audience.groupIds.length + audience.listIds.length > 0;

function listNumbers(context: AudienceContext, audience: Audience): SQL {
  return sql`SELECT n.phone FROM campaign_list_numbers n
    WHERE n.list_id IN (SELECT l.id FROM campaign_lists l
      WHERE l.enterprise_id = ${context.enterpriseId}::uuid AND l.id = ANY(${textArray(audience.listIds)}::uuid[]))`;
}

/**
 * The CTEs `reach` (customer_id, phone, name, data, listed_only: one row per number) and, when
 * lists are chosen, `list_rows` (their entries that reached someone, for the duplicate count).
 *
 * The sources are one set of customer ids (segments, groups and listed numbers, UNION ALL) that
 * customers join as a semi-join: `id IN (a) OR id IN (b)` would be two subplans per row, and a
 * subplan whose ids do not fit work_mem is scanned again for every customer (minutes at 1M).
 */
function reachCtes(context: AudienceContext, audience: Audience): SQL {
  const { enterpriseId } = context;
  const listed = audience.listIds.length > 0;
  const sources: SQL[] = [];
  if (audience.segmentIds.length > 0)
    sources.push(
      sql`SELECT customer_id, false AS listed FROM customer_segment_members WHERE segment_id = ANY(${textArray(audience.segmentIds)}::uuid[])`,
    );
  if (audience.groupIds.length > 0)
    sources.push(
      sql`SELECT customer_id, false AS listed FROM customer_group_members WHERE group_id = ANY(${textArray(audience.groupIds)}::uuid[])`,
    );
  if (listed)
    sources.push(sql`SELECT c2.id AS customer_id, true AS listed FROM customers c2
      WHERE c2.enterprise_id = ${enterpriseId}::uuid AND c2.phone_number IN (${listNumbers(context, audience)})`);
  const conditions: SQL[] = [sql`c.enterprise_id = ${enterpriseId}::uuid`];
  for (const filter of audience.filters) conditions.push(filterSql(context, filter));
  let customersPart: SQL;
  if (!hasSources(audience))
    customersPart = sql`SELECT c.id AS customer_id, c.phone_number AS phone, c.name AS name, c.data AS data,
        false AS listed_only
      FROM customers c WHERE ${sql.join(conditions, sql` AND `)}`;
  else if (!listed)
    customersPart = sql`SELECT c.id AS customer_id, c.phone_number AS phone, c.name AS name, c.data AS data,
        false AS listed_only
      FROM customers c
      WHERE c.id IN (SELECT s.customer_id FROM (${sql.join(sources, sql` UNION ALL `)}) s)
        AND ${sql.join(conditions, sql` AND `)}`;
  else
    // Listed only: reached through a list and no segment or group.
    customersPart = sql`SELECT c.id AS customer_id, c.phone_number AS phone, c.name AS name, c.data AS data,
        s.listed_only
      FROM (SELECT customer_id, bool_and(listed) AS listed_only FROM (${sql.join(sources, sql` UNION ALL `)}) u
        GROUP BY customer_id) s
      JOIN customers c ON c.id = s.customer_id
      WHERE ${sql.join(conditions, sql` AND `)}`;
  // Listed numbers that are no customer of the enterprise: reached only without filters.
  const strangers =
    listed && audience.filters.length === 0
      ? sql` UNION ALL SELECT NULL::uuid, s.phone, NULL::text, '{}'::jsonb, true
        FROM (SELECT DISTINCT phone FROM (${listNumbers(context, audience)}) listed) s
        WHERE NOT EXISTS (SELECT 1 FROM customers c2
          WHERE c2.enterprise_id = ${enterpriseId}::uuid AND c2.phone_number = s.phone)`
      : sql``;
  const listRows = listed
    ? sql`, list_rows AS (SELECT count(*)::bigint AS entries FROM (${listNumbers(context, audience)}) e
        WHERE e.phone IN (SELECT phone FROM reach))`
    : sql``;
  return sql`reach AS (${customersPart}${strangers})${listRows}`;
}

/** Above this many source rows (segment, group and list entries), customers are hash-joined to them. */
const HASH_JOIN_FROM = 20_000;

/**
 * How many rows the chosen segments, groups and lists hold (segments keep their count; a group's
 * is an index-only count). PostgreSQL cannot estimate how many distinct customers a UNION ALL of
 * them gives (it assumes 200) and so looks each one up by index: right for a small segment, but a
 * million index lookups for a large one. Above HASH_JOIN_FROM the statement runs with nested loops
 * off (SET LOCAL, reset after), which makes it one scan of the customers hash-joined to the ids.
 */
async function sourceRows(db: DbOrTx, context: AudienceContext, audience: Audience): Promise<number> {
  if (!hasSources(audience)) return 0;
  const result = (await db.execute(sql`SELECT
      (SELECT coalesce(sum(member_count), 0) FROM customer_segments
        WHERE enterprise_id = ${context.enterpriseId}::uuid AND id = ANY(${textArray(audience.segmentIds)}::uuid[]))
      + (SELECT count(*) FROM customer_group_members WHERE group_id = ANY(${textArray(audience.groupIds)}::uuid[]))
      + (SELECT coalesce(sum(count), 0) FROM campaign_lists
        WHERE enterprise_id = ${context.enterpriseId}::uuid AND id = ANY(${textArray(audience.listIds)}::uuid[]))
      AS total`)) as unknown as Rows;
  return Number(result.rows[0]?.total ?? 0);
}

/** Runs `work` in a transaction (a savepoint inside one), with the hash-join hint for large sources. */
async function withPlan<T>(
  db: DbOrTx,
  context: AudienceContext,
  audience: Audience,
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const large = (await sourceRows(db, context, audience)) > HASH_JOIN_FROM;
  if (!large) return work(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_nestloop = off`);
    const result = await work(tx);
    await tx.execute(sql`RESET enable_nestloop`);
    return result;
  });
}

/** The CTE `capped` (phones at a frequency cap), or nothing when no cap is enabled. */
function cappedCte(context: AudienceContext): SQL | null {
  const { day, week } = context.caps;
  if (day === null && week === null) return null;
  const window = week !== null ? sql`interval '7 days'` : sql`interval '1 day'`;
  const reached: SQL[] = [];
  if (day !== null) reached.push(sql`count(*) FILTER (WHERE sent_at >= now() - interval '1 day') >= ${day}`);
  if (week !== null) reached.push(sql`count(*) >= ${week}`);
  return sql`capped AS (SELECT phone FROM campaign_send_log
    WHERE enterprise_id = ${context.enterpriseId}::uuid AND sent_at >= now() - ${window}
    GROUP BY phone HAVING ${sql.join(reached, sql` OR `)})`;
}

/**
 * The CTE `classified`: every reached number with its exclusion reason (null: sendable), and the
 * row's values when `values` is given (a run), missingValue when a mapped column is empty.
 */
function classifiedCtes(context: AudienceContext, audience: Audience, values?: CompiledValues): SQL {
  const capped = cappedCte(context);
  const reason = sql`CASE
      WHEN r.phone !~ ${E164} THEN 'invalidNumber'
      WHEN b.source = 'opt_out' THEN 'optedOut'
      WHEN b.source IS NOT NULL THEN 'blacklisted'
      ${capped ? sql`WHEN k.phone IS NOT NULL THEN 'capped'` : sql``}
      ${values?.missing ? sql`WHEN ${values.missing} THEN 'missingValue'` : sql``}
    END`;
  return sql`${reachCtes(context, audience)}${capped ? sql`, ${capped}` : sql``},
    classified AS (
      SELECT r.customer_id, r.phone, r.listed_only, ${reason} AS reason
        ${values ? sql`, ${values.expression} AS "values"` : sql``}
      FROM reach r
      LEFT JOIN blacklist b ON b.enterprise_id = ${context.enterpriseId}::uuid AND b.phone = r.phone
      ${capped ? sql`LEFT JOIN capped k ON k.phone = r.phone` : sql``}
      ${values ? sql`CROSS JOIN LATERAL (SELECT r.name AS name, r.data AS data) c` : sql``})`;
}

const emptyExcluded = (): Record<ExclusionReason, number> =>
  Object.fromEntries(exclusionReasons.map((reason) => [reason, 0])) as Record<ExclusionReason, number>;

type Rows = { rows: Record<string, unknown>[] };

/** The live count's one query (exported for the benchmark's EXPLAIN). */
export function countSql(context: AudienceContext, audience: Audience): SQL {
  const listed = audience.listIds.length > 0;
  return sql`WITH ${classifiedCtes(context, audience)}
    SELECT count(*)::bigint AS reached,
      count(*) FILTER (WHERE reason = 'invalidNumber')::bigint AS "invalidNumber",
      count(*) FILTER (WHERE reason = 'optedOut')::bigint AS "optedOut",
      count(*) FILTER (WHERE reason = 'blacklisted')::bigint AS "blacklisted",
      count(*) FILTER (WHERE reason = 'capped')::bigint AS "capped",
      count(*) FILTER (WHERE listed_only)::bigint AS listed_only,
      ${listed ? sql`(SELECT entries FROM list_rows)` : sql`0`}::bigint AS list_entries
    FROM classified`;
}

/** The editor's live count: reached, excluded by reason, sendable. One query. */
export async function countAudience(db: DbOrTx, context: AudienceContext, audience: Audience): Promise<AudienceCount> {
  const listed = audience.listIds.length > 0;
  const result = (await withPlan(db, context, audience, (tx) =>
    tx.execute(countSql(context, audience)),
  )) as unknown as Rows;
  const row = result.rows[0] ?? {};
  const number = (key: string) => Number(row[key] ?? 0);
  const excluded = emptyExcluded();
  for (const reason of ['invalidNumber', 'optedOut', 'blacklisted', 'capped'] as const)
    excluded[reason] = number(reason);
  excluded.duplicate = listed ? Math.max(0, number('list_entries') - number('listed_only')) : 0;
  const reached = number('reached');
  const sendable = reached - excluded.invalidNumber - excluded.optedOut - excluded.blacklisted - excluded.capped;
  return { targeted: reached + excluded.duplicate, excluded, sendable };
}

/** The sendable numbers of an audience (for the rate card's estimate, grouped by country there). */
/**
 * The sendable numbers counted by prefix ('+' and three digits, which fix the dial code) for the
 * rate card's estimate: a few hundred rows however large the audience, not one row per number.
 */
export async function sendableByPrefix(
  db: DbOrTx,
  context: AudienceContext,
  audience: Audience,
): Promise<{ prefix: string; count: number }[]> {
  const result = (await withPlan(db, context, audience, (tx) =>
    tx.execute(
      sql`WITH ${classifiedCtes(context, audience)}
        SELECT left(phone, 4) AS prefix, count(*)::int AS n FROM classified WHERE reason IS NULL GROUP BY 1`,
    ),
  )) as unknown as Rows;
  return result.rows.map((row) => ({ prefix: String(row.prefix), count: Number(row.n) }));
}

// ---- per-recipient values -------------------------------------------------------------------

/** A variant's TemplateValues as one SQL expression over reach row `c` (name, data) and `r.phone`. */
export interface CompiledValues {
  expression: SQL;
  /** True for a row whose mapped column is empty (null when nothing reads a column). */
  missing: SQL | null;
  fieldErrors: Record<string, string>;
}

/** encodeURIComponent in SQL: every byte but A–Z a–z 0–9 - _ . ! ~ * ' ( ) as %XX of its UTF-8. */
function urlEncoded(text: SQL): SQL {
  return sql`(SELECT string_agg(CASE WHEN ch ~ '^[A-Za-z0-9_.!~*''()-]$' THEN ch
      ELSE regexp_replace(upper(encode(convert_to(ch, 'UTF8'), 'hex')), '(..)', '%\\1', 'g') END, '' ORDER BY i)
    FROM regexp_split_to_table(${text}, '') WITH ORDINALITY AS s(ch, i))`;
}

/**
 * The mapping of a variant checked against its template and the enterprise's columns (the
 * broadcast's rules: every variable mapped, a column that exists, an expression for URLs only with
 * {{column}} parts), compiled to SQL: constants as parameters, columns read from the customer
 * row, URL parts URL-encoded. Keys and shape are the broadcast's (header / body / buttons / cards).
 */
export function compileValues(
  template: { components: TemplateComponent[]; parameterFormat: string },
  mapping: readonly VariableMapping[],
  fields: readonly FieldRow[],
  pathPrefix: string,
): CompiledValues {
  const keys = templateValueKeys({ components: template.components, parameter_format: template.parameterFormat });
  const columns = new Map<string, SQL>([
    ['name', sql`nullif(btrim(c.name), '')`],
    ['phonenumber', sql`r.phone`],
  ]);
  for (const field of fields) columns.set(field.fieldName.toLowerCase(), fieldText(field.id));
  const given = new Map(mapping.map((entry) => [entry.variable, entry]));
  const fieldErrors: Record<string, string> = {};
  const reads: SQL[] = [];
  const filled = new Map<string, SQL>();
  for (const entry of mapping)
    if (!keys.some((key) => key.key === entry.variable))
      fieldErrors[`${pathPrefix}.${entry.variable}`] = `This template has no variable ${entry.variable}`;
  for (const variable of keys) {
    const path = `${pathPrefix}.${variable.key}`;
    const entry = given.get(variable.key);
    const value = entry?.value.trim() ?? '';
    if (!entry || value === '') {
      fieldErrors[path] = variable.card !== undefined ? broadcastMessages.mappingMissing : broadcastMessages.mandatory;
      continue;
    }
    const url = variable.buttonType === 'URL';
    if (entry.type === 'static') {
      filled.set(variable.key, sql`${value}::text`);
      continue;
    }
    if (entry.type === 'column') {
      const column = columns.get(value.toLowerCase());
      if (!column) {
        fieldErrors[path] = `No customer column named ${value}`;
        continue;
      }
      reads.push(column);
      filled.set(variable.key, url ? urlEncoded(column) : column);
      continue;
    }
    if (!url) {
      fieldErrors[path] = 'An expression fills URL variables only: assign a constant or map a column';
      continue;
    }
    const names = templateVariables(value);
    if (names.length === 0) {
      fieldErrors[path] = broadcastMessages.urlVariableNotFound;
      continue;
    }
    const unknown = names.find((name) => !columns.has(name.trim().toLowerCase()));
    if (unknown !== undefined) {
      fieldErrors[path] = `No customer column named ${unknown}`;
      continue;
    }
    const literals = value.split(/\{\{\s*[^{}]*?\s*\}\}/);
    const parts: SQL[] = [];
    literals.forEach((literal, index) => {
      if (literal !== '') parts.push(sql`${literal}::text`);
      const name = names[index];
      if (name !== undefined) {
        const column = columns.get(name.trim().toLowerCase())!;
        reads.push(column);
        parts.push(urlEncoded(column));
      }
    });
    // concat() would skip a NULL part: || keeps the whole value NULL, so missing is seen.
    filled.set(variable.key, sql`(${sql.join(parts, sql` || `)})`);
  }
  const object = (entries: [string, SQL][]) =>
    entries.length === 0
      ? sql`'{}'::jsonb`
      : sql`jsonb_build_object(${sql.join(
          entries.map(([name, value]) => sql`${name}::text, ${value}`),
          sql`, `,
        )})`;
  const pick = (part: string, card?: number) =>
    keys
      .filter((key) => key.part === part && key.card === card && filled.has(key.key))
      .map((key) => [key.name, filled.get(key.key)!] as [string, SQL]);
  const top: SQL[] = [];
  const header = pick('header');
  if (header.length > 0) top.push(sql`'header', ${object(header)}`);
  const body = pick('body');
  if (body.length > 0) top.push(sql`'body', ${object(body)}`);
  const buttons = pick('button');
  if (buttons.length > 0) top.push(sql`'buttons', ${object(buttons)}`);
  const carousel = template.components.find((component) => component.type === 'CAROUSEL');
  if (carousel && carousel.type === 'CAROUSEL') {
    const cards = carousel.cards.map(
      (_, index) =>
        sql`jsonb_build_object('body', ${object(pick('cardBody', index + 1))}, 'buttons', ${object(pick('cardButton', index + 1))})`,
    );
    top.push(sql`'cards', jsonb_build_array(${sql.join(cards, sql`, `)})`);
  }
  const expression = top.length > 0 ? sql`jsonb_build_object(${sql.join(top, sql`, `)})` : sql`'{}'::jsonb`;
  const missing =
    reads.length > 0
      ? sql`(${sql.join(
          [...filled.values()].map((part) => sql`${part} IS NULL`),
          sql` OR `,
        )})`
      : null;
  return { expression, missing, fieldErrors };
}

// ---- a run's recipients ---------------------------------------------------------------------

export interface VariantTarget {
  broadcastId: string;
  values: CompiledValues;
}

export interface ResolveInput {
  context: AudienceContext;
  audience: Audience;
  /** One or two variants; with two, `shareOfFirst` percent of the numbers (by a hash of the phone) get the first. */
  variants: readonly VariantTarget[];
  shareOfFirst: number;
  /** Sends are spread evenly from `startAt` over this many minutes (0: all due at once). */
  spreadMinutes: number;
  startAt: Date;
}

export interface ResolveResult {
  targeted: number;
  excluded: Record<ExclusionReason, number>;
  /** Rows written per broadcast (sendable and blocked). */
  written: Map<string, number>;
  sendable: number;
}

/**
 * Writes a run's recipients: one `INSERT … SELECT` per variant into broadcast_recipients (sendable
 * rows pending with their values, excluded ones blocked with error_code the reason), then reads the
 * counts back from what was written (and the duplicates from the list entries).
 */
export async function resolveInto(tx: DbOrTx, input: ResolveInput): Promise<ResolveResult> {
  const { context, audience } = input;
  const hash = sql`mod(abs(hashtext(x.phone)::bigint), 100)`;
  const written = new Map<string, number>();
  const excluded = emptyExcluded();
  let sendable = 0;
  for (const [index, variant] of input.variants.entries()) {
    const bucket =
      input.variants.length < 2
        ? sql`true`
        : index === 0
          ? sql`${hash} < ${input.shareOfFirst}`
          : sql`${hash} >= ${input.shareOfFirst}`;
    const spreadSeconds = input.spreadMinutes * 60;
    const due =
      spreadSeconds > 0
        ? sql`${input.startAt.toISOString()}::timestamptz + make_interval(secs => ((row_number() OVER (ORDER BY x.phone) - 1) * ${spreadSeconds}::float8 / greatest(count(*) OVER (), 1)))`
        : sql`${input.startAt.toISOString()}::timestamptz`;
    const result = (await withPlan(tx, context, audience, (inner) =>
      inner.execute(sql`WITH ${classifiedCtes(context, audience, variant.values)},
      inserted AS (
        INSERT INTO broadcast_recipients
          (enterprise_id, broadcast_id, phone, customer_id, "values", state, error_code, error_text, next_attempt_at)
        SELECT ${context.enterpriseId}::uuid, ${variant.broadcastId}::uuid, x.phone, x.customer_id,
          CASE WHEN x.reason IS NULL THEN x."values" ELSE '{}'::jsonb END,
          CASE WHEN x.reason IS NULL THEN 'pending' ELSE 'blocked' END,
          x.reason, ${reasonTextSql()}, ${due}
        FROM classified x WHERE ${bucket}
        RETURNING error_code)
      SELECT error_code, count(*)::bigint AS count FROM inserted GROUP BY error_code`),
    )) as unknown as Rows;
    let total = 0;
    for (const row of result.rows) {
      const count = Number(row.count);
      total += count;
      const code = row.error_code === null ? null : (String(row.error_code) as ExclusionReason);
      if (code === null) sendable += count;
      else excluded[code] += count;
    }
    written.set(variant.broadcastId, total);
  }
  if (audience.listIds.length > 0) {
    const result = (await tx.execute(sql`WITH ${reachCtes(context, audience)}
      SELECT (SELECT entries FROM list_rows)::bigint AS entries,
        (SELECT count(*) FROM reach WHERE listed_only)::bigint AS listed_only`)) as unknown as Rows;
    excluded.duplicate = Math.max(0, Number(result.rows[0]?.entries ?? 0) - Number(result.rows[0]?.listed_only ?? 0));
  }
  const reached = [...written.values()].reduce((sum, count) => sum + count, 0);
  return { targeted: reached + excluded.duplicate, excluded, written, sendable };
}

/** The error_text of an excluded row (what the report's recipient table shows). */
function reasonTextSql(): SQL {
  return sql`CASE x.reason
    WHEN 'invalidNumber' THEN ${broadcastMessages.invalidNumber}
    WHEN 'optedOut' THEN ${broadcastMessages.optedOut}
    WHEN 'blacklisted' THEN ${broadcastMessages.blacklisted}
    WHEN 'capped' THEN 'Frequency cap reached'
    WHEN 'missingValue' THEN 'Mapped value missing'
  END`;
}
