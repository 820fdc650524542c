import { Badge } from '@mantine/core';
import { campaignStatusLabels, type CampaignStatus } from '@parley/contracts/campaigns';

const colors: Record<CampaignStatus, string> = {
  DRAFT: 'gray',
  PENDING_APPROVAL: 'yellow',
  APPROVED: 'teal',
  REJECTED: 'red',
  SCHEDULED: 'indigo',
  RUNNING: 'blue',
  PAUSED: 'orange',
  STOPPED: 'dark',
  COMPLETED: 'green',
};

/** A campaign's status in words (Draft, Waiting for approval, Running, …). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge variant="light" color={colors[status]} radius="sm" tt="none" w="fit-content">
      {campaignStatusLabels[status]}
    </Badge>
  );
}
