import type { VariableMapping } from '@parley/contracts/broadcasts';
import type {
  BlockTimeRule,
  CampaignRuleKind,
  CostPlan,
  FailoverRule,
  FrequencyRule,
} from '@parley/contracts/campaigns';
import { errorCatalog } from '@parley/contracts/errors';
import type { TemplateComponent } from '@parley/contracts/templates';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/postgres-errors';
import { createCustomerLookup } from '../../../platform/customer-lookup';
import { AppError } from '../../../platform/errors';
import { monthSpend } from './budget';
import { mappingErrors } from './fallback-values';
import { enterpriseTimeZone } from '../runs';
import { createRulesRepository } from './rules.repository';

/** Texts of the rules' own checks (the contract's schemas give the rest). */
export const ruleTexts = {
  sameTimes: 'The end must differ from the start',
  notYourChannel: 'Choose one of your channels',
  sameChannel: 'Choose another channel to fall back to',
  templateOfChannel: 'Choose an APPROVED template of the fallback channel',
  templateNotApproved: 'Only an APPROVED template can be sent',
  notYourDepartment: 'Choose one of your departments',
  planTaken: errorCatalog.CAMPAIGN_COST_PLAN_TAKEN.message,
} as const;

function refuse(fieldErrors: Record<string, string>): never {
  throw new AppError('VALIDATION', { message: Object.values(fieldErrors)[0], fieldErrors });
}

/** An id that is the enterprise's, or 404 (an update of another enterprise's rule, or of one deleted). */
function found(id: string | null): { id: string } {
  if (!id) throw new AppError('NOT_FOUND');
  return { id };
}

/**
 * The protection rules of engagement.md §7.4, set by an administrator: quiet hours, frequency caps,
 * channel failover and the cost planner. A save inserts (no id) or changes the enterprise's rule.
 */
export function createRulesService(deps: { db: Db }) {
  const repository = createRulesRepository(deps.db);
  const customers = createCustomerLookup(deps.db);

  return {
    async list(enterpriseId: string) {
      const [{ blockTimes, frequencyCaps, failovers, costPlans }, timeZone] = await Promise.all([
        repository.list(enterpriseId),
        enterpriseTimeZone(deps.db, enterpriseId),
      ]);
      const spent = await monthSpend(
        deps.db,
        enterpriseId,
        costPlans.map((plan) => plan.departmentId),
      );
      return {
        blockTimes: blockTimes.map((row) => ({
          id: row.id,
          name: row.name,
          from: row.fromTime,
          to: row.toTime,
          weekdays: row.weekdays,
          enabled: row.enabled,
        })),
        frequencyCaps: frequencyCaps.map((row) => ({
          id: row.id,
          name: row.name,
          maxMessages: row.maxMessages,
          period: row.period as FrequencyRule['period'],
          enabled: row.enabled,
        })),
        failovers: failovers.map((row) => ({
          id: row.id,
          name: row.name,
          fromChannelId: row.fromChannelId,
          toChannelId: row.toChannelId,
          templateId: row.templateId,
          columnMapping: row.columnMapping as VariableMapping[],
          undeliveredMinutes: row.undeliveredMinutes,
          enabled: row.enabled,
        })),
        costPlans: costPlans.map((row) => ({
          id: row.id,
          departmentId: row.departmentId,
          departmentName: row.departmentName,
          monthlyBudget: Number(row.monthlyBudget),
          enabled: row.enabled,
          spentThisMonth: spent.get(row.departmentId) ?? 0,
        })),
        timeZone,
      };
    },

    async saveBlockTime(enterpriseId: string, rule: BlockTimeRule) {
      if (rule.from === rule.to) refuse({ to: ruleTexts.sameTimes });
      const saved = found(await repository.saveBlockTime(enterpriseId, rule));
      await repository.releaseQuietRows(enterpriseId);
      return saved;
    },

    async saveFrequency(enterpriseId: string, rule: FrequencyRule) {
      return found(await repository.saveFrequency(enterpriseId, rule));
    },

    /**
     * Both channels the enterprise's and different; the template the enterprise's, of the fallback
     * channel and APPROVED; its mapping complete against the customer columns (as a broadcast's).
     */
    async saveFailover(enterpriseId: string, rule: FailoverRule) {
      const errors: Record<string, string> = {};
      const [from, to, template] = await Promise.all([
        repository.channel(enterpriseId, rule.fromChannelId),
        repository.channel(enterpriseId, rule.toChannelId),
        repository.template(enterpriseId, rule.templateId),
      ]);
      if (!from) errors.fromChannelId = ruleTexts.notYourChannel;
      if (!to) errors.toChannelId = ruleTexts.notYourChannel;
      else if (rule.fromChannelId === rule.toChannelId) errors.toChannelId = ruleTexts.sameChannel;
      if (!template || template.channelId !== rule.toChannelId) errors.templateId = ruleTexts.templateOfChannel;
      else if (template.status !== 'APPROVED') errors.templateId = ruleTexts.templateNotApproved;
      else {
        Object.assign(
          errors,
          mappingErrors(
            { components: template.components as TemplateComponent[], parameterFormat: template.parameterFormat },
            rule.columnMapping,
            await customers.columns(enterpriseId),
          ),
        );
      }
      if (Object.keys(errors).length > 0) refuse(errors);
      return found(await repository.saveFailover(enterpriseId, rule));
    },

    /** The department the enterprise's; one plan per department (a second: 409 on departmentId). */
    async saveCostPlan(enterpriseId: string, plan: CostPlan) {
      if (!(await repository.department(enterpriseId, plan.departmentId)))
        refuse({ departmentId: ruleTexts.notYourDepartment });
      const taken = () =>
        new AppError('CAMPAIGN_COST_PLAN_TAKEN', { fieldErrors: { departmentId: ruleTexts.planTaken } });
      const existing = await repository.planOf(enterpriseId, plan.departmentId);
      if (existing && existing.id !== plan.id) throw taken();
      try {
        return found(await repository.saveCostPlan(enterpriseId, plan));
      } catch (error) {
        // Two admins adding the department's plan at once: the unique index keeps one.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    async remove(enterpriseId: string, kind: CampaignRuleKind, id: string) {
      if (!(await repository.remove(enterpriseId, kind, id))) throw new AppError('NOT_FOUND');
      if (kind === 'block-time') await repository.releaseQuietRows(enterpriseId);
    },
  };
}
export type RulesService = ReturnType<typeof createRulesService>;
