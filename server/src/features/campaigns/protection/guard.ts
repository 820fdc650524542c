import type { Config } from '../../../config';
import { rawFor, type Db } from '../../../db/client';
import type { GuardVerdict, SendGuard } from '../../../platform/messaging/broadcast-ports';
import { enterpriseTimeZone, quietUntil, recipientTimeZone, type QuietWindow } from './quiet-hours';

/** What a row waiting out quiet hours carries (error_code while pending; released when the rules change). */
export const quietVerdict = { code: 'quiet_hours', text: 'Waiting for quiet hours to end' } as const;

/** What a capped row is recorded with (state 'blocked'). */
export const cappedVerdict = { code: 'capped', text: 'Frequency cap reached' } as const;

/**
 * A frequency cap's window, rolling: 'day' is the last 24 hours, 'week' the last 7 days. Rolling
 * rather than calendar windows so that a cap of 1 a day never lets 23:59 and 00:01 both through,
 * and the count means the same in every time zone.
 */
export const capWindowHours = { day: 24, week: 24 * 7 } as const;

type GuardedBroadcast = Parameters<SendGuard['check']>[0];
type GuardedRow = Parameters<SendGuard['check']>[1][number];

export interface CampaignGuardDeps {
  db: Db;
  config: Config;
  /** Click tracking (the report's): values to send instead, for rows that are sent now. */
  transformValues?: (
    broadcast: GuardedBroadcast,
    rows: readonly GuardedRow[],
  ) => Promise<Map<string, Record<string, unknown>>>;
  /** Test seam: the clock quiet hours are judged by. */
  now?: () => Date;
  /** How long an enterprise's rules are kept before they are read again (1 s: a saved rule applies within a second). */
  rulesTtlMs?: number;
}

interface Rules {
  timeZone: string;
  windows: QuietWindow[];
  caps: { max: number; hours: number }[];
}

const CACHE_LIMIT = 10_000;

/**
 * The campaign rules the broadcast pipeline asks before each batch (PipelineDeps.guard), for a
 * campaign's 'main' and 'fallback' broadcasts only (tests and ordinary broadcasts pass untouched):
 *
 * 1. Quiet hours: a row whose recipient's local time (recipientTimeZone) is inside an enabled
 *    block-time window waits until the window's end (deferUntil; the row goes back to pending).
 * 2. Frequency caps: every row sent is written to campaign_send_log first; then, per number, the
 *    log rows inside each enabled cap's window are ranked by (sent_at, recipient_id), and a row of
 *    this batch ranked beyond the cap loses its log row and is skipped ('capped'). The batch's
 *    numbers are locked (transaction advisory locks, in order) around insert and rank, so two
 *    runners that check the same number at once see each other's rows: never more than the cap
 *    goes out. A message that failed or was blocked does not count. A row claimed again (after a
 *    crash or a stop) keeps its first log row, so it is judged the same way again.
 * 3. Values: `transformValues` may replace the values of the rows that go out now.
 *
 * Why these choices: docs/decisions/027-campaign-protection-rules.md.
 */
export function createCampaignGuard(deps: CampaignGuardDeps): SendGuard {
  const raw = rawFor(deps.db);
  const now = deps.now ?? (() => new Date());
  /** Broadcast id → whether the rules apply (a campaign's main or fallback broadcast). */
  const guarded = new Map<string, boolean>();

  async function isGuarded(broadcastId: string): Promise<boolean> {
    const known = guarded.get(broadcastId);
    if (known !== undefined) return known;
    const { rows } = await raw(
      `SELECT 1 FROM campaign_broadcasts WHERE broadcast_id = $1 AND kind IN ('main', 'fallback')`,
      [broadcastId],
    );
    if (guarded.size >= CACHE_LIMIT) guarded.clear();
    guarded.set(broadcastId, rows.length > 0);
    return rows.length > 0;
  }

  const rulesCache = new Map<string, { rules: Rules; until: number }>();
  const rulesTtlMs = deps.rulesTtlMs ?? 1000;

  async function rulesOf(enterpriseId: string): Promise<Rules> {
    const cached = rulesCache.get(enterpriseId);
    if (cached && cached.until > Date.now()) return cached.rules;
    const rules = await readRules(enterpriseId);
    if (rulesCache.size >= CACHE_LIMIT) rulesCache.clear();
    rulesCache.set(enterpriseId, { rules, until: Date.now() + rulesTtlMs });
    return rules;
  }

  async function readRules(enterpriseId: string): Promise<Rules> {
    const { rows } = await raw(
      `SELECT e.settings->>'timezone' AS time_zone,
         (SELECT coalesce(json_agg(json_build_object('from', b.from_time, 'to', b.to_time, 'weekdays', b.weekdays)), '[]')
            FROM campaign_block_times b WHERE b.enterprise_id = e.id AND b.enabled) AS windows,
         (SELECT coalesce(json_agg(json_build_object('max', f.max_messages, 'period', f.period)), '[]')
            FROM campaign_frequency_caps f WHERE f.enterprise_id = e.id AND f.enabled) AS caps
       FROM enterprises e WHERE e.id = $1`,
      [enterpriseId],
    );
    const row = rows[0];
    const parse = <T>(value: unknown): T[] => (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];
    return {
      timeZone: enterpriseTimeZone(row?.time_zone as string | null | undefined),
      windows: parse<QuietWindow>(row?.windows),
      caps: parse<{ max: number; period: keyof typeof capWindowHours }>(row?.caps).map((cap) => ({
        max: Number(cap.max),
        hours: capWindowHours[cap.period] ?? capWindowHours.day,
      })),
    };
  }

  /** Logs the rows as sent and returns the ids of those beyond a cap (their log rows removed). */
  async function logAndCap(enterpriseId: string, rows: readonly GuardedRow[], caps: Rules['caps']) {
    const batch = JSON.stringify(rows.map((row) => ({ id: row.id, phone: row.phone })));
    const insert = `INSERT INTO campaign_send_log (enterprise_id, phone, recipient_id)
       SELECT $1::uuid, x.phone, x.id FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, phone text)
       ON CONFLICT (recipient_id) DO NOTHING`;
    if (caps.length === 0) {
      await raw(insert, [enterpriseId, batch]);
      return new Set<string>();
    }
    return deps.db.transaction(async (tx) => {
      const run = rawFor(tx);
      await run(
        `SELECT pg_advisory_xact_lock(hashtextextended('campaign-cap:' || $1 || ':' || p.phone, 0))
         FROM (SELECT DISTINCT x.phone FROM jsonb_to_recordset($2::jsonb) AS x(phone text) ORDER BY x.phone) p`,
        [enterpriseId, batch],
      );
      // One statement under the locks: rank the number's counted log rows in each cap's window
      // together with the batch's own (a row claimed again keeps its first entry), log the rows
      // within every cap, and drop the entries of those beyond one. The batch's rows rank after
      // every logged one: now() is this transaction's start, which can be earlier than the rows a
      // runner that held the lock first has just logged (and sent); ranked by time alone, a third
      // runner's row slipped in ahead of them under a cap of two (PostgreSQL, six runners at once).
      const { rows: over } = await run(
        `WITH batch AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, phone text)),
         caps AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS c(max int, hours int)),
         counted AS (
           SELECT l.recipient_id, l.phone, l.sent_at, 0 AS fresh FROM campaign_send_log l
           JOIN broadcast_recipients r ON r.id = l.recipient_id AND r.state NOT IN ('failed', 'blocked')
           WHERE l.enterprise_id = $1::uuid AND l.phone IN (SELECT phone FROM batch)
             AND l.sent_at > now() - make_interval(hours => (SELECT max(hours) FROM caps))
           UNION ALL
           SELECT b.id, b.phone, now(), 1 FROM batch b
           WHERE NOT EXISTS (SELECT 1 FROM campaign_send_log l WHERE l.recipient_id = b.id)),
         ranked AS (
           SELECT g.recipient_id, c.max,
             row_number() OVER (PARTITION BY g.phone, c.hours, c.max ORDER BY g.fresh, g.sent_at, g.recipient_id) AS rank
           FROM caps c JOIN counted g ON g.sent_at > now() - make_interval(hours => c.hours)),
         over AS (
           SELECT DISTINCT recipient_id FROM ranked WHERE rank > max AND recipient_id IN (SELECT id FROM batch)),
         logged AS (
           INSERT INTO campaign_send_log (enterprise_id, phone, recipient_id)
           SELECT $1::uuid, b.phone, b.id FROM batch b WHERE b.id NOT IN (SELECT recipient_id FROM over)
           ON CONFLICT (recipient_id) DO NOTHING),
         dropped AS (DELETE FROM campaign_send_log WHERE recipient_id IN (SELECT recipient_id FROM over))
         SELECT recipient_id FROM over`,
        [enterpriseId, batch, JSON.stringify(caps)],
      );
      return new Set(over.map((row) => String(row.recipient_id)));
    });
  }

  return {
    async check(broadcast, rows) {
      const verdicts = new Map<string, GuardVerdict>();
      if (rows.length === 0 || !(await isGuarded(broadcast.id))) return verdicts;
      const rules = await rulesOf(broadcast.enterpriseId);
      const at = now();
      const open: GuardedRow[] = [];
      /** The end of quiet hours by zone: one answer per zone of the batch. */
      const quietByZone = new Map<string, Date | null>();
      for (const row of rows) {
        const zone = recipientTimeZone(row.phone, rules.timeZone);
        let until = quietByZone.get(zone);
        if (until === undefined) {
          until = quietUntil(at, rules.windows, zone);
          quietByZone.set(zone, until);
        }
        if (until) verdicts.set(row.id, { deferUntil: until, deferReason: { ...quietVerdict } });
        else open.push(row);
      }
      if (open.length === 0) return verdicts;
      const capped = await logAndCap(broadcast.enterpriseId, open, rules.caps);
      for (const id of capped) verdicts.set(id, { skip: { ...cappedVerdict } });
      const sending = open.filter((row) => !capped.has(row.id));
      if (deps.transformValues && sending.length > 0) {
        const values = await deps.transformValues(broadcast, sending);
        for (const [id, value] of values) verdicts.set(id, { ...verdicts.get(id), values: value });
      }
      return verdicts;
    },
  };
}
