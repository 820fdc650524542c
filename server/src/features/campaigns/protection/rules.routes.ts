import type { FastifyInstance } from 'fastify';
import { campaignRoutes as routes } from '@parley/contracts/campaigns';
import type { Permission } from '@parley/contracts/permissions';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { addRoute } from '../../../platform/http';
import { createRulesService } from './rules.service';

const tag = 'Campaign rules';

/** Administrators set the rules; whoever works on campaigns (or their reports) reads them. */
const readers: readonly Permission[] = [
  'ENTERPRISE.MANAGE',
  'CAMPAIGNS.CREATE',
  'CAMPAIGNS.EDIT',
  'CAMPAIGNS.VIEW',
  'CAMPAIGNS.DELETE',
  'CAMPAIGNS.APPROVE',
  'CAMPAIGNS.START',
  'CAMPAIGNS.VIEW_REJECTED',
  'CAMPAIGNS.VIEW_CAMPAIGNREPORT',
];
const writer: Permission = 'ENTERPRISE.MANAGE';

/** The protection rules' routes (engagement.md §7.4): quiet hours, frequency caps, failover, cost planner. */
export function registerCampaignRulesRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const rules = createRulesService({ db: deps.db });

  addRoute(app, routes.rules, { permission: readers, tag }, async ({ session }) => rules.list(session().enterpriseId));
  addRoute(
    app,
    routes.saveBlockTime,
    { permission: writer, tag, audit: 'campaignRules.saveBlockTime', message: 'Quiet hours saved' },
    async ({ session, body }) => rules.saveBlockTime(session().enterpriseId, body),
  );
  addRoute(
    app,
    routes.saveFrequency,
    { permission: writer, tag, audit: 'campaignRules.saveFrequency', message: 'Frequency cap saved' },
    async ({ session, body }) => rules.saveFrequency(session().enterpriseId, body),
  );
  addRoute(
    app,
    routes.saveFailover,
    { permission: writer, tag, audit: 'campaignRules.saveFailover', message: 'Failover saved' },
    async ({ session, body }) => rules.saveFailover(session().enterpriseId, body),
  );
  addRoute(
    app,
    routes.saveCostPlan,
    { permission: writer, tag, audit: 'campaignRules.saveCostPlan', message: 'Budget saved' },
    async ({ session, body }) => rules.saveCostPlan(session().enterpriseId, body),
  );
  addRoute(
    app,
    routes.removeRule,
    { permission: writer, tag, audit: 'campaignRules.remove', message: 'Rule deleted' },
    async ({ session, params }) => {
      await rules.remove(session().enterpriseId, params.kind, params.id);
      return {};
    },
  );
}
