import { and, eq, sql } from 'drizzle-orm';
import {
  campaignBody,
  campaignMessages,
  type ActivityState,
  type CampaignStatus,
  type CampaignVariant,
  type Schedule,
} from '@parley/contracts/campaigns';
import { broadcastMessages } from '@parley/contracts/broadcasts';
import type { TemplateComponent } from '@parley/contracts/templates';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { broadcasts } from '../../db/schema/broadcasts';
import { campaignBroadcasts } from '../../db/schema/campaigns';
import { channels, messageTemplates } from '../../db/schema/channels';
import { enterprises, files } from '../../db/schema/platform';
import { userRows, type FieldRow } from '../../platform/customer-fields';
import { textArray } from '../../platform/customer-lookup';
import { audienceContext, compileValues, resolveInto, type CompiledValues } from './audience';
import { isTimeZone } from './protection/quiet-hours';
import { DEFAULT_TIME_ZONE, nextOccurrence } from './schedule';

/**
 * A campaign's runs (issue 21 item 5): each occurrence of an activity's schedule becomes one run,
 * one broadcast per variant, its recipients resolved in SQL and the pipeline's job queued, all in
 * one transaction. The scheduler looks for due activities every few seconds; with several server
 * processes the activity row lock and the unique (activity, occurrence) of campaign_runs make one
 * process the winner, so a schedule fires once. Pause, resume and stop move the run's broadcasts
 * (the pipeline sends only QUEUED and SENDING ones).
 */

type Body = z.output<typeof campaignBody>;
type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (db: DbOrTx, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows).rows;

/** What the broadcast pipeline offers a feature that sends (features/broadcasts pipeline). */
export interface CampaignQueue {
  enqueue(broadcastId: string, options: { tx: DbOrTx }): Promise<void>;
}

export interface RunsLogger {
  error(details: object, message: string): void;
}

/** One variant ready to be sent: its template as the broadcast stores it, attachments and values. */
export interface VariantPlan {
  label: string;
  share: number;
  templateId: string;
  templateName: string;
  category: string;
  /** broadcasts.template_snapshot (the broadcast feature's TemplateSnapshot shape). */
  snapshot: Record<string, unknown>;
  /** broadcasts.media ({ media?, cards? } of { fileId, fileName, type, url }). */
  media: Record<string, unknown>;
  columnMapping: CampaignVariant['columnMapping'];
  values: CompiledValues;
}

const variantPath = (index: number, part: string) => `variants.${index}.${part}`;

/**
 * The variants of a campaign body checked and compiled: every template APPROVED on the campaign's
 * channel, its media attachments present and of the header's kind, its mapping complete (field
 * errors by 'variants.N.…'); shares adding up to 100 when there are two.
 */
export async function planVariants(
  db: DbOrTx,
  enterpriseId: string,
  body: Body,
  fields: readonly FieldRow[],
): Promise<{ plans: VariantPlan[]; fieldErrors: Record<string, string> }> {
  const fieldErrors: Record<string, string> = {};
  const plans: VariantPlan[] = [];
  if (body.variants.length === 2 && body.variants[0]!.share + body.variants[1]!.share !== 100)
    fieldErrors[variantPath(1, 'share')] = campaignMessages.sharesMustTotal100;
  const labels = new Set<string>();
  for (const [index, variant] of body.variants.entries()) {
    if (labels.has(variant.label)) fieldErrors[variantPath(index, 'label')] = 'Give each variant its own label';
    labels.add(variant.label);
    const [template] = await db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.id, variant.templateId), eq(messageTemplates.enterpriseId, enterpriseId)));
    if (!template || template.channelId !== body.channelId) {
      fieldErrors[variantPath(index, 'templateId')] = 'Choose an APPROVED template of this channel';
      continue;
    }
    if (template.status !== 'APPROVED') {
      fieldErrors[variantPath(index, 'templateId')] = broadcastMessages.templateNotApproved;
      continue;
    }
    const components = template.components as TemplateComponent[];
    const media: Record<string, unknown> = {};
    const attach = async (
      given: CampaignVariant['media'],
      format: string,
      path: string,
      missing: string,
    ): Promise<Record<string, unknown> | undefined> => {
      if (!given) {
        fieldErrors[path] = missing;
        return undefined;
      }
      const [file] = await db
        .select({ name: files.name, contentType: files.contentType })
        .from(files)
        .where(and(eq(files.id, given.fileId), eq(files.enterpriseId, enterpriseId)));
      if (!file) {
        fieldErrors[path] = 'media not found !!';
        return undefined;
      }
      if (given.type !== format) {
        fieldErrors[path] = broadcastMessages.invalidFileType;
        return undefined;
      }
      const url = `/api/files/${given.fileId}`;
      return { fileId: given.fileId, url, fileName: file.name, contentType: file.contentType, type: given.type };
    };
    const snapshotComponents: TemplateComponent[] = [];
    for (const component of components) {
      if (component.type === 'HEADER' && component.format !== 'TEXT') {
        const found = await attach(
          variant.media,
          component.format,
          variantPath(index, 'media'),
          broadcastMessages.attachmentMissing,
        );
        if (found) media.media = { fileId: found.fileId, fileName: found.fileName, type: found.type, url: found.url };
        snapshotComponents.push(
          found
            ? {
                ...component,
                media: {
                  fileId: String(found.fileId),
                  url: String(found.url),
                  fileName: String(found.fileName),
                  contentType: String(found.contentType),
                },
              }
            : component,
        );
      } else if (component.type === 'CAROUSEL') {
        const cards: Record<string, unknown>[] = [];
        const templateCards = [];
        for (const [cardIndex, card] of component.cards.entries()) {
          const header = card.components.find((part) => part.type === 'HEADER');
          if (!header || header.format === 'TEXT') {
            cards.push({});
            templateCards.push(card);
            continue;
          }
          const found = await attach(
            variant.cards?.[cardIndex]?.media,
            header.format,
            variantPath(index, `cards.${cardIndex}.media`),
            broadcastMessages.mediaMissingInCard(cardIndex + 1),
          );
          cards.push(
            found
              ? { media: { fileId: found.fileId, fileName: found.fileName, type: found.type, url: found.url } }
              : {},
          );
          templateCards.push(
            found
              ? {
                  components: card.components.map((part) =>
                    part.type === 'HEADER'
                      ? {
                          ...part,
                          media: {
                            fileId: String(found.fileId),
                            url: String(found.url),
                            fileName: String(found.fileName),
                            contentType: String(found.contentType),
                          },
                        }
                      : part,
                  ),
                }
              : card,
          );
        }
        media.cards = cards;
        snapshotComponents.push({ ...component, cards: templateCards } as TemplateComponent);
      } else snapshotComponents.push(component);
    }
    const values = compileValues(
      { components, parameterFormat: template.parameterFormat },
      variant.columnMapping,
      fields,
      variantPath(index, 'columnMapping'),
    );
    Object.assign(fieldErrors, values.fieldErrors);
    plans.push({
      label: variant.label,
      share: body.variants.length === 1 ? 100 : variant.share,
      templateId: template.id,
      templateName: template.name,
      category: template.category,
      snapshot: {
        name: template.name,
        language: template.language,
        category: template.category,
        parameterFormat: template.parameterFormat === 'NAMED' ? 'NAMED' : 'POSITIONAL',
        components: snapshotComponents,
        vendorTemplateId: template.vendorTemplateId,
      },
      media,
      columnMapping: variant.columnMapping,
      values,
    });
  }
  return { plans, fieldErrors };
}

/** The enterprise's timezone (settings.timezone; UTC when unset or unknown to the runtime). The one read of it for campaigns. */
export async function enterpriseTimeZone(db: DbOrTx, enterpriseId: string): Promise<string> {
  const [row] = await db
    .select({ settings: enterprises.settings })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  const zone = row?.settings.timezone;
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

async function insertBroadcast(
  tx: DbOrTx,
  input: {
    enterpriseId: string;
    campaignId: string;
    channelId: string;
    messagesPerSecond: number;
    plan: VariantPlan;
    createdBy: string | null;
    runId: string | null;
    kind: 'main' | 'test';
  },
): Promise<string> {
  const { plan } = input;
  const [row] = await tx
    .insert(broadcasts)
    .values({
      enterpriseId: input.enterpriseId,
      channelId: input.channelId,
      templateId: plan.templateId,
      templateName: plan.templateName,
      templateSnapshot: plan.snapshot,
      media: plan.media,
      columnMapping: plan.columnMapping,
      resourceId: input.campaignId,
      resourceType: 'CAMPAIGN',
      status: 'QUEUED',
      messagesPerSecond: input.messagesPerSecond,
      total: 0,
      createdBy: input.createdBy,
    })
    .returning({ id: broadcasts.id });
  await tx.insert(campaignBroadcasts).values({
    broadcastId: row!.id,
    enterpriseId: input.enterpriseId,
    campaignId: input.campaignId,
    runId: input.runId,
    kind: input.kind,
    variant: plan.label,
  });
  return row!.id;
}

const STATUS_OF: Partial<Record<ActivityState, CampaignStatus>> = {
  SCHEDULED: 'SCHEDULED',
  RUNNING: 'RUNNING',
  PAUSED: 'PAUSED',
  STOPPED: 'STOPPED',
  COMPLETED: 'COMPLETED',
};

export interface RunsDeps {
  db: Db;
  queue: CampaignQueue;
  log: RunsLogger;
  /** How often the scheduler looks for due runs (ms). */
  intervalMs?: number;
  /** Tells the enterprise's open consoles that activities changed state (campaign.activity). */
  announce?: ActivityAnnouncer;
}

/** An activity's new state, as the campaign.activity event carries it (to its enterprise). */
export interface ActivityChange {
  enterpriseId: string;
  id: string;
  campaignId: string;
  state: ActivityState;
}
/** Announces changes of state; never throws (a lost announcement only delays a console's refresh). */
export type ActivityAnnouncer = (changes: readonly ActivityChange[]) => Promise<void>;

/** The scheduler and the run-level actions (start, pause, resume, stop, test send). */
export function createCampaignRuns(deps: RunsDeps) {
  const { db, queue } = deps;
  const intervalMs = deps.intervalMs ?? 3000;
  let timer: ReturnType<typeof setInterval> | undefined;
  let ticking: Promise<unknown> | undefined;

  /**
   * Fires the activity's occurrence `occurrence` (its next_run_at): in one transaction the
   * activity row is locked and checked (still due at this occurrence), the run inserted (only the
   * winner of ON CONFLICT goes on), a broadcast per variant written, the audience resolved into
   * their recipients, the pipeline's jobs queued and next_run_at advanced. Returns the run's id, or
   * null when another process fired it or it is no longer due.
   */
  async function fire(activityId: string, occurrence: Date): Promise<string | null> {
    const [activity] = await rowsOf(
      db,
      sql`SELECT a.id, a.enterprise_id, a.campaign_id, a.snapshot, a.started_by
        FROM campaign_activities a WHERE a.id = ${activityId}::uuid`,
    );
    if (!activity) return null;
    const enterpriseId = String(activity.enterprise_id);
    const campaignId = String(activity.campaign_id);
    const body = campaignBody.parse(activity.snapshot);
    // Everything read before the transaction (PGlite has one connection: no reads beside it).
    const timeZone = await enterpriseTimeZone(db, enterpriseId);
    const fields = await userRows(db, enterpriseId);
    const { plans, fieldErrors } = await planVariants(db, enterpriseId, body, fields);
    const [channel] = await db
      .select({ messagesPerSecond: channels.messagesPerSecond })
      .from(channels)
      .where(and(eq(channels.id, body.channelId), eq(channels.enterpriseId, enterpriseId)));
    const next = nextAfter(body.schedule, timeZone, occurrence);

    const fired = await db.transaction(async (tx) => {
      const locked = await rowsOf(
        tx,
        sql`SELECT id FROM campaign_activities WHERE id = ${activityId}::uuid
          AND state IN ('SCHEDULED', 'RUNNING') AND next_run_at = ${occurrence.toISOString()}::timestamptz
          FOR UPDATE`,
      );
      if (locked.length === 0) return null;
      const inserted = await rowsOf(
        tx,
        sql`INSERT INTO campaign_runs (enterprise_id, campaign_id, activity_id, occurrence)
          VALUES (${enterpriseId}::uuid, ${campaignId}::uuid, ${activityId}::uuid, ${occurrence.toISOString()}::timestamptz)
          ON CONFLICT (activity_id, occurrence) DO NOTHING RETURNING id`,
      );
      const runId = inserted[0]?.id ? String(inserted[0].id) : null;
      if (!runId) return null;
      const advance = sql`UPDATE campaign_activities SET next_run_at = ${next?.toISOString() ?? null}::timestamptz,
          state = 'RUNNING', updated_at = now() WHERE id = ${activityId}::uuid`;
      if (!channel || Object.keys(fieldErrors).length > 0 || plans.length === 0) {
        // The approved template or channel is gone: the run fails, the schedule goes on.
        deps.log.error({ activityId, runId, fieldErrors }, 'campaign run cannot send: its variants are invalid');
        await tx.execute(
          sql`UPDATE campaign_runs SET state = 'FAILED', completed_at = now() WHERE id = ${runId}::uuid`,
        );
        await tx.execute(advance);
        return runId;
      }
      const targets = [];
      for (const plan of plans) {
        const broadcastId = await insertBroadcast(tx, {
          enterpriseId,
          campaignId,
          channelId: body.channelId,
          messagesPerSecond: channel.messagesPerSecond,
          plan,
          createdBy: activity.started_by ? String(activity.started_by) : null,
          runId,
          kind: 'main',
        });
        targets.push({ broadcastId, values: plan.values });
      }
      const context = await audienceContext(tx, enterpriseId, timeZone);
      const result = await resolveInto(tx, {
        context,
        audience: body.audience,
        variants: targets,
        shareOfFirst: plans[0]!.share,
        spreadMinutes: body.schedule.spreadMinutes,
        startAt: occurrence > new Date() ? occurrence : new Date(),
      });
      for (const target of targets) {
        await tx
          .update(broadcasts)
          .set({ total: result.written.get(target.broadcastId) ?? 0 })
          .where(eq(broadcasts.id, target.broadcastId));
        await queue.enqueue(target.broadcastId, { tx });
      }
      await tx.execute(
        sql`UPDATE campaign_runs SET targeted = ${result.targeted}, excluded = ${JSON.stringify(result.excluded)}::jsonb
          WHERE id = ${runId}::uuid`,
      );
      await tx.execute(advance);
      await tx.execute(sql`UPDATE campaigns SET status = 'RUNNING', updated_at = now() WHERE id = ${campaignId}::uuid`);
      return runId;
    });
    if (fired) await deps.announce?.([{ enterpriseId, id: activityId, campaignId, state: 'RUNNING' }]);
    return fired;
  }

  /** The occurrence after `occurrence` (recurring schedules only). */
  function nextAfter(schedule: Schedule, timeZone: string, occurrence: Date): Date | null {
    if (schedule.kind !== 'daily' && schedule.kind !== 'weekly') return null;
    // A run that fired late (the server was down) does not make a backlog: the next one is in the future.
    const from = new Date(Math.max(occurrence.getTime() + 1, Date.now() - 60_000));
    return nextOccurrence(schedule, timeZone, from);
  }

  /**
   * Runs whose broadcasts all ended (COMPLETED, FAILED or CANCELLED) are COMPLETED; an activity
   * with no open run goes back to SCHEDULED when another occurrence is due, else COMPLETED.
   */
  async function completeFinished() {
    await db.execute(sql`WITH finished AS (
        UPDATE campaign_runs r SET state = 'COMPLETED', completed_at = now()
        WHERE r.state = 'RUNNING' AND NOT EXISTS (
          SELECT 1 FROM campaign_broadcasts cb JOIN broadcasts b ON b.id = cb.broadcast_id
          WHERE cb.run_id = r.id AND b.status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED'))
        RETURNING r.activity_id)
      SELECT count(*) FROM finished`);
    const moved = await rowsOf(
      db,
      sql`UPDATE campaign_activities a
        SET state = CASE WHEN a.next_run_at IS NULL THEN 'COMPLETED' ELSE 'SCHEDULED' END, updated_at = now()
        WHERE a.state = 'RUNNING' AND NOT EXISTS (
          SELECT 1 FROM campaign_runs r WHERE r.activity_id = a.id AND r.state IN ('RUNNING', 'PAUSED'))
          AND (a.next_run_at IS NULL OR a.next_run_at > now())
          AND EXISTS (SELECT 1 FROM campaign_runs r WHERE r.activity_id = a.id)
        RETURNING a.id, a.enterprise_id, a.campaign_id, a.state`,
    );
    for (const row of moved)
      await db.execute(
        sql`UPDATE campaigns SET status = ${String(row.state)}, updated_at = now() WHERE id = ${String(row.campaign_id)}::uuid`,
      );
    if (moved.length > 0)
      await deps.announce?.(
        moved.map((row) => ({
          enterpriseId: String(row.enterprise_id),
          id: String(row.id),
          campaignId: String(row.campaign_id),
          state: String(row.state) as ActivityState,
        })),
      );
  }

  /** One pass of the scheduler: fires what is due, then completes what finished. */
  async function tick(): Promise<number> {
    const due = await rowsOf(
      db,
      sql`SELECT id, next_run_at FROM campaign_activities
        WHERE state IN ('SCHEDULED', 'RUNNING') AND next_run_at <= now()
        ORDER BY next_run_at LIMIT 20`,
    );
    let fired = 0;
    for (const row of due) {
      try {
        if (await fire(String(row.id), new Date(String(row.next_run_at)))) fired += 1;
      } catch (error) {
        deps.log.error({ err: error, activityId: row.id }, 'campaign run failed to start');
      }
    }
    await completeFinished();
    return fired;
  }

  /** The broadcasts of the activity's runs in `runStates` (the pipeline's view of a run). */
  const broadcastsOf = (activityId: string, runStates: string[]) =>
    sql`SELECT cb.broadcast_id FROM campaign_broadcasts cb JOIN campaign_runs r ON r.id = cb.run_id
      WHERE r.activity_id = ${activityId}::uuid AND r.state = ANY(${textArray(runStates)}::text[])`;

  return {
    fire,
    tick,

    /** Starts the sweep (onReady). */
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (ticking) return;
        ticking = tick()
          .catch((error: unknown) => deps.log.error({ err: error }, 'campaign scheduler failed'))
          .finally(() => {
            ticking = undefined;
          });
      }, intervalMs);
      timer.unref?.();
    },

    /** Stops the sweep and waits for a pass under way (onClose). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking;
    },

    /** Pauses sending: the open runs' broadcasts PAUSED (the pipeline leaves them), the activity PAUSED. */
    async pause(tx: DbOrTx, activityId: string) {
      await tx.execute(sql`UPDATE broadcasts SET status = 'PAUSED'
        WHERE id IN (${broadcastsOf(activityId, ['RUNNING'])}) AND status IN ('QUEUED', 'SENDING')`);
      await tx.execute(
        sql`UPDATE campaign_runs SET state = 'PAUSED' WHERE activity_id = ${activityId}::uuid AND state = 'RUNNING'`,
      );
    },

    /** Resumes: the paused broadcasts SENDING again and their jobs queued; returns the activity's next state. */
    async resume(tx: DbOrTx, activityId: string): Promise<'RUNNING' | 'SCHEDULED'> {
      const resumed = await rowsOf(
        tx,
        sql`UPDATE broadcasts SET status = 'SENDING'
          WHERE id IN (${broadcastsOf(activityId, ['PAUSED'])}) AND status = 'PAUSED' RETURNING id`,
      );
      const runs = await rowsOf(
        tx,
        sql`UPDATE campaign_runs SET state = 'RUNNING' WHERE activity_id = ${activityId}::uuid AND state = 'PAUSED' RETURNING id`,
      );
      for (const row of resumed) await queue.enqueue(String(row.id), { tx });
      return runs.length > 0 ? 'RUNNING' : 'SCHEDULED';
    },

    /** Stops for good: open broadcasts CANCELLED, their waiting rows 'cancelled', runs STOPPED. */
    async cancel(tx: DbOrTx, activityId: string) {
      const cancelled = await rowsOf(
        tx,
        sql`UPDATE broadcasts SET status = 'CANCELLED', completed_at = now()
          WHERE id IN (${broadcastsOf(activityId, ['RUNNING', 'PAUSED'])}) AND status IN ('QUEUED', 'SENDING', 'PAUSED')
          RETURNING id`,
      );
      if (cancelled.length > 0)
        await tx.execute(sql`UPDATE broadcast_recipients SET state = 'cancelled'
          WHERE broadcast_id = ANY(${textArray(cancelled.map((row) => String(row.id)))}::uuid[]) AND state = 'pending'`);
      await tx.execute(sql`UPDATE campaign_runs SET state = 'STOPPED', completed_at = now()
        WHERE activity_id = ${activityId}::uuid AND state IN ('RUNNING', 'PAUSED')`);
    },

    /**
     * A test send: the variant to a few numbers now, through a broadcast of kind 'test' (not a
     * run: the report leaves it out). Values as a run fills them; a number whose mapped column is
     * empty is stored blocked (missingValue).
     */
    async testSend(input: {
      enterpriseId: string;
      campaignId: string;
      channelId: string;
      messagesPerSecond: number;
      plan: VariantPlan;
      phones: readonly string[];
      userId: string | null;
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const broadcastId = await insertBroadcast(tx, {
          enterpriseId: input.enterpriseId,
          campaignId: input.campaignId,
          channelId: input.channelId,
          messagesPerSecond: input.messagesPerSecond,
          plan: input.plan,
          createdBy: input.userId,
          runId: null,
          kind: 'test',
        });
        const { values } = input.plan;
        await tx.execute(sql`INSERT INTO broadcast_recipients
            (enterprise_id, broadcast_id, phone, customer_id, "values", state, error_code, error_text)
          SELECT ${input.enterpriseId}::uuid, ${broadcastId}::uuid, r.phone, c.id,
            ${values.missing ? sql`CASE WHEN ${values.missing} THEN '{}'::jsonb ELSE ${values.expression} END` : values.expression},
            ${values.missing ? sql`CASE WHEN ${values.missing} THEN 'blocked' ELSE 'pending' END` : sql`'pending'`},
            ${values.missing ? sql`CASE WHEN ${values.missing} THEN 'missingValue' END` : sql`NULL`},
            ${values.missing ? sql`CASE WHEN ${values.missing} THEN 'Mapped value missing' END` : sql`NULL`}
          FROM (SELECT DISTINCT phone FROM unnest(${textArray(input.phones)}::text[]) AS given(phone)) r
          LEFT JOIN customers c ON c.enterprise_id = ${input.enterpriseId}::uuid AND c.phone_number = r.phone`);
        await tx.update(broadcasts).set({ total: input.phones.length }).where(eq(broadcasts.id, broadcastId));
        await queue.enqueue(broadcastId, { tx });
        return broadcastId;
      });
    },

    /** Template ids still used by a campaign's broadcasts (for tests and the report). */
    async broadcastIds(campaignId: string, kind: 'main' | 'test') {
      const rows = await db
        .select({ id: campaignBroadcasts.broadcastId })
        .from(campaignBroadcasts)
        .where(and(eq(campaignBroadcasts.campaignId, campaignId), eq(campaignBroadcasts.kind, kind)));
      return rows.map((row) => row.id);
    },

    statusOf: (state: ActivityState): CampaignStatus | undefined => STATUS_OF[state],
  };
}
export type CampaignRuns = ReturnType<typeof createCampaignRuns>;
