import { useState } from 'react';
import { NumberInput, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { costPlan, type CostPlan } from '@parley/contracts/campaigns';
import { formatMoney, formatPercent } from '../../../../lib/format-number';
import { useRuleDepartments } from '../api/get-rule-departments';
import { useSaveCostPlan } from '../api/save-cost-plan';
import { RuleDialog } from './RuleDialog';
import { RulesSection } from './RulesSection';
import { useRuleForm } from './use-rule-form';

type SavedCostPlan = CostPlan & { id: string; departmentName: string; spentThisMonth: number };

function CostPlanDialog({
  plan,
  taken,
  onClose,
}: {
  plan: SavedCostPlan | null;
  taken: string[];
  onClose: () => void;
}) {
  const departments = useRuleDepartments(true);
  const save = useSaveCostPlan();
  const { values, errors, failure, set, handleSubmit, saving } = useRuleForm<CostPlan>({
    schema: costPlan,
    initial: plan
      ? { id: plan.id, departmentId: plan.departmentId, monthlyBudget: plan.monthlyBudget, enabled: plan.enabled }
      : { departmentId: '', monthlyBudget: 0, enabled: true },
    save,
    savedText: 'Budget saved',
    onClose,
  });
  return (
    <RuleDialog
      title={plan ? 'Edit budget' : 'Add budget'}
      saving={saving}
      failure={failure}
      onSubmit={handleSubmit}
      onClose={onClose}
      enabled={values.enabled}
      onEnabledChange={(enabled) => set({ enabled })}
    >
      <Select
        label="Department"
        withAsterisk
        placeholder="Choose a department"
        data={(departments.data ?? []).filter(
          (department) => department.value === values.departmentId || !taken.includes(department.value),
        )}
        value={values.departmentId || null}
        disabled={plan !== null}
        searchable
        error={errors.departmentId ?? (departments.isError ? departments.error.message : undefined)}
        onChange={(value) => set({ departmentId: value ?? '' })}
        data-autofocus
      />
      <NumberInput
        label="Monthly budget"
        description="In the rate card's currency; a campaign whose estimate goes beyond what is left does not start"
        withAsterisk
        min={0}
        decimalScale={2}
        thousandSeparator=","
        value={values.monthlyBudget}
        error={errors.monthlyBudget}
        onChange={(value) => set({ monthlyBudget: typeof value === 'number' ? value : Number(value) || 0 })}
      />
    </RuleDialog>
  );
}

/** Cost planner (engagement §7.4): a monthly budget per department that a campaign cannot start beyond. */
export function CostPlannerSection({ plans }: { plans: SavedCostPlan[] }) {
  const [editing, setEditing] = useState<{ plan: SavedCostPlan | null } | null>(null);
  return (
    <>
      <RulesSection
        kind="cost-planner"
        label="Cost planner"
        description="Each department's campaigns may spend up to its monthly budget (estimated from the rate card when they start)."
        addLabel="Add budget"
        columns={[
          { key: 'department', header: 'Department' },
          { key: 'budget', header: 'Monthly budget', ta: 'right', w: 150 },
          { key: 'spent', header: 'Spent this month', w: 260 },
        ]}
        rows={plans}
        empty="No budgets: campaigns start whatever they cost"
        nameOf={(plan) => `the budget of ${plan.departmentName}`}
        onEdit={(plan) => setEditing({ plan })}
        renderCells={(plan) => {
          const share = plan.monthlyBudget > 0 ? (plan.spentThisMonth / plan.monthlyBudget) * 100 : 100;
          return (
            <>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {plan.departmentName}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(plan.monthlyBudget)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(plan.spentThisMonth)} ({formatPercent(plan.spentThisMonth, plan.monthlyBudget)})
                  </Text>
                  <Progress
                    size="sm"
                    value={Math.min(100, share)}
                    color={share >= 100 ? 'red' : share >= 80 ? 'orange' : 'teal'}
                    aria-label={`Spent ${formatPercent(plan.spentThisMonth, plan.monthlyBudget)} of the budget of ${plan.departmentName}`}
                  />
                </Stack>
              </Table.Td>
            </>
          );
        }}
      />
      {editing ? (
        <CostPlanDialog
          plan={editing.plan}
          taken={plans.map((plan) => plan.departmentId)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
