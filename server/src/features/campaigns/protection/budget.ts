import { rawFor, type Db } from '../../../db/client';
import { callingCodes } from '../../../platform/messaging/dial-codes';
import { enterpriseTimeZone } from '../runs';

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * What each department's campaigns cost this calendar month (the enterprise's time zone): every
 * accepted message of its campaigns' broadcasts (main, fallback and test) priced from the rate card
 * by the number's dial code and the template's category, as the estimate and the report price it
 * (platform/messaging/dial-codes.ts: only rates of real calling codes count, and as these are
 * prefix-free a number's is the one it starts with; a number whose country has no rate costs nothing). One statement for all departments asked.
 */
export async function monthSpend(
  db: Db,
  enterpriseId: string,
  departmentIds: readonly string[],
): Promise<Map<string, number>> {
  const spent = new Map<string, number>(departmentIds.map((id) => [id, 0]));
  if (departmentIds.length === 0) return spent;
  const raw = rawFor(db);
  const timeZone = await enterpriseTimeZone(db, enterpriseId);
  const { rows } = await raw(
    `WITH sent AS (
       SELECT c.department_id, substr(r.phone, 2, 3) AS prefix,
              upper(b.template_snapshot->>'category') AS category, count(*) AS n
       FROM campaigns c
       JOIN campaign_broadcasts cb ON cb.campaign_id = c.id
       JOIN broadcasts b ON b.id = cb.broadcast_id
       JOIN broadcast_recipients r ON r.broadcast_id = cb.broadcast_id
       WHERE c.enterprise_id = $1::uuid
         AND c.department_id IN (SELECT jsonb_array_elements_text($2::jsonb)::uuid)
         AND r.state = 'accepted'
         AND r.sent_at >= (date_trunc('month', now() AT TIME ZONE $3) AT TIME ZONE $3)
       GROUP BY 1, 2, 3)
     SELECT s.department_id, coalesce(sum(s.n * p.rate), 0)::float8 AS spent
     FROM sent s
     JOIN LATERAL (
       SELECT rc.rate FROM rate_card rc
       WHERE rc.enterprise_id = $1::uuid AND rc.category = s.category AND s.prefix LIKE rc.country || '%'
         AND rc.country IN (SELECT jsonb_array_elements_text($4::jsonb))
       ORDER BY length(rc.country) DESC LIMIT 1) p ON true
     GROUP BY s.department_id`,
    [enterpriseId, JSON.stringify(departmentIds), timeZone, JSON.stringify([...callingCodes])],
  );
  for (const row of rows) spent.set(String(row.department_id), cents(Number(row.spent)));
  return spent;
}

export interface BudgetCheck {
  /** True when the estimated cost is more than what the budget has left this month. */
  exceeded: boolean;
  /** The monthly budget less this month's spend; null when the department has no enabled plan. */
  budgetLeft: number | null;
  departmentName: string | null;
}

/**
 * The cost planner (engagement.md §7.4): whether a campaign costing `estimatedCost` fits what
 * its department has left of its enabled monthly budget. No department, or no enabled plan: no limit.
 */
export async function checkBudget(
  db: Db,
  input: { enterpriseId: string; departmentId: string | null; estimatedCost: number },
): Promise<BudgetCheck> {
  const unlimited = { exceeded: false, budgetLeft: null, departmentName: null };
  if (!input.departmentId) return unlimited;
  const { rows } = await rawFor(db)(
    `SELECT p.monthly_budget, d.name FROM campaign_cost_plans p JOIN departments d ON d.id = p.department_id
     WHERE p.enterprise_id = $1 AND p.department_id = $2 AND p.enabled`,
    [input.enterpriseId, input.departmentId],
  );
  const plan = rows[0];
  if (!plan) return unlimited;
  const spent = (await monthSpend(db, input.enterpriseId, [input.departmentId])).get(input.departmentId) ?? 0;
  const budgetLeft = cents(Number(plan.monthly_budget) - spent);
  return {
    exceeded: cents(input.estimatedCost) > budgetLeft,
    budgetLeft,
    departmentName: String(plan.name),
  };
}
