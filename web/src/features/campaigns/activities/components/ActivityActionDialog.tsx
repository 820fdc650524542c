import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  campaignMessages,
  rejectBody,
  type Activity,
  type ActivityAction,
  type CampaignEstimate,
} from '@parley/contracts/campaigns';
import { isSessionEndingError } from '../../../../lib/api-client';
import { describeFailure } from '../../../../lib/failure-message';
import { formatMoney } from '../../../../lib/format-number';
import { showToast } from '../../../../lib/toast';
import { useApproveActivity } from '../api/approve-activity';
import { useActivityEstimate } from '../api/get-activity-estimate';
import { usePauseActivity } from '../api/pause-activity';
import { useRejectActivity } from '../api/reject-activity';
import { useResumeActivity } from '../api/resume-activity';
import { useStartActivity } from '../api/start-activity';
import { useStopActivity } from '../api/stop-activity';

/** The words of each dialog (engagement.md §2.13: approve, reject, start, stop; plus pause and resume). */
export const actionTexts: Record<
  ActivityAction,
  { label: string; title: string; question: (name: string) => string; done: string; danger?: boolean }
> = {
  approve: {
    label: 'Approve',
    title: 'Approve Activity',
    question: (name) => `Approve the campaign '${name}'? It can then be started.`,
    done: campaignMessages.approved,
  },
  reject: {
    label: 'Reject',
    title: 'Reject Activity',
    question: (name) => `Reject the campaign '${name}'? Its maker reads your reason.`,
    done: campaignMessages.rejected,
    danger: true,
  },
  start: {
    label: 'Start',
    title: 'Start Campaign',
    question: (name) => `Start the campaign '${name}'? It sends now, or on its schedule.`,
    done: campaignMessages.started,
  },
  pause: {
    label: 'Pause',
    title: 'Pause Campaign',
    question: (name) => `Pause the campaign '${name}'? Nothing is lost: it can be resumed.`,
    done: campaignMessages.paused,
  },
  resume: {
    label: 'Resume',
    title: 'Resume Campaign',
    question: (name) => `Resume the campaign '${name}'?`,
    done: campaignMessages.resumed,
  },
  stop: {
    label: 'Stop',
    title: 'Stop Campaign',
    question: (name) => `Stop the campaign '${name}' for good? What was not sent is not sent.`,
    done: campaignMessages.stopped,
    danger: true,
  },
};

/** The start dialog's cost estimate from the rate card (engagement.md §3). */
function EstimateSummary({ estimate }: { estimate: CampaignEstimate }) {
  const overBudget = estimate.budgetLeft !== null && estimate.estimatedRate > estimate.budgetLeft;
  return (
    <Stack gap="xs" aria-label="Cost estimate" role="group">
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        <Text size="sm" c="dimmed">
          Estimated cost
        </Text>
        <Text size="sm" fw={600}>
          {formatMoney(estimate.estimatedRate, estimate.currencySymbol)}
        </Text>
        <Text size="sm" c="dimmed">
          Recipients
        </Text>
        <Text size="sm">{estimate.recipients.toLocaleString('en')}</Text>
        {estimate.unpriced > 0 ? (
          <>
            <Text size="sm" c="dimmed">
              Without a rate
            </Text>
            <Text size="sm">{estimate.unpriced.toLocaleString('en')} (not in the estimate)</Text>
          </>
        ) : null}
        {estimate.budgetLeft !== null ? (
          <>
            <Text size="sm" c="dimmed">
              Budget left this month
            </Text>
            <Text size="sm" c={overBudget ? 'red.8' : undefined}>
              {formatMoney(estimate.budgetLeft, estimate.currencySymbol)}
            </Text>
          </>
        ) : null}
      </SimpleGrid>
      {overBudget ? (
        <Text size="xs" c="red.8">
          The estimate is above what the department has left this month.
        </Text>
      ) : null}
    </Stack>
  );
}

function StartEstimate({ activityId }: { activityId: string }) {
  const estimate = useActivityEstimate(activityId, true);
  if (estimate.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Estimating the cost…
        </Text>
      </Group>
    );
  }
  if (estimate.isError) {
    return (
      <Text size="sm" c="dimmed">
        The cost could not be estimated: {estimate.error.message}
      </Text>
    );
  }
  return <EstimateSummary estimate={estimate.data} />;
}

interface ActivityActionDialogProps {
  activity: Activity;
  action: ActivityAction;
  /** The campaign-estimate feature flag: the start dialog shows the cost estimate. */
  showEstimate: boolean;
  onClose: () => void;
}

/** One confirmation dialog per activity action; the server's refusal shows inside it. */
export function ActivityActionDialog({ activity, action, showEstimate, onClose }: ActivityActionDialogProps) {
  const approve = useApproveActivity();
  const reject = useRejectActivity();
  const start = useStartActivity();
  const pause = usePauseActivity();
  const resume = useResumeActivity();
  const stop = useStopActivity();
  const mutation = { approve, reject, start, pause, resume, stop }[action];
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const texts = actionTexts[action];

  const callbacks = {
    onSuccess: () => {
      showToast(texts.done, { tone: 'success' });
      onClose();
    },
    onError: (error: unknown) => {
      if (isSessionEndingError(error)) return;
      setFailure(describeFailure(error));
    },
  };

  const handleConfirm = () => {
    setFailure(null);
    if (action === 'reject') {
      const parsed = rejectBody.safeParse({ reason });
      if (!parsed.success) {
        setReasonError(parsed.error.issues[0]?.message ?? campaignMessages.rejectReasonRequired);
        return;
      }
      reject.mutate({ activityId: activity.id, reason: parsed.data.reason }, callbacks);
      return;
    }
    (mutation as typeof approve).mutate(activity.id, callbacks);
  };

  return (
    <Modal opened onClose={onClose} title={texts.title} centered size="md">
      <Stack gap="md">
        <Text size="sm">{texts.question(activity.name)}</Text>
        {action === 'reject' ? (
          <Textarea
            label="Reason"
            withAsterisk
            rows={3}
            maxLength={500}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            data-autofocus
          />
        ) : null}
        {action === 'start' && showEstimate ? <StartEstimate activityId={activity.id} /> : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            color={texts.danger ? 'red' : undefined}
            loading={mutation.isPending}
            onClick={handleConfirm}
            data-autofocus={action === 'reject' ? undefined : true}
          >
            {texts.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
