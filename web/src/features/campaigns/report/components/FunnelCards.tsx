import { Paper, Progress, SimpleGrid, Text } from '@mantine/core';
import type { CampaignFunnel } from '@parley/contracts/campaigns';
import { abbreviateNumber, formatPercent } from '../../../../lib/format-number';

type Stage = 'targeted' | 'excluded' | 'sent' | 'delivered' | 'read' | 'replied' | 'clicked';

/** The funnel of issue 21: each stage and the stage its percentage is of. */
export const funnelStages: { key: Stage; label: string; of: Stage | null; color: string }[] = [
  { key: 'targeted', label: 'Targeted', of: null, color: 'gray' },
  { key: 'excluded', label: 'Excluded', of: 'targeted', color: 'orange' },
  { key: 'sent', label: 'Sent', of: 'targeted', color: 'blue' },
  { key: 'delivered', label: 'Delivered', of: 'sent', color: 'teal' },
  { key: 'read', label: 'Read', of: 'delivered', color: 'cyan' },
  { key: 'replied', label: 'Replied', of: 'delivered', color: 'grape' },
  { key: 'clicked', label: 'Clicked', of: 'delivered', color: 'indigo' },
];

const stageNames: Record<Stage, string> = {
  targeted: 'targeted',
  excluded: 'targeted',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  replied: 'replied',
  clicked: 'clicked',
};

/** Targeted → excluded → sent → delivered → read → replied → clicked, as cards with a bar each. */
export function FunnelCards({ funnel }: { funnel: CampaignFunnel }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" role="list" aria-label="Funnel">
      {funnelStages.map((stage) => {
        const count = funnel[stage.key];
        const base = stage.of ? funnel[stage.of] : count;
        return (
          <Paper key={stage.key} withBorder radius="md" p="sm" role="listitem" aria-label={stage.label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {stage.label}
            </Text>
            <Text fz={22} fw={700} title={count.toLocaleString('en')} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {abbreviateNumber(count)}
            </Text>
            <Text size="xs" c="dimmed">
              {stage.of ? `${formatPercent(count, base)} of ${stageNames[stage.of]}` : 'the audience'}
            </Text>
            <Progress
              mt={6}
              size="sm"
              color={stage.color}
              value={funnel.targeted > 0 ? Math.min(100, (count / funnel.targeted) * 100) : 0}
              aria-label={`${stage.label}: ${formatPercent(count, funnel.targeted)} of targeted`}
            />
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
