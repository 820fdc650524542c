import type { VariableMapping } from '@parley/contracts/broadcasts';
import type { TemplateComponent } from '@parley/contracts/templates';
import type { Config } from '../../../config';
import { rawFor, type Db, type DbOrTx, type RawQuery } from '../../../db/client';
import { createCustomerLookup } from '../../../platform/customer-lookup';
import { createValueFiller } from './fallback-values';

/** How often the sweep looks for failed campaign messages. */
const SWEEP_MS = 15_000;
/** Main broadcasts older than this are not looked at any more (the longest undelivered wait is 7 days). */
const HORIZON_DAYS = 8;
/** Failed recipients taken per main broadcast and rule in one transaction. */
const BATCH = 5000;

export const fallbackTexts = {
  unfilled: 'No value to fill the fallback template for this number',
} as const;

export interface FailoverSweepDeps {
  db: Db;
  /** The broadcast pipeline's queue: enqueue in the caller's transaction. */
  pipeline: { enqueue(broadcastId: string, options: { tx: DbOrTx }): Promise<void> };
  log: { error(details: object, message: string): void };
  config: Config;
  /** Test seam: the interval of start(). */
  intervalMs?: number;
}

interface Pair {
  ruleId: string;
  enterpriseId: string;
  toChannelId: string;
  templateId: string;
  columnMapping: VariableMapping[];
  undeliveredMinutes: number;
  mainId: string;
  campaignId: string;
  runId: string | null;
  variant: string | null;
}

interface Candidate {
  id: string;
  phone: string;
}

/**
 * Channel failover (engagement.md §7.4, issue 21 item 3): for each enabled failover rule and each
 * campaign 'main' broadcast on its from-channel, the recipients whose message failed for good (the
 * send refused and not retryable, or accepted and then reported failed by the vendor), or (with
 * `undeliveredMinutes`) accepted that long ago and still not delivered or read, get the rule's
 * template on its to-channel once: in one fallback broadcast per main broadcast and rule
 * (campaign_broadcasts kind 'fallback'; its unique index and a transaction lock per pair make it
 * one), recipients inserted ON CONFLICT (broadcast_id, phone) DO NOTHING, and the pipeline's job
 * queued in the same transaction. So two sweeps at once, or one run twice, send one fallback each.
 * A failed message's frequency-cap log row is dropped: the fallback counts in its place.
 * (docs/decisions/027-campaign-protection-rules.md)
 */
export function createFailoverSweep(deps: FailoverSweepDeps) {
  const raw = rawFor(deps.db);
  const customers = createCustomerLookup(deps.db);
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;

  async function pairs(): Promise<Pair[]> {
    const { rows } = await raw(
      `SELECT f.id AS rule_id, f.enterprise_id, f.to_channel_id, f.template_id, f.column_mapping,
              f.undelivered_minutes, cb.broadcast_id AS main_id, cb.campaign_id, cb.run_id, cb.variant
       FROM campaign_failovers f
       JOIN broadcasts b ON b.enterprise_id = f.enterprise_id AND b.channel_id = f.from_channel_id
       JOIN campaign_broadcasts cb ON cb.broadcast_id = b.id AND cb.kind = 'main'
       LEFT JOIN campaign_runs run ON run.id = cb.run_id
       WHERE f.enabled AND b.status <> 'CANCELLED'
         AND b.created_at > now() - make_interval(days => $1)
         AND coalesce(run.state, 'RUNNING') NOT IN ('STOPPED', 'PAUSED')
       ORDER BY b.created_at, f.id`,
      [HORIZON_DAYS],
    );
    return rows.map((row) => ({
      ruleId: String(row.rule_id),
      enterpriseId: String(row.enterprise_id),
      toChannelId: String(row.to_channel_id),
      templateId: String(row.template_id),
      columnMapping: (row.column_mapping ?? []) as VariableMapping[],
      undeliveredMinutes: Number(row.undelivered_minutes),
      mainId: String(row.main_id),
      campaignId: String(row.campaign_id),
      runId: row.run_id ? String(row.run_id) : null,
      variant: row.variant ? String(row.variant) : null,
    }));
  }

  /** Recipients of the main broadcast due a fallback under the rule and not given one yet. */
  async function candidates(run: RawQuery, pair: Pair): Promise<Candidate[]> {
    const { rows } = await run(
      `SELECT r.id, r.phone FROM broadcast_recipients r
       LEFT JOIN channel_messages m ON m.id = r.message_id
       WHERE r.broadcast_id = $1
         AND ((r.state = 'failed' AND NOT r.retryable)
           OR (r.state = 'accepted' AND m.status = 'failed')
           OR ($3::int > 0 AND r.state = 'accepted' AND r.sent_at < now() - make_interval(mins => $3::int)
               AND coalesce(m.status, 'accepted') NOT IN ('delivered', 'read')))
         AND NOT EXISTS (
           SELECT 1 FROM campaign_broadcasts fb JOIN broadcast_recipients x ON x.broadcast_id = fb.broadcast_id
           WHERE fb.kind = 'fallback' AND fb.main_broadcast_id = $1 AND fb.failover_id = $2 AND x.phone = r.phone)
       ORDER BY r.id
       LIMIT $4`,
      [pair.mainId, pair.ruleId, pair.undeliveredMinutes, BATCH],
    );
    return rows.map((row) => ({ id: String(row.id), phone: String(row.phone) }));
  }

  /** The fallback broadcast of the pair: the one there is, or a new one (QUEUED, the template as it is now). */
  async function fallbackOf(run: RawQuery, pair: Pair, template: Record<string, unknown>): Promise<string> {
    const existing = await run(
      `SELECT broadcast_id FROM campaign_broadcasts
       WHERE kind = 'fallback' AND main_broadcast_id = $1 AND failover_id = $2`,
      [pair.mainId, pair.ruleId],
    );
    if (existing.rows[0]) return String(existing.rows[0].broadcast_id);
    const snapshot = {
      name: template.name,
      language: template.language,
      category: template.category,
      parameterFormat: template.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL',
      components: template.components,
      vendorTemplateId: template.vendor_template_id ?? null,
    };
    const created = await run(
      `INSERT INTO broadcasts (enterprise_id, channel_id, template_id, template_name, template_snapshot,
         column_mapping, resource_type, status, messages_per_second, total)
       SELECT $1::uuid, c.id, $3::uuid, $4, $5::jsonb, $6::jsonb, 'campaign-fallback', 'QUEUED', c.messages_per_second, 0
       FROM channels c WHERE c.id = $2::uuid AND c.enterprise_id = $1::uuid
       RETURNING id`,
      [
        pair.enterpriseId,
        pair.toChannelId,
        pair.templateId,
        String(template.name),
        JSON.stringify(snapshot),
        JSON.stringify(pair.columnMapping),
      ],
    );
    const broadcastId = String(created.rows[0]!.id);
    const linked = await run(
      `INSERT INTO campaign_broadcasts
         (broadcast_id, enterprise_id, campaign_id, run_id, kind, variant, failover_id, main_broadcast_id)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, 'fallback', $5, $6::uuid, $7::uuid)
       ON CONFLICT (main_broadcast_id, failover_id) WHERE kind = 'fallback' DO NOTHING
       RETURNING broadcast_id`,
      [broadcastId, pair.enterpriseId, pair.campaignId, pair.runId, pair.variant, pair.ruleId, pair.mainId],
    );
    if (linked.rows.length > 0) return broadcastId;
    // Another sweep made it first: use that one.
    await run('DELETE FROM broadcasts WHERE id = $1', [broadcastId]);
    const winner = await run(
      `SELECT broadcast_id FROM campaign_broadcasts
       WHERE kind = 'fallback' AND main_broadcast_id = $1 AND failover_id = $2`,
      [pair.mainId, pair.ruleId],
    );
    return String(winner.rows[0]!.broadcast_id);
  }

  /** Gives the pair's due recipients their fallback; returns how many were added. */
  async function sweepPair(pair: Pair): Promise<number> {
    const due = await candidates(raw, pair);
    if (due.length === 0) return 0;
    const { rows: templates } = await raw(
      `SELECT * FROM message_templates
       WHERE id = $1 AND enterprise_id = $2 AND channel_id = $3 AND status = 'APPROVED'`,
      [pair.templateId, pair.enterpriseId, pair.toChannelId],
    );
    const template = templates[0];
    if (!template) {
      deps.log.error(
        { ruleId: pair.ruleId, templateId: pair.templateId },
        'failover template is not an APPROVED template of the fallback channel: no fallback sent',
      );
      return 0;
    }
    const fill = createValueFiller(
      { components: template.components as TemplateComponent[], parameterFormat: String(template.parameter_format) },
      pair.columnMapping,
      await customers.columns(pair.enterpriseId),
    );
    const known = await customers.byPhones(
      pair.enterpriseId,
      due.map((row) => row.phone),
    );
    const outbox = due.map((row) => {
      const customer = known.get(row.phone);
      const values = fill(row.phone, customer);
      return values
        ? { phone: row.phone, customer_id: customer?.id ?? null, values, state: 'pending', error_text: null }
        : { phone: row.phone, customer_id: null, values: {}, state: 'failed', error_text: fallbackTexts.unfilled };
    });

    return deps.db.transaction(async (tx) => {
      const run = rawFor(tx);
      // One sweep at a time per main broadcast and rule (the unique indexes hold without it).
      await run(`SELECT pg_advisory_xact_lock(hashtextextended('campaign-failover:' || $1 || ':' || $2, 0))`, [
        pair.mainId,
        pair.ruleId,
      ]);
      const broadcastId = await fallbackOf(run, pair, template);
      const { rows: added } = await run(
        `INSERT INTO broadcast_recipients (enterprise_id, broadcast_id, phone, customer_id, "values", state,
           error_code, error_text, sent_at)
         SELECT $1::uuid, $2::uuid, x.phone, x.customer_id, x."values", x.state,
           CASE WHEN x.state = 'failed' THEN 'unfilled' END, x.error_text,
           CASE WHEN x.state = 'failed' THEN now() END
         FROM jsonb_to_recordset($3::jsonb) AS x(phone text, customer_id uuid, "values" jsonb, state text, error_text text)
         ON CONFLICT (broadcast_id, phone) DO NOTHING
         RETURNING phone, state`,
        [pair.enterpriseId, broadcastId, JSON.stringify(outbox)],
      );
      if (added.length === 0) return 0;
      await run(
        `UPDATE broadcasts SET total = total + $2,
           status = CASE WHEN status IN ('COMPLETED', 'FAILED') AND $3::int > 0 THEN 'SENDING' ELSE status END,
           completed_at = CASE WHEN status IN ('COMPLETED', 'FAILED') AND $3::int > 0 THEN NULL ELSE completed_at END
         WHERE id = $1`,
        [broadcastId, added.length, added.filter((row) => row.state === 'pending').length],
      );
      // The failed message reached nobody: its fallback counts against the frequency cap instead.
      await run(
        `DELETE FROM campaign_send_log WHERE recipient_id IN (
           SELECT id FROM broadcast_recipients
           WHERE broadcast_id = $1 AND phone IN (SELECT jsonb_array_elements_text($2::jsonb)))`,
        [pair.mainId, JSON.stringify(added.map((row) => row.phone))],
      );
      await deps.pipeline.enqueue(broadcastId, { tx });
      return added.length;
    });
  }

  /**
   * A fallback broadcast the pipeline finished just as a sweep added to it (its end was judged on
   * rows read before they came) is opened again.
   */
  async function reopen() {
    const { rows } = await raw(
      `SELECT b.id FROM broadcasts b JOIN campaign_broadcasts cb ON cb.broadcast_id = b.id AND cb.kind = 'fallback'
       WHERE b.status IN ('COMPLETED', 'FAILED') AND b.created_at > now() - make_interval(days => $1)
         AND EXISTS (SELECT 1 FROM broadcast_recipients r WHERE r.broadcast_id = b.id AND r.state = 'pending')`,
      [HORIZON_DAYS],
    );
    for (const row of rows)
      await deps.db.transaction(async (tx) => {
        const { rows: opened } = await rawFor(tx)(
          `UPDATE broadcasts SET status = 'SENDING', completed_at = NULL
           WHERE id = $1 AND status IN ('COMPLETED', 'FAILED') RETURNING id`,
          [row.id],
        );
        if (opened.length > 0) await deps.pipeline.enqueue(String(row.id), { tx });
      });
  }

  async function tick(): Promise<number> {
    let added = 0;
    for (const pair of await pairs()) {
      try {
        // A pair with more than a batch due goes on until none is left.
        for (;;) {
          const count = await sweepPair(pair);
          added += count;
          if (count < BATCH) break;
        }
      } catch (error) {
        deps.log.error({ err: error, ruleId: pair.ruleId, broadcastId: pair.mainId }, 'failover sweep failed');
      }
    }
    await reopen();
    return added;
  }

  return {
    /** Looks for failed campaign messages every 15 seconds (the timer does not keep the process alive). */
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = tick()
          .catch((error: unknown) => {
            deps.log.error({ err: error }, 'failover sweep failed');
            return 0;
          })
          .finally(() => {
            running = undefined;
          });
      }, deps.intervalMs ?? SWEEP_MS);
      timer.unref?.();
    },
    /** Stops the timer and waits for a sweep in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    /** One sweep now (tests; also safe beside the timer's): the number of fallback recipients added. */
    tick,
  };
}
export type FailoverSweep = ReturnType<typeof createFailoverSweep>;
