import { and, asc, eq } from 'drizzle-orm';
import type {
  BlockTimeRule,
  CampaignRuleKind,
  CostPlan,
  FailoverRule,
  FrequencyRule,
} from '@parley/contracts/campaigns';
import { rawFor, type Db } from '../../../db/client';
import {
  campaignBlockTimes,
  campaignCostPlans,
  campaignFailovers,
  campaignFrequencyCaps,
} from '../../../db/schema/campaigns';
import { channels, messageTemplates } from '../../../db/schema/channels';
import { departments } from '../../../db/schema/enterprise-admin';
import { quietVerdict } from './guard';

const tables = {
  'block-time': campaignBlockTimes,
  frequency: campaignFrequencyCaps,
  failover: campaignFailovers,
  'cost-planner': campaignCostPlans,
} as const satisfies Record<CampaignRuleKind, unknown>;

/** Protection rules' rows, always within one enterprise. Saves answer the id, or null when `id` is not the enterprise's. */
export function createRulesRepository(db: Db) {
  /** Inserts, or updates the enterprise's row `id`. */
  async function save<T extends (typeof tables)[CampaignRuleKind]>(
    table: T,
    enterpriseId: string,
    id: string | undefined,
    values: Omit<T['$inferInsert'], 'id' | 'enterpriseId' | 'createdAt'>,
  ): Promise<string | null> {
    // The four tables share id and enterprise_id; drizzle's types cannot follow a union of tables.
    const target = table as typeof campaignBlockTimes;
    const row = values as Omit<typeof campaignBlockTimes.$inferInsert, 'enterpriseId'>;
    if (!id) {
      const [inserted] = await db
        .insert(target)
        .values({ ...row, enterpriseId })
        .returning({ id: target.id });
      return inserted!.id;
    }
    const [updated] = await db
      .update(target)
      .set(row)
      .where(and(eq(target.id, id), eq(target.enterpriseId, enterpriseId)))
      .returning({ id: target.id });
    return updated?.id ?? null;
  }

  return {
    async list(enterpriseId: string) {
      const [blockTimes, frequencyCaps, failovers, costPlans] = await Promise.all([
        db
          .select()
          .from(campaignBlockTimes)
          .where(eq(campaignBlockTimes.enterpriseId, enterpriseId))
          .orderBy(asc(campaignBlockTimes.createdAt), asc(campaignBlockTimes.id)),
        db
          .select()
          .from(campaignFrequencyCaps)
          .where(eq(campaignFrequencyCaps.enterpriseId, enterpriseId))
          .orderBy(asc(campaignFrequencyCaps.createdAt), asc(campaignFrequencyCaps.id)),
        db
          .select()
          .from(campaignFailovers)
          .where(eq(campaignFailovers.enterpriseId, enterpriseId))
          .orderBy(asc(campaignFailovers.createdAt), asc(campaignFailovers.id)),
        db
          .select({
            id: campaignCostPlans.id,
            departmentId: campaignCostPlans.departmentId,
            departmentName: departments.name,
            monthlyBudget: campaignCostPlans.monthlyBudget,
            enabled: campaignCostPlans.enabled,
          })
          .from(campaignCostPlans)
          .innerJoin(departments, eq(departments.id, campaignCostPlans.departmentId))
          .where(eq(campaignCostPlans.enterpriseId, enterpriseId))
          .orderBy(asc(departments.name), asc(campaignCostPlans.id)),
      ]);
      return { blockTimes, frequencyCaps, failovers, costPlans };
    },

    async channel(enterpriseId: string, id: string) {
      const [row] = await db
        .select({ id: channels.id, type: channels.type })
        .from(channels)
        .where(and(eq(channels.id, id), eq(channels.enterpriseId, enterpriseId)));
      return row;
    },

    async template(enterpriseId: string, id: string) {
      const [row] = await db
        .select()
        .from(messageTemplates)
        .where(and(eq(messageTemplates.id, id), eq(messageTemplates.enterpriseId, enterpriseId)));
      return row;
    },

    async department(enterpriseId: string, id: string) {
      const [row] = await db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(and(eq(departments.id, id), eq(departments.enterpriseId, enterpriseId)));
      return row;
    },

    /** The enterprise's plan of the department, if any (other than `exceptId`). */
    async planOf(enterpriseId: string, departmentId: string) {
      const [row] = await db
        .select({ id: campaignCostPlans.id })
        .from(campaignCostPlans)
        .where(and(eq(campaignCostPlans.enterpriseId, enterpriseId), eq(campaignCostPlans.departmentId, departmentId)));
      return row;
    },

    saveBlockTime: (enterpriseId: string, rule: BlockTimeRule) =>
      save(campaignBlockTimes, enterpriseId, rule.id, {
        name: rule.name,
        fromTime: rule.from,
        toTime: rule.to,
        weekdays: [...new Set(rule.weekdays)].sort((a, b) => a - b),
        enabled: rule.enabled,
      }),

    saveFrequency: (enterpriseId: string, rule: FrequencyRule) =>
      save(campaignFrequencyCaps, enterpriseId, rule.id, {
        name: rule.name,
        maxMessages: rule.maxMessages,
        period: rule.period,
        enabled: rule.enabled,
      }),

    saveFailover: (enterpriseId: string, rule: FailoverRule) =>
      save(campaignFailovers, enterpriseId, rule.id, {
        name: rule.name,
        fromChannelId: rule.fromChannelId,
        toChannelId: rule.toChannelId,
        templateId: rule.templateId,
        columnMapping: rule.columnMapping,
        undeliveredMinutes: rule.undeliveredMinutes,
        enabled: rule.enabled,
      }),

    saveCostPlan: (enterpriseId: string, plan: CostPlan) =>
      save(campaignCostPlans, enterpriseId, plan.id, {
        departmentId: plan.departmentId,
        monthlyBudget: String(plan.monthlyBudget),
        enabled: plan.enabled,
      }),

    /**
     * Quiet hours changed: the enterprise's campaign rows waiting them out go back to the queue now,
     * to be judged again by the rules as they are (a deleted or shortened window sends them at once;
     * a window still in force defers them again). Returns how many.
     */
    async releaseQuietRows(enterpriseId: string): Promise<number> {
      // Two seconds on: the guard keeps an enterprise's rules for a second, and must judge by the new ones.
      const { rows } = await rawFor(db)(
        `UPDATE broadcast_recipients r SET next_attempt_at = now() + interval '2 seconds'
         FROM campaign_broadcasts cb JOIN broadcasts b ON b.id = cb.broadcast_id
         WHERE cb.enterprise_id = $1 AND cb.kind IN ('main', 'fallback')
           AND b.status IN ('QUEUED', 'SENDING', 'PAUSED')
           AND r.broadcast_id = cb.broadcast_id AND r.state = 'pending' AND r.error_code = $2
           AND r.next_attempt_at > now()
         RETURNING r.id`,
        [enterpriseId, quietVerdict.code],
      );
      return rows.length;
    },

    async remove(enterpriseId: string, kind: CampaignRuleKind, id: string): Promise<boolean> {
      const table = tables[kind] as typeof campaignBlockTimes;
      const rows = await db
        .delete(table)
        .where(and(eq(table.id, id), eq(table.enterpriseId, enterpriseId)))
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}
export type RulesRepository = ReturnType<typeof createRulesRepository>;
