import {
  activityActions,
  activityStateLabels,
  campaignBody,
  campaignMessages,
  type Activity,
  type ActivityAction,
  type ActivityState,
  type activityListQuery,
  type audience as audienceSchema,
  type Campaign,
  type CampaignEstimate,
  type campaignListQuery,
  type testSendBody,
} from '@parley/contracts/campaigns';
import { errorCatalog } from '@parley/contracts/errors';
import type { Permission } from '@parley/contracts/permissions';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { userRows } from '../../platform/customer-fields';
import type { RateCard } from '../../platform/messaging/broadcast-ports';
import { customerPhone } from '../../platform/phone';
import { audienceContext, countAudience, filterErrors, sendableByPrefix } from './audience';
import { createCampaignsRepository, type CampaignRow } from './campaigns.repository';
import { enterpriseTimeZone, planVariants, type ActivityAnnouncer, type CampaignRuns } from './runs';
import { nextOccurrence, scheduleErrors } from './schedule';

type Body = z.output<typeof campaignBody>;
type Audience = z.output<typeof audienceSchema>;

/** The cost planner's check (protection/budget.ts): whether a start would exceed the department's month. */
export type BudgetCheck = (
  db: Db,
  input: { enterpriseId: string; departmentId: string | null; estimatedCost: number },
) => Promise<{ exceeded: boolean; budgetLeft: number | null; departmentName: string | null }>;

export interface CampaignsServiceDeps {
  db: Db;
  config: Pick<Config, 'defaultPhoneRegion'>;
  rates: RateCard;
  runs: CampaignRuns;
  /** The cost planner, when the protection rules are wired. */
  checkBudget?: BudgetCheck;
  /** The clock (tests). */
  now?: () => Date;
  /** Tells the enterprise's open consoles that activities changed state (campaign.activity). */
  announce?: ActivityAnnouncer;
}

export interface Actor {
  enterpriseId: string;
  userId: string;
  permissions: readonly Permission[];
}

const done: Record<ActivityAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  start: 'started',
  pause: 'paused',
  resume: 'resumed',
  stop: 'stopped',
};

/** Campaign statuses in which the campaign is sending or waiting to send: no edit, no delete. */
const LIVE = new Set(['SCHEDULED', 'RUNNING', 'PAUSED']);
/** Statuses from which a campaign can be submitted for approval. */
const SUBMITTABLE = new Set(['DRAFT', 'REJECTED', 'STOPPED', 'COMPLETED']);

/** Which activity states a caller may list, by permission (platform §2.2: activity-list, approved, reject). */
function visibleStates(permissions: readonly Permission[]): Set<ActivityState> {
  const states = new Set<ActivityState>(['REJECTED']);
  if (permissions.includes('CAMPAIGNS.APPROVE')) states.add('PENDING');
  if (permissions.includes('CAMPAIGNS.START'))
    for (const state of ['APPROVED', 'SCHEDULED', 'RUNNING', 'PAUSED', 'STOPPED', 'COMPLETED'] as const)
      states.add(state);
  return states;
}

/**
 * Campaigns (issue 21): the editor's CRUD with its checks, the live audience count, the
 * maker-checker life of an activity (submit, approve, reject, start, pause, resume, stop), the
 * cost estimate and the test send. Runs themselves are runs.ts's.
 */
export function createCampaignsService(deps: CampaignsServiceDeps) {
  const { db, runs, rates } = deps;
  const repository = createCampaignsRepository(db);
  const now = deps.now ?? (() => new Date());

  async function found(enterpriseId: string, id: string): Promise<CampaignRow> {
    const row = await repository.get(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  const bodyOf = (row: CampaignRow): Body =>
    campaignBody.parse({
      name: row.name,
      channelId: row.channelId,
      departmentId: row.departmentId,
      variants: row.variants,
      audience: row.audience,
      schedule: row.schedule,
      trackClicks: row.trackClicks,
    });

  async function toCampaign(row: CampaignRow): Promise<Campaign> {
    const extras = await repository.extras(row.id);
    return {
      ...bodyOf(row),
      id: row.id,
      status: row.status as Campaign['status'],
      version: row.version,
      createdBy: extras.createdBy,
      createdOn: row.createdAt.toISOString(),
      updatedOn: row.updatedAt.toISOString(),
      activityId: extras.activityId,
      rejectReason: extras.rejectReason,
    };
  }

  const audienceIsEmpty = (audience: Audience) =>
    audience.segmentIds.length + audience.groupIds.length + audience.listIds.length + audience.filters.length === 0;

  /** The audience's problems: nothing chosen, ids that are not the enterprise's, bad filters. */
  async function audienceErrors(enterpriseId: string, audience: Audience, timeZone: string) {
    const errors: Record<string, string> = {};
    if (audienceIsEmpty(audience)) errors.audience = campaignMessages.audienceEmpty;
    const owned = async (
      table: 'customer_segments' | 'customer_groups' | 'campaign_lists',
      ids: string[],
      path: string,
      text: string,
    ) => {
      const own = await repository.ownIds(table, enterpriseId, ids);
      if (ids.some((id) => !own.has(id))) errors[path] = text;
    };
    await owned('customer_segments', audience.segmentIds, 'audience.segmentIds', 'Choose segments of your enterprise');
    await owned('customer_groups', audience.groupIds, 'audience.groupIds', 'Choose groups of your enterprise');
    await owned('campaign_lists', audience.listIds, 'audience.listIds', 'Choose uploaded lists of your enterprise');
    const context = await audienceContext(db, enterpriseId, timeZone);
    Object.assign(errors, filterErrors(context, audience.filters));
    return errors;
  }

  /** Every check of a campaign body (field errors like the broadcast's); throws when any fails. */
  async function validate(enterpriseId: string, body: Body) {
    const timeZone = await enterpriseTimeZone(db, enterpriseId);
    const fieldErrors: Record<string, string> = {};
    const channel = await repository.channel(enterpriseId, body.channelId);
    if (!channel) fieldErrors.channelId = errorCatalog.BROADCAST_CHANNEL_UNKNOWN.message;
    if (body.departmentId && (await repository.ownIds('departments', enterpriseId, [body.departmentId])).size === 0)
      fieldErrors.departmentId = 'Choose a department of your enterprise';
    Object.assign(fieldErrors, await audienceErrors(enterpriseId, body.audience, timeZone));
    if (channel) {
      const { fieldErrors: variantErrors } = await planVariants(
        db,
        enterpriseId,
        body,
        await userRows(db, enterpriseId),
      );
      Object.assign(fieldErrors, variantErrors);
    }
    Object.assign(fieldErrors, scheduleErrors(body.schedule, timeZone, now()));
    const keys = Object.keys(fieldErrors);
    if (keys.length === 1 && keys[0] === 'audience') throw new AppError('CAMPAIGN_AUDIENCE_EMPTY', { fieldErrors });
    if (keys.length > 0) throw new AppError('CAMPAIGN_INVALID', { fieldErrors });
  }

  const stored = (body: Body) => ({
    name: body.name,
    channelId: body.channelId,
    departmentId: body.departmentId,
    variants: body.variants as unknown as Record<string, unknown>[],
    audience: body.audience as unknown as Record<string, unknown>,
    schedule: body.schedule as unknown as Record<string, unknown>,
    trackClicks: body.trackClicks,
  });

  async function activityRow(enterpriseId: string, id: string) {
    const row = await repository.activityRow(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The activity as it is after a change of state, announced to the enterprise's open consoles. */
  async function moved(enterpriseId: string, id: string): Promise<{ activity: Activity }> {
    const activity = await repository.activity(enterpriseId, id);
    if (!activity) throw new AppError('NOT_FOUND');
    await deps.announce?.([{ enterpriseId, id, campaignId: activity.campaignId, state: activity.state }]);
    return { activity };
  }

  /** Refuses an action the activity's state does not offer (contracts activityActions). */
  function offered(action: ActivityAction, state: string) {
    if (!(activityActions[action] as readonly string[]).includes(state))
      throw new AppError('CAMPAIGN_STATE', {
        message: `This campaign cannot be ${done[action]} while it is ${activityStateLabels[state as ActivityState]?.toLowerCase() ?? state}`,
      });
  }

  /** Moves the activity (and its campaign) or, when another request moved it first, refuses. */
  async function move(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    id: string,
    action: ActivityAction,
    values: Parameters<typeof repository.moveActivity>[3],
  ) {
    const status =
      values.state === 'APPROVED' || values.state === 'REJECTED' ? values.state : runs.statusOf(values.state);
    const moved = await repository.moveActivity(tx, id, activityActions[action], values, status ?? 'DRAFT');
    if (!moved) throw new AppError('CAMPAIGN_STATE');
  }

  /** The rate card's price of an activity's sendable numbers (its first variant's template category). */
  async function priced(enterpriseId: string, snapshot: Body) {
    const timeZone = await enterpriseTimeZone(db, enterpriseId);
    const context = await audienceContext(db, enterpriseId, timeZone);
    const byPrefix = await sendableByPrefix(db, context, snapshot.audience);
    const template = await repository.template(enterpriseId, snapshot.variants[0]!.templateId);
    const estimate = await rates.estimate(enterpriseId, template?.category ?? 'MARKETING', { byPrefix });
    return { estimate, recipients: byPrefix.reduce((sum, group) => sum + group.count, 0) };
  }

  return {
    list(enterpriseId: string, query: z.output<typeof campaignListQuery>) {
      return repository.list(enterpriseId, query);
    },

    async get(enterpriseId: string, id: string) {
      return { campaign: await toCampaign(await found(enterpriseId, id)) };
    },

    async create(actor: Actor, body: Body) {
      await validate(actor.enterpriseId, body);
      const row = await repository.insert({
        ...stored(body),
        enterpriseId: actor.enterpriseId,
        status: 'DRAFT',
        createdBy: actor.userId,
      });
      return { campaign: await toCampaign(row) };
    },

    /**
     * An edit: refused while the campaign sends or waits to (runningCannotChange); otherwise the
     * campaign is a draft again at the next version, and an activity still pending or approved
     * but not started is SUPERSEDED (it approved another version).
     */
    async update(actor: Actor, id: string, body: Body) {
      const row = await found(actor.enterpriseId, id);
      if (LIVE.has(row.status)) throw new AppError('CAMPAIGN_RUNNING');
      await validate(actor.enterpriseId, body);
      const updated = await db.transaction(async (tx) => {
        await repository.supersede(tx, id);
        return repository.update(tx, id, { ...stored(body), status: 'DRAFT', version: row.version + 1 });
      });
      return { campaign: await toCampaign(updated) };
    },

    /** Soft delete (its report stays); refused while it sends or waits to. */
    async remove(actor: Actor, id: string) {
      const row = await found(actor.enterpriseId, id);
      if (LIVE.has(row.status) || (await repository.isLive(id))) throw new AppError('CAMPAIGN_RUNNING');
      await db.transaction(async (tx) => {
        await repository.supersede(tx, id);
        await repository.update(tx, id, { deletedAt: new Date() });
      });
      return {};
    },

    async clone(actor: Actor, id: string) {
      const row = await found(actor.enterpriseId, id);
      const copy = await repository.insert({
        ...stored(bodyOf(row)),
        name: `${row.name} (copy)`.slice(0, 100),
        enterpriseId: actor.enterpriseId,
        status: 'DRAFT',
        createdBy: actor.userId,
      });
      return { campaign: await toCampaign(copy) };
    },

    /** The editor's live count (the audience's checks first, as field errors). */
    departments: (enterpriseId: string) => repository.departments(enterpriseId),

    async count(enterpriseId: string, audience: Audience) {
      const timeZone = await enterpriseTimeZone(db, enterpriseId);
      const errors = await audienceErrors(enterpriseId, audience, timeZone);
      delete errors.audience;
      if (Object.keys(errors).length > 0) throw new AppError('CAMPAIGN_INVALID', { fieldErrors: errors });
      const context = await audienceContext(db, enterpriseId, timeZone);
      return countAudience(db, context, audience);
    },

    /** Submit: an activity PENDING with the campaign as it is now and its audience's size. */
    async submit(actor: Actor, id: string) {
      const row = await found(actor.enterpriseId, id);
      if (!SUBMITTABLE.has(row.status))
        throw new AppError(LIVE.has(row.status) ? 'CAMPAIGN_RUNNING' : 'CAMPAIGN_STATE');
      const body = bodyOf(row);
      await validate(actor.enterpriseId, body);
      const timeZone = await enterpriseTimeZone(db, actor.enterpriseId);
      const counted = await countAudience(db, await audienceContext(db, actor.enterpriseId, timeZone), body.audience);
      const activity = await db.transaction(async (tx) => {
        await repository.supersede(tx, id);
        const inserted = await repository.insertActivity(tx, {
          enterpriseId: actor.enterpriseId,
          campaignId: id,
          name: row.name,
          state: 'PENDING',
          campaignVersion: row.version,
          snapshot: body as unknown as Record<string, unknown>,
          departmentId: row.departmentId,
          targeted: counted.targeted,
          submittedBy: actor.userId,
        });
        await repository.update(tx, id, { status: 'PENDING_APPROVAL' });
        return inserted;
      });
      return moved(actor.enterpriseId, activity.id);
    },

    /** Activities by state, each state only for whom its page is (PENDING: approvers; APPROVED…: starters). */
    async activities(actor: Actor, query: z.output<typeof activityListQuery>) {
      const visible = visibleStates(actor.permissions);
      if (query.state && !visible.has(query.state)) throw new AppError('FORBIDDEN');
      return repository.activities(actor.enterpriseId, {
        ...query,
        states: query.state ? [query.state] : [...visible],
      });
    },

    /** Approve: never by the campaign's maker (who submitted it or created the campaign). */
    async approve(actor: Actor, id: string) {
      const activity = await activityRow(actor.enterpriseId, id);
      const campaign = await found(actor.enterpriseId, activity.campaignId);
      if (activity.submittedBy === actor.userId || campaign.createdBy === actor.userId)
        throw new AppError('CAMPAIGN_OWN_ACTIVITY');
      offered('approve', activity.state);
      await db.transaction((tx) =>
        move(tx, id, 'approve', { state: 'APPROVED', decidedBy: actor.userId, decidedAt: new Date() }),
      );
      return moved(actor.enterpriseId, id);
    },

    async reject(actor: Actor, id: string, reason: string) {
      const activity = await activityRow(actor.enterpriseId, id);
      offered('reject', activity.state);
      await db.transaction((tx) =>
        move(tx, id, 'reject', {
          state: 'REJECTED',
          decidedBy: actor.userId,
          decidedAt: new Date(),
          rejectReason: reason,
        }),
      );
      return moved(actor.enterpriseId, id);
    },

    /** The start dialog's estimate: the rate card's price of the sendable numbers, and the budget left. */
    async estimate(actor: Actor, id: string): Promise<CampaignEstimate> {
      const activity = await activityRow(actor.enterpriseId, id);
      const snapshot = campaignBody.parse(activity.snapshot);
      const { estimate, recipients } = await priced(actor.enterpriseId, snapshot);
      const budget = deps.checkBudget
        ? await deps.checkBudget(db, {
            enterpriseId: actor.enterpriseId,
            departmentId: activity.departmentId,
            estimatedCost: estimate.estimatedRate,
          })
        : null;
      return {
        currencySymbol: estimate.currencySymbol,
        estimatedRate: estimate.estimatedRate,
        recipients,
        unpriced: estimate.unpriced,
        budgetLeft: budget?.budgetLeft ?? null,
      };
    },

    /**
     * Start an APPROVED activity of the campaign's current version (an edit since needs approval
     * again), within the department's budget: 'now' runs at once, a schedule waits for its first
     * occurrence (SCHEDULED).
     */
    async start(actor: Actor, id: string) {
      const activity = await activityRow(actor.enterpriseId, id);
      const campaign = await found(actor.enterpriseId, activity.campaignId);
      if (
        (activity.state === 'APPROVED' || activity.state === 'SUPERSEDED') &&
        campaign.version !== activity.campaignVersion
      )
        throw new AppError('CAMPAIGN_EDITED_AFTER_APPROVAL');
      offered('start', activity.state);
      const snapshot = campaignBody.parse(activity.snapshot);
      if (deps.checkBudget) {
        const { estimate } = await priced(actor.enterpriseId, snapshot);
        const budget = await deps.checkBudget(db, {
          enterpriseId: actor.enterpriseId,
          departmentId: activity.departmentId,
          estimatedCost: estimate.estimatedRate,
        });
        if (budget.exceeded)
          throw new AppError('CAMPAIGN_BUDGET_EXCEEDED', {
            message: campaignMessages.budgetExceeded(budget.departmentName ?? 'the department'),
          });
      }
      const timeZone = await enterpriseTimeZone(db, actor.enterpriseId);
      const startedAt = now();
      const first =
        snapshot.schedule.kind === 'now' ? startedAt : nextOccurrence(snapshot.schedule, timeZone, startedAt);
      if (!first)
        throw new AppError('CAMPAIGN_INVALID', {
          fieldErrors: {
            [snapshot.schedule.kind === 'once' ? 'schedule.at' : 'schedule.until']:
              snapshot.schedule.kind === 'once' ? campaignMessages.scheduleInPast : campaignMessages.endBeforeStart,
          },
        });
      const state: ActivityState = snapshot.schedule.kind === 'now' ? 'RUNNING' : 'SCHEDULED';
      await db.transaction((tx) =>
        move(tx, id, 'start', { state, startedBy: actor.userId, startedAt, nextRunAt: first }),
      );
      // 'now' fires here; should it fail, the scheduler's next pass fires it (it is due).
      if (state === 'RUNNING') await runs.fire(id, first);
      return moved(actor.enterpriseId, id);
    },

    async pause(actor: Actor, id: string) {
      const activity = await activityRow(actor.enterpriseId, id);
      offered('pause', activity.state);
      await db.transaction(async (tx) => {
        await move(tx, id, 'pause', { state: 'PAUSED' });
        await runs.pause(tx, id);
      });
      return moved(actor.enterpriseId, id);
    },

    async resume(actor: Actor, id: string) {
      const activity = await activityRow(actor.enterpriseId, id);
      offered('resume', activity.state);
      await db.transaction(async (tx) => {
        const state = await runs.resume(tx, id);
        await move(tx, id, 'resume', { state });
      });
      return moved(actor.enterpriseId, id);
    },

    async stop(actor: Actor, id: string) {
      const activity = await activityRow(actor.enterpriseId, id);
      offered('stop', activity.state);
      await db.transaction(async (tx) => {
        await move(tx, id, 'stop', { state: 'STOPPED', nextRunAt: null });
        await runs.cancel(tx, id);
      });
      return moved(actor.enterpriseId, id);
    },

    /** Test send: a variant (the first by default) of the campaign as it is now, to up to five numbers. */
    async test(actor: Actor, id: string, body: z.output<typeof testSendBody>) {
      const row = await found(actor.enterpriseId, id);
      const campaign = bodyOf(row);
      const fieldErrors: Record<string, string> = {};
      const phones: string[] = [];
      body.phoneNumbers.forEach((raw, index) => {
        const phone = customerPhone(raw, deps.config.defaultPhoneRegion);
        if (!phone) fieldErrors[`phoneNumbers.${index}`] = 'please enter valid number';
        else if (!phones.includes(phone)) phones.push(phone);
      });
      const index = body.variant ? campaign.variants.findIndex((variant) => variant.label === body.variant) : 0;
      if (index < 0) fieldErrors.variant = 'This campaign has no such variant';
      const channel = await repository.channel(actor.enterpriseId, campaign.channelId);
      if (!channel) fieldErrors.channelId = errorCatalog.BROADCAST_CHANNEL_UNKNOWN.message;
      const { plans, fieldErrors: variantErrors } = await planVariants(
        db,
        actor.enterpriseId,
        campaign,
        await userRows(db, actor.enterpriseId),
      );
      Object.assign(fieldErrors, variantErrors);
      const plan = index >= 0 ? plans[index] : undefined;
      if (Object.keys(fieldErrors).length > 0 || !plan || !channel)
        throw new AppError('CAMPAIGN_INVALID', { fieldErrors });
      const broadcastId = await runs.testSend({
        enterpriseId: actor.enterpriseId,
        campaignId: id,
        channelId: campaign.channelId,
        messagesPerSecond: channel.messagesPerSecond,
        plan,
        phones,
        userId: actor.userId,
      });
      return { broadcastId };
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;
