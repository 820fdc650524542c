import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorCatalog } from '@parley/contracts/errors';
import type { AgentDetails, TrainingStatus } from '@parley/contracts/agents';
import type { TrainingState } from '@parley/contracts/nlu';
import { ApiError } from '../../../../lib/api-client';
import { describeFailure } from '../../../../lib/failure-message';
import { showToast } from '../../../../lib/toast';
import { agentsKeys } from '../../api/agents-keys';
import { trainingStateKey, useTrainingState } from '../../api/get-training-state';
import { useTrainAgent } from '../../api/train-agent';

export interface TrainFlow {
  /** The status to show: 'training' from the click until the job has finished. */
  status: TrainingStatus;
  /** True from the click until the job has finished (the warning and its loader show). */
  busy: boolean;
  /** The server's answer to the train call while the job runs. */
  startMessage: string | null;
  start: () => void;
}

/**
 * Train Agent (agents.md §2.2, §4): the train call answers 'training' and the job finishes later.
 * Until then the training state is polled every 2 s (the 'agent.trained' realtime event refreshes
 * it sooner); when it ends the server's message is shown, as a success or as the failure.
 */
export function useTrainFlow(agent: AgentDetails): TrainFlow {
  const queryClient = useQueryClient();
  const train = useTrainAgent();
  /** The training this page started: when, and the server's answer to the train call. */
  const [run, setRun] = useState<{ since: number; message: string | null } | null>(null);
  /** A training started elsewhere (another tab, another operator) is followed too, without a toast. */
  const external = run === null && agent.trainingStatus === 'training';
  const watching = run !== null || external;
  const state = useTrainingState(agent.id, { enabled: watching, poll: true });
  const ended = state.data && state.data.trainingStatus !== 'training' ? state.data : null;
  // Only a state read after the training began counts (a cached one may be from the training before).
  const fresh = run ? state.dataUpdatedAt >= run.since : state.isFetchedAfterMount;
  const finished: TrainingState | null = watching && ended && fresh ? ended : null;
  const handledRun = useRef<number | null>(null);

  useEffect(() => {
    if (!finished) return;
    if (run) {
      if (handledRun.current === run.since) return;
      handledRun.current = run.since;
    }
    // The header and the card show the new status at once, then read it again from the server.
    queryClient.setQueryData<AgentDetails>(agentsKeys.detail(agent.id), (current) =>
      current
        ? {
            ...current,
            trainingStatus: finished.trainingStatus,
            trainingMessage: finished.trainingMessage,
            trainedAt: finished.trainedAt,
          }
        : current,
    );
    void queryClient.invalidateQueries({ queryKey: agentsKeys.detail(agent.id), exact: true });
    void queryClient.invalidateQueries({ queryKey: agentsKeys.lists() });
    if (!run) return;
    if (finished.trainingStatus === 'failed')
      showToast(finished.trainingMessage ?? 'Training failed', { tone: 'error', id: `agent-train-${agent.id}` });
    else if (finished.trainingStatus === 'trained')
      showToast(finished.trainingMessage ?? 'Agent trained', { tone: 'success', id: `agent-train-${agent.id}` });
  }, [finished, run, queryClient, agent.id]);

  const follow = (message: string | null) => {
    const since = Date.now();
    queryClient.setQueryData<TrainingState>(trainingStateKey(agent.id), (current) => ({
      trainingStatus: 'training',
      trainingMessage: message,
      trainedAt: current?.trainedAt ?? null,
      report: current?.report ?? null,
    }));
    setRun({ since, message });
  };

  const start = () =>
    train.mutate(agent.id, {
      onSuccess: (result) => {
        if (result.trainingStatus === 'training') follow(result.trainMessage);
        else
          showToast(result.trainMessage, {
            tone:
              result.trainingStatus === 'failed' ? 'error' : result.trainingStatus === 'trained' ? 'success' : 'info',
          });
      },
      onError: (failure) => {
        // Already training (another tab): follow that job instead.
        if (failure instanceof ApiError && failure.code === errorCatalog.AGENT_TRAINING_IN_PROGRESS.code)
          follow(failure.message);
        showToast(describeFailure(failure), { tone: 'error' });
      },
    });

  const busy = train.isPending || (watching && !finished);
  return {
    status: busy ? 'training' : (finished?.trainingStatus ?? agent.trainingStatus),
    busy,
    startMessage: busy && run ? run.message : null,
    start,
  };
}
