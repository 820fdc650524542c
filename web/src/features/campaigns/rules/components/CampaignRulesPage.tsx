import { Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { useCampaignRules } from '../api/get-campaign-rules';
import { BlockTimeSection } from './BlockTimeSection';
import { CostPlannerSection } from './CostPlannerSection';
import { FailoverSection } from './FailoverSection';
import { FrequencySection } from './FrequencySection';

/** /campaigns/rules: the protection rules every campaign is held to (engagement §7.4), for administrators. */
export function CampaignRulesPage() {
  const rules = useCampaignRules();
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} fz={24}>
          Protection Rules
        </Title>
        <Text c="dimmed" size="sm">
          Quiet hours, frequency caps, channel failover and department budgets apply to every campaign.
        </Text>
      </div>
      {rules.isError ? (
        <QueryErrorAlert
          title="The rules could not be loaded"
          message={rules.error.message}
          onRetry={() => void rules.refetch()}
        />
      ) : rules.isPending ? (
        <Skeleton h={240} radius="md" role="status" aria-label="Loading the rules" />
      ) : (
        <Tabs defaultValue="block-time" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="block-time">Quiet hours</Tabs.Tab>
            <Tabs.Tab value="frequency">Frequency caps</Tabs.Tab>
            <Tabs.Tab value="failover">Channel failover</Tabs.Tab>
            <Tabs.Tab value="cost-planner">Cost planner</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="block-time" pt="md">
            <BlockTimeSection rules={rules.data.blockTimes} timeZone={rules.data.timeZone} />
          </Tabs.Panel>
          <Tabs.Panel value="frequency" pt="md">
            <FrequencySection rules={rules.data.frequencyCaps} />
          </Tabs.Panel>
          <Tabs.Panel value="failover" pt="md">
            <FailoverSection rules={rules.data.failovers} />
          </Tabs.Panel>
          <Tabs.Panel value="cost-planner" pt="md">
            <CostPlannerSection plans={rules.data.costPlans} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
