import { campaignLimits } from '@parley/contracts/campaigns';
import { rawFor, type Db } from '../../../db/client';
import { quietVerdict } from '../protection/guard';

/**
 * The campaign report's SQL (issue 21 item 4). Set-based: every figure of a campaign (or a page of
 * campaigns) comes from one statement over its broadcasts' outbox rows, whatever their number.
 *
 * What counts (docs/decisions/026-campaign-report-attribution.md):
 * - Rows of a campaign's 'main' and 'fallback' broadcasts (campaign_broadcasts); 'test' ones never.
 * - Status: the outbox state, then the channel log's status once the vendor took the message
 *   (as the broadcast progress counts it: a message read was delivered too).
 * - A reply (replySql): the first inbound message from the recipient's number on the channel the
 *   campaign message went out on, after it and within campaignLimits.attributionHours, with no
 *   other campaign message (main or fallback, of any campaign or run, or an external campaign's
 *   broadcast; not tests, not failed sends) to that number on that channel in between. So a reply counts once, for the campaign
 *   that messaged the customer last. Same channel, not any channel of the enterprise: a reply
 *   answers the conversation it is in, and channel_messages_customer_idx (channel, number,
 *   direction, created_at) serves both look-ups as index range scans.
 */

/**
 * The reply to the row `x` (columns id, state, channel_id, phone, base_at): its time, or no row.
 * `$hours` is the attribution window's parameter number.
 */
export function replySql(x: string, hours: number): string {
  return `SELECT i.created_at AS replied_at
    FROM channel_messages i
    WHERE ${x}.state = 'accepted' AND i.channel_id = ${x}.channel_id AND i.customer_number = ${x}.phone
      AND i.direction = 'in' AND i.created_at > ${x}.base_at
      AND i.created_at <= ${x}.base_at + $${hours}::int * interval '1 hour'
      AND NOT EXISTS (
        SELECT 1 FROM channel_messages o
        JOIN broadcast_recipients orow ON orow.id = o.source_id
        JOIN broadcasts ob ON ob.id = orow.broadcast_id
        LEFT JOIN campaign_broadcasts ocb ON ocb.broadcast_id = orow.broadcast_id
        WHERE o.channel_id = ${x}.channel_id AND o.customer_number = ${x}.phone AND o.direction = 'out'
          AND o.source = 'broadcast' AND o.status <> 'failed' AND o.source_id <> ${x}.id
          AND o.created_at > ${x}.base_at AND o.created_at < i.created_at
          AND (ocb.kind IN ('main', 'fallback') OR (ocb.broadcast_id IS NULL AND upper(ob.resource_type) = 'CAMPAIGN')))
    ORDER BY i.created_at
    LIMIT 1`;
}

/** A rate as the statement takes it (dial code without the plus, upper-case category). */
export interface Rate {
  country: string;
  category: string;
  rate: number;
}

/** The rate card as a table ($n: the rates as JSON), for PRICE_JOINS. */
const ratesCte = (n: number) =>
  `rates AS MATERIALIZED (SELECT x.country, x.category, x.rate FROM jsonb_to_recordset($${n}::jsonb) AS x(country text, category text, rate numeric))`;

/**
 * Price of an accepted message not failed since (rows r, broadcasts b, channel_messages m): the rate
 * of its dial code (1–3 digits, shortest first: calling codes are prefix-free, so one matches) and
 * template category; 0 where the card has none. Equality joins: hashed once, not a scan per row.
 */
const PRICE_JOINS = [1, 2, 3]
  .map(
    (length) => `LEFT JOIN rates p${length} ON p${length}.category = upper(b.template_snapshot->>'category')
          AND p${length}.country = substr(r.phone, 2, ${length})`,
  )
  .join('\n');
const PRICE_SQL = `CASE WHEN r.state = 'accepted' AND m.status IS DISTINCT FROM 'failed'
    THEN coalesce(p1.rate, p2.rate, p3.rate, 0) ELSE 0 END`;

export interface GroupRow {
  campaignId: string;
  runId: string | null;
  variant: string | null;
  templateName: string;
  rows: number;
  blocked: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  pending: number;
  waitingQuietHours: number;
  replied: number;
  clicked: number;
  fallbackSent: number;
  fallbackDelivered: number;
  cost: number;
}

export interface BlockedRow {
  campaignId: string;
  runId: string | null;
  code: string;
  count: number;
}

export interface StatsRows {
  groups: GroupRow[];
  blocked: BlockedRow[];
  failed: { code: string; text: string; count: number }[];
  daily: { date: string; sent: number; delivered: number; read: number; replied: number }[];
}

export interface RunRow {
  id: string;
  campaignId: string;
  occurrence: Date;
  state: string;
  targeted: number;
  excluded: Record<string, number>;
}

export interface RecipientFilter {
  enterpriseId: string;
  campaignId: string;
  runId?: string;
  /** sent | delivered | read | failed | replied | clicked | excluded | pending (checked by the service). */
  status?: string;
  /** Digits the number contains. */
  digits?: string;
}

export interface RecipientDbRow {
  id: string;
  broadcastId: string;
  phone: string;
  name: string | null;
  variant: string | null;
  state: string;
  messageStatus: string | null;
  statusAt: Date | null;
  sentAt: Date | null;
  errorCode: string | null;
  errorText: string | null;
  messageErrorCode: string | null;
  messageErrorText: string | null;
  repliedAt: Date | null;
  clicked: boolean;
  fallbackState: string | null;
  fallbackStatus: string | null;
}

const num = (value: unknown) => Number(value ?? 0);
const str = (value: unknown) => (value === null || value === undefined ? null : String(value));
const date = (value: unknown) =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));
const ids = (list: readonly string[]) => JSON.stringify(list);

/** Main-row conditions of the recipient table's status filter (the funnel's stages). */
const STATUS_WHERE: Record<string, string> = {
  sent: `r.state = 'accepted'`,
  delivered: `r.state = 'accepted' AND m.status IN ('delivered', 'read')`,
  read: `r.state = 'accepted' AND m.status = 'read'`,
  failed: `(r.state = 'failed' OR (r.state = 'accepted' AND m.status = 'failed'))`,
  excluded: `r.state = 'blocked'`,
  pending: `r.state IN ('pending', 'sending')`,
  clicked: `EXISTS (SELECT 1 FROM campaign_clicks k WHERE k.recipient_id = r.id)`,
};
export const recipientStatuses = [...Object.keys(STATUS_WHERE), 'replied'] as const;

/** A main row of the recipient table, as STATUS_WHERE and replySql('s') read it (with cb). */
const BASE_COLUMNS = `r.id, r.phone, r.state, r.sent_at, r.error_code, r.error_text, r.customer_id,
               r.broadcast_id, cb.variant, b.channel_id,
               m.status AS m_status, m.status_at, m.error_code AS m_error_code, m.error_text AS m_error_text,
               coalesce(m.created_at, r.sent_at) AS base_at`;
const BASE_JOINS = `JOIN broadcasts b ON b.id = cb.broadcast_id
             JOIN broadcast_recipients r ON r.broadcast_id = cb.broadcast_id
             LEFT JOIN channel_messages m ON m.id = r.message_id
             CROSS JOIN LATERAL (SELECT r.id, r.state, b.channel_id, r.phone, coalesce(m.created_at, r.sent_at) AS base_at) s`;

export function createReportRepository(db: Db) {
  const raw = rawFor(db);

  /**
   * A report statement with PostgreSQL's JIT compilation off: the planner prices the per-row
   * reply look-ups high, and compiling the plan took 5 of the 6.4 s of a 100,000-recipient stats
   * query (executing it, 1.3 s). One transaction, so SET LOCAL ends with it.
   */
  const report: typeof raw = (text, values) =>
    db.transaction(async (tx) => {
      const query = rawFor(tx);
      await query('SET LOCAL jit = off');
      return query(text, values);
    });

  /**
   * The per-row facts of campaigns' main and fallback rows ($1 enterprise, $2 campaign ids as a
   * JSON array, $3 run id or null, $4 rates as JSON, $5 attribution hours), and the main rows with
   * their fallbacks folded in (one per recipient and run). `withTimes` adds delivered and read
   * times from the status events (the daily series).
   */
  function factsSql(withTimes: boolean): string {
    return `WITH ${ratesCte(4)},
    facts AS MATERIALIZED (
      SELECT x.*, rp.replied_at FROM (
        SELECT r.id, r.phone, r.state, r.error_code, r.error_text, r.sent_at,
          coalesce(m.created_at, r.sent_at) AS base_at,
          cb.campaign_id, cb.run_id, cb.kind, cb.broadcast_id,
          CASE WHEN cb.kind = 'main' THEN cb.variant ELSE mcb.variant END AS variant,
          b.template_name, b.channel_id,
          m.status AS m_status, m.error_code AS m_error_code, m.error_text AS m_error_text,
          ${
            withTimes
              ? `CASE WHEN m.status IN ('delivered', 'read') THEN coalesce(ed.occurred_at, er.occurred_at, m.status_at) END AS delivered_at,
          CASE WHEN m.status = 'read' THEN coalesce(er.occurred_at, m.status_at) END AS read_at,`
              : `NULL::timestamptz AS delivered_at, NULL::timestamptz AS read_at,`
          }
          ${PRICE_SQL} AS price,
          EXISTS (SELECT 1 FROM campaign_clicks k WHERE k.recipient_id = r.id) AS clicked,
          cb.main_broadcast_id
        FROM campaign_broadcasts cb
        JOIN broadcasts b ON b.id = cb.broadcast_id
        JOIN broadcast_recipients r ON r.broadcast_id = cb.broadcast_id
        LEFT JOIN campaign_broadcasts mcb ON mcb.broadcast_id = cb.main_broadcast_id
        LEFT JOIN channel_messages m ON m.id = r.message_id
        ${PRICE_JOINS}
        ${
          withTimes
            ? `LEFT JOIN channel_message_events ed ON ed.channel_id = m.channel_id AND ed.vendor_message_id = m.vendor_message_id AND ed.status = 'delivered'
        LEFT JOIN channel_message_events er ON er.channel_id = m.channel_id AND er.vendor_message_id = m.vendor_message_id AND er.status = 'read'`
            : ''
        }
        WHERE cb.enterprise_id = $1 AND cb.campaign_id IN (SELECT jsonb_array_elements_text($2::jsonb)::uuid)
          AND cb.kind IN ('main', 'fallback') AND ($3::uuid IS NULL OR cb.run_id = $3::uuid)
      ) x
      LEFT JOIN LATERAL (${replySql('x', 5)}) rp ON true
    ),
    fb AS (
      SELECT main_broadcast_id, phone,
        bool_or(state = 'accepted') AS sent,
        bool_or(state = 'accepted' AND m_status IN ('delivered', 'read')) AS delivered,
        min(replied_at) AS replied_at,
        sum(price) AS price
      FROM facts WHERE kind = 'fallback'
      GROUP BY main_broadcast_id, phone
    ),
    main AS (
      SELECT f.*, coalesce(fb.sent, false) AS fb_sent, coalesce(fb.delivered, false) AS fb_delivered,
        least(f.replied_at, fb.replied_at) AS any_replied_at,
        f.price + coalesce(fb.price, 0) AS total_price,
        (f.state = 'failed' OR (f.state = 'accepted' AND f.m_status = 'failed')) AS is_failed
      FROM facts f
      LEFT JOIN fb ON fb.main_broadcast_id = f.broadcast_id AND fb.phone = f.phone
      WHERE f.kind = 'main'
    )`;
  }

  const GROUPS_SQL = `
    SELECT 'group' AS t, campaign_id::text AS a, run_id::text AS b, variant AS c, NULL::text AS d,
      jsonb_build_object(
        'templateName', max(template_name),
        'rows', count(*),
        'blocked', count(*) FILTER (WHERE state = 'blocked'),
        'sent', count(*) FILTER (WHERE state = 'accepted'),
        'delivered', count(*) FILTER (WHERE state = 'accepted' AND m_status IN ('delivered', 'read')),
        'read', count(*) FILTER (WHERE state = 'accepted' AND m_status = 'read'),
        'failed', count(*) FILTER (WHERE is_failed),
        'pending', count(*) FILTER (WHERE state IN ('pending', 'sending')),
        'waitingQuietHours', count(*) FILTER (WHERE state = 'pending' AND error_code = '${quietVerdict.code}'),
        'replied', count(*) FILTER (WHERE any_replied_at IS NOT NULL),
        'clicked', count(*) FILTER (WHERE clicked),
        'fallbackSent', count(*) FILTER (WHERE fb_sent),
        'fallbackDelivered', count(*) FILTER (WHERE fb_delivered),
        'cost', sum(total_price)) AS data
    FROM main GROUP BY campaign_id, run_id, variant
    UNION ALL
    SELECT 'blocked', campaign_id::text, run_id::text, coalesce(error_code, ''), NULL, jsonb_build_object('count', count(*))
    FROM main WHERE state = 'blocked' GROUP BY campaign_id, run_id, error_code`;

  function groupOf(row: Record<string, unknown>): GroupRow {
    const data = row.data as Record<string, unknown>;
    return {
      campaignId: String(row.a),
      runId: str(row.b),
      variant: str(row.c),
      templateName: String(data.templateName ?? ''),
      rows: num(data.rows),
      blocked: num(data.blocked),
      sent: num(data.sent),
      delivered: num(data.delivered),
      read: num(data.read),
      failed: num(data.failed),
      pending: num(data.pending),
      waitingQuietHours: num(data.waitingQuietHours),
      replied: num(data.replied),
      clicked: num(data.clicked),
      fallbackSent: num(data.fallbackSent),
      fallbackDelivered: num(data.fallbackDelivered),
      cost: num(data.cost),
    };
  }

  function blockedOf(row: Record<string, unknown>): BlockedRow {
    return {
      campaignId: String(row.a),
      runId: str(row.b),
      code: String(row.c ?? ''),
      count: num((row.data as Record<string, unknown>).count),
    };
  }

  return {
    /** The enterprise's settings the report reads: timezone and whether external campaigns are recorded. */
    async enterprise(enterpriseId: string): Promise<{ timezone: string; recordExternalCampaigns: boolean }> {
      const { rows } = await raw(`SELECT settings FROM enterprises WHERE id = $1`, [enterpriseId]);
      const settings = (rows[0]?.settings ?? {}) as Record<string, unknown>;
      return {
        timezone: typeof settings.timezone === 'string' && settings.timezone ? settings.timezone : 'UTC',
        recordExternalCampaigns: settings.recordExternalCampaigns === true,
      };
    },

    async rateCard(enterpriseId: string): Promise<{ currency: string | null; rates: Rate[] }> {
      const { rows } = await raw(`SELECT country, category, currency, rate FROM rate_card WHERE enterprise_id = $1`, [
        enterpriseId,
      ]);
      return {
        currency: rows[0] ? String(rows[0].currency) : null,
        rates: rows.map((row) => ({
          country: String(row.country),
          category: String(row.category).toUpperCase(),
          rate: Number(row.rate),
        })),
      };
    },

    /** One campaign of the enterprise (deleted ones too: their report stays), or null. */
    async campaign(enterpriseId: string, id: string): Promise<{ id: string; name: string } | null> {
      const { rows } = await raw(`SELECT id, name FROM campaigns WHERE id = $1 AND enterprise_id = $2`, [
        id,
        enterpriseId,
      ]);
      return rows[0] ? { id: String(rows[0].id), name: String(rows[0].name) } : null;
    },

    /** The report list: campaigns by name, the last run first; deleted ones only when they ran. */
    async campaignPage(enterpriseId: string, search: string, from: number, perPage: number) {
      const { rows } = await raw(
        `SELECT c.id, c.name, c.status, lr.last_run_at
         FROM campaigns c
         LEFT JOIN LATERAL (SELECT max(occurrence) AS last_run_at FROM campaign_runs cr WHERE cr.campaign_id = c.id) lr ON true
         WHERE c.enterprise_id = $1 AND (c.deleted_at IS NULL OR lr.last_run_at IS NOT NULL)
           AND ($2 = '' OR strpos(lower(c.name), lower($2)) > 0)
         ORDER BY lr.last_run_at DESC NULLS LAST, c.updated_at DESC, c.id
         LIMIT $3 OFFSET $4`,
        [enterpriseId, search, perPage + 1, from],
      );
      return rows.map((row) => ({
        id: String(row.id),
        name: String(row.name),
        status: String(row.status),
        lastRunAt: date(row.last_run_at),
      }));
    },

    async runs(campaignIds: readonly string[], runId?: string): Promise<RunRow[]> {
      if (campaignIds.length === 0) return [];
      const { rows } = await raw(
        `SELECT id, campaign_id, occurrence, state, targeted, excluded FROM campaign_runs
         WHERE campaign_id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid) AND ($2::uuid IS NULL OR id = $2::uuid)
         ORDER BY occurrence DESC, id`,
        [ids(campaignIds), runId ?? null],
      );
      return rows.map((row) => ({
        id: String(row.id),
        campaignId: String(row.campaign_id),
        occurrence: date(row.occurrence)!,
        state: String(row.state),
        targeted: num(row.targeted),
        excluded: (row.excluded ?? {}) as Record<string, number>,
      }));
    },

    /** Funnel counts by campaign, run and variant, and blocked rows by reason, for a page of campaigns. */
    async groups(
      enterpriseId: string,
      campaignIds: readonly string[],
      rates: readonly Rate[],
    ): Promise<Pick<StatsRows, 'groups' | 'blocked'>> {
      if (campaignIds.length === 0) return { groups: [], blocked: [] };
      const { rows } = await report(`${factsSql(false)} ${GROUPS_SQL}`, [
        enterpriseId,
        ids(campaignIds),
        null,
        JSON.stringify(rates),
        campaignLimits.attributionHours,
      ]);
      return {
        groups: rows.filter((row) => row.t === 'group').map(groupOf),
        blocked: rows.filter((row) => row.t === 'blocked').map(blockedOf),
      };
    },

    /** Everything the stats page shows of one campaign (or one of its runs), in one statement. */
    async stats(
      enterpriseId: string,
      campaignId: string,
      runId: string | undefined,
      rates: readonly Rate[],
      timezone: string,
    ): Promise<StatsRows> {
      const { rows } = await report(
        `${factsSql(true)} ${GROUPS_SQL}
         UNION ALL
         SELECT 'failed', NULL, NULL, code, text, jsonb_build_object('count', count(*))
         FROM (
           SELECT CASE WHEN state = 'failed' THEN coalesce(error_code, '') ELSE coalesce(m_error_code, '') END AS code,
                  CASE WHEN state = 'failed' THEN coalesce(error_text, '') ELSE coalesce(m_error_text, '') END AS text
           FROM main WHERE is_failed) failures
         GROUP BY code, text
         UNION ALL
         SELECT 'day', NULL, NULL, to_char((e.at AT TIME ZONE $6)::date, 'YYYY-MM-DD'), NULL,
           jsonb_build_object(
             'sent', count(*) FILTER (WHERE e.kind = 'sent'),
             'delivered', count(*) FILTER (WHERE e.kind = 'delivered'),
             'read', count(*) FILTER (WHERE e.kind = 'read'),
             'replied', count(*) FILTER (WHERE e.kind = 'replied'))
         FROM main
         CROSS JOIN LATERAL (VALUES
           ('sent', CASE WHEN main.state = 'accepted' THEN main.base_at END),
           ('delivered', main.delivered_at),
           ('read', main.read_at),
           ('replied', main.any_replied_at)) AS e(kind, at)
         WHERE e.at IS NOT NULL
         GROUP BY 4`,
        [
          enterpriseId,
          ids([campaignId]),
          runId ?? null,
          JSON.stringify(rates),
          campaignLimits.attributionHours,
          timezone,
        ],
      );
      return {
        groups: rows.filter((row) => row.t === 'group').map(groupOf),
        blocked: rows.filter((row) => row.t === 'blocked').map(blockedOf),
        failed: rows
          .filter((row) => row.t === 'failed')
          .map((row) => ({
            code: String(row.c ?? ''),
            text: String(row.d ?? ''),
            count: num((row.data as Record<string, unknown>).count),
          }))
          .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
        daily: rows
          .filter((row) => row.t === 'day')
          .map((row) => {
            const data = row.data as Record<string, unknown>;
            return {
              date: String(row.c),
              sent: num(data.sent),
              delivered: num(data.delivered),
              read: num(data.read),
              replied: num(data.replied),
            };
          })
          .sort((a, b) => a.date.localeCompare(b.date)),
      };
    },

    /** Clicks by destination: every click, and the recipients who clicked. Main broadcasts only. */
    async clicksByUrl(enterpriseId: string, campaignId: string, runId?: string) {
      const { rows } = await raw(
        `SELECT k.url, count(*)::int AS clicks, count(DISTINCT k.recipient_id)::int AS unique_clicks
         FROM campaign_clicks k
         JOIN broadcast_recipients r ON r.id = k.recipient_id
         JOIN campaign_broadcasts cb ON cb.broadcast_id = r.broadcast_id AND cb.kind = 'main'
         WHERE k.enterprise_id = $1 AND k.campaign_id = $2 AND ($3::uuid IS NULL OR cb.run_id = $3::uuid)
         GROUP BY k.url
         ORDER BY count(*) DESC, k.url`,
        [enterpriseId, campaignId, runId ?? null],
      );
      return rows.map((row) => ({
        url: String(row.url),
        clicks: num(row.clicks),
        uniqueClicks: num(row.unique_clicks),
      }));
    },

    /** A campaign's main broadcasts in the recipient table's order: the newest run first, then variant. */
    async mainBroadcasts(enterpriseId: string, campaignId: string, runId?: string): Promise<string[]> {
      const { rows } = await raw(
        `SELECT cb.broadcast_id FROM campaign_broadcasts cb
         LEFT JOIN campaign_runs cr ON cr.id = cb.run_id
         WHERE cb.enterprise_id = $1 AND cb.campaign_id = $2 AND cb.kind = 'main' AND ($3::uuid IS NULL OR cb.run_id = $3::uuid)
         ORDER BY cr.occurrence DESC NULLS LAST, cb.variant NULLS FIRST, cb.broadcast_id`,
        [enterpriseId, campaignId, runId ?? null],
      );
      return rows.map((row) => String(row.broadcast_id));
    },

    /**
     * Recipient rows (main broadcasts) in the table's order (newest run first, variant, number),
     * filtered; `page` by offset for the table, or one broadcast's rows after a number for the export.
     */
    async recipients(
      filter: RecipientFilter,
      page: { from: number; limit: number } | { broadcastId: string; afterPhone: string; limit: number },
    ): Promise<RecipientDbRow[]> {
      const conditions = [
        `cb.enterprise_id = $1`,
        `cb.campaign_id = $2`,
        `cb.kind = 'main'`,
        `($3::uuid IS NULL OR cb.run_id = $3::uuid)`,
        `($4 = '' OR strpos(r.phone, $4) > 0)`,
      ];
      const status = filter.status;
      if (status && status !== 'replied') conditions.push(STATUS_WHERE[status]!);
      if (status === 'replied')
        conditions.push(`(EXISTS (${replySql('s', 5)}) OR EXISTS (
          SELECT 1 FROM campaign_broadcasts fcb
          JOIN broadcasts fbb ON fbb.id = fcb.broadcast_id
          JOIN broadcast_recipients fr ON fr.broadcast_id = fcb.broadcast_id AND fr.phone = r.phone
          LEFT JOIN channel_messages fm ON fm.id = fr.message_id
          CROSS JOIN LATERAL (SELECT fr.id, fr.state, fbb.channel_id, fr.phone, coalesce(fm.created_at, fr.sent_at) AS base_at) fs
          WHERE fcb.main_broadcast_id = cb.broadcast_id AND fcb.kind = 'fallback' AND EXISTS (${replySql('fs', 5)})))`);
      const values: unknown[] = [
        filter.enterpriseId,
        filter.campaignId,
        filter.runId ?? null,
        filter.digits ?? '',
        campaignLimits.attributionHours,
      ];
      let source: string;
      if ('from' in page) {
        values.push(page.limit, page.from);
        // The table: the newest run first, then variant, then number; paged by offset.
        source = `SELECT * FROM (
             SELECT rk.rank, ${BASE_COLUMNS}
             FROM ranked rk
             JOIN campaign_broadcasts cb ON cb.broadcast_id = rk.broadcast_id
             ${BASE_JOINS}
             WHERE ${conditions.join(' AND ')}
           ) filtered
           ORDER BY rank, phone
           LIMIT $6 OFFSET $7`;
      } else {
        // The export: one broadcast at a time, after a number, in the order of its (broadcast, phone) index.
        values.push(page.limit, page.broadcastId, page.afterPhone);
        source = `SELECT 0 AS rank, ${BASE_COLUMNS}
             FROM campaign_broadcasts cb
             ${BASE_JOINS}
             WHERE ${conditions.join(' AND ')} AND cb.broadcast_id = $7::uuid AND r.broadcast_id = $7::uuid AND r.phone > $8
             ORDER BY r.phone
             LIMIT $6`;
      }
      // Most campaigns have no failover: their rows skip the fallback look-up.
      const { rows: fallbacks } = await raw(
        `SELECT 1 FROM campaign_broadcasts WHERE campaign_id = $1 AND kind = 'fallback' LIMIT 1`,
        [filter.campaignId],
      );
      const fallbackJoin =
        fallbacks.length > 0
          ? `         LEFT JOIN LATERAL (
           SELECT fs.state, fm.status AS m_status, frp.replied_at
           FROM campaign_broadcasts fcb
           JOIN broadcasts fbb ON fbb.id = fcb.broadcast_id
           JOIN broadcast_recipients fr ON fr.broadcast_id = fcb.broadcast_id AND fr.phone = p.phone
           LEFT JOIN channel_messages fm ON fm.id = fr.message_id
           CROSS JOIN LATERAL (SELECT fr.id, fr.state, fbb.channel_id, fr.phone, coalesce(fm.created_at, fr.sent_at) AS base_at, fr.sent_at) fs
           LEFT JOIN LATERAL (${replySql('fs', 5)}) frp ON true
           WHERE fcb.main_broadcast_id = p.broadcast_id AND fcb.kind = 'fallback'
           ORDER BY fs.sent_at DESC NULLS LAST
           LIMIT 1
         ) fb ON true`
          : `LEFT JOIN LATERAL (SELECT NULL::text AS state, NULL::text AS m_status, NULL::timestamptz AS replied_at) fb ON true`;
      const { rows } = await report(
        `WITH ranked AS (
           SELECT cb.broadcast_id, cb.variant, row_number() OVER (ORDER BY cr.occurrence DESC NULLS LAST, cb.variant NULLS FIRST, cb.broadcast_id)::int AS rank
           FROM campaign_broadcasts cb
           LEFT JOIN campaign_runs cr ON cr.id = cb.run_id
           WHERE cb.enterprise_id = $1 AND cb.campaign_id = $2 AND cb.kind = 'main' AND ($3::uuid IS NULL OR cb.run_id = $3::uuid)
         ),
         page AS (${source})
         SELECT p.*, coalesce(cu.name, cp.name) AS customer_name,
           least(rp.replied_at, fb.replied_at) AS replied_at,
           EXISTS (SELECT 1 FROM campaign_clicks k WHERE k.recipient_id = p.id) AS clicked,
           fb.state AS fb_state, fb.m_status AS fb_status
         FROM page p
         LEFT JOIN customers cu ON cu.id = p.customer_id
         LEFT JOIN customers cp ON cp.enterprise_id = $1 AND cp.phone_number = p.phone
         LEFT JOIN LATERAL (${replySql('p', 5)}) rp ON true
${fallbackJoin}
         ORDER BY p.rank, p.phone`,
        values,
      );
      return rows.map((row) => ({
        id: String(row.id),
        broadcastId: String(row.broadcast_id),
        phone: String(row.phone),
        name: str(row.customer_name),
        variant: str(row.variant),
        state: String(row.state),
        messageStatus: str(row.m_status),
        statusAt: date(row.status_at),
        sentAt: date(row.sent_at),
        errorCode: str(row.error_code),
        errorText: str(row.error_text),
        messageErrorCode: str(row.m_error_code),
        messageErrorText: str(row.m_error_text),
        repliedAt: date(row.replied_at),
        clicked: row.clicked === true,
        fallbackState: str(row.fb_state),
        fallbackStatus: str(row.fb_status),
      }));
    },

    /**
     * External campaigns: broadcasts with resource_type CAMPAIGN that are no campaign's broadcast and
     * whose resource_id is none of the enterprise's campaigns, grouped by resource_id, the latest first.
     */
    async externalPage(enterpriseId: string, from: number, perPage: number, rates: readonly Rate[]) {
      const { rows } = await report(
        `WITH ${ratesCte(4)},
         ext AS (
           SELECT b.resource_id, count(*)::int AS broadcasts, max(b.created_at) AS last_at,
             jsonb_agg(b.id) AS broadcast_ids
           FROM broadcasts b
           WHERE b.enterprise_id = $1 AND upper(b.resource_type) = 'CAMPAIGN' AND coalesce(b.resource_id, '') <> ''
             AND NOT EXISTS (SELECT 1 FROM campaign_broadcasts cb WHERE cb.broadcast_id = b.id)
             AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.enterprise_id = b.enterprise_id AND c.id::text = lower(b.resource_id))
           GROUP BY b.resource_id
           ORDER BY max(b.created_at) DESC, b.resource_id
           LIMIT $2 OFFSET $3
         )
         SELECT ext.resource_id, ext.broadcasts, ext.last_at, f.*
         FROM ext
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS rows,
             count(*) FILTER (WHERE x.state = 'blocked')::int AS blocked,
             count(*) FILTER (WHERE x.state = 'accepted')::int AS sent,
             count(*) FILTER (WHERE x.state = 'accepted' AND x.m_status IN ('delivered', 'read'))::int AS delivered,
             count(*) FILTER (WHERE x.state = 'accepted' AND x.m_status = 'read')::int AS read,
             count(*) FILTER (WHERE x.state = 'failed' OR (x.state = 'accepted' AND x.m_status = 'failed'))::int AS failed,
             count(*) FILTER (WHERE x.state IN ('pending', 'sending'))::int AS pending,
             count(rp.replied_at)::int AS replied,
             coalesce(sum(x.price), 0) AS cost
           FROM (
             SELECT r.id, r.state, r.phone, b.channel_id, m.status AS m_status,
               coalesce(m.created_at, r.sent_at) AS base_at, ${PRICE_SQL} AS price
             FROM broadcasts b
             JOIN broadcast_recipients r ON r.broadcast_id = b.id
             LEFT JOIN channel_messages m ON m.id = r.message_id
             ${PRICE_JOINS}
             WHERE b.id IN (SELECT jsonb_array_elements_text(ext.broadcast_ids)::uuid)
           ) x
           LEFT JOIN LATERAL (${replySql('x', 5)}) rp ON true
         ) f
         ORDER BY ext.last_at DESC, ext.resource_id`,
        [enterpriseId, perPage + 1, from, JSON.stringify(rates), campaignLimits.attributionHours],
      );
      return rows.map((row) => ({
        externalId: String(row.resource_id),
        broadcasts: num(row.broadcasts),
        lastSentAt: date(row.last_at),
        rows: num(row.rows),
        blocked: num(row.blocked),
        sent: num(row.sent),
        delivered: num(row.delivered),
        read: num(row.read),
        failed: num(row.failed),
        pending: num(row.pending),
        replied: num(row.replied),
        cost: num(row.cost),
      }));
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
