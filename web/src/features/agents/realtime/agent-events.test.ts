import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { fakeRealtime } from '../../../test/fake-realtime';
import { agentsKeys } from '../api/agents-keys';
import { trainingStateKey } from '../api/get-training-state';
import { subscribeAgentEvents } from './agent-events';

describe('subscribeAgentEvents', () => {
  it("refreshes the agent, the list and the training state on 'agent.trained'", () => {
    const realtime = fakeRealtime();
    const queryClient = new QueryClient();
    const agentId = '7e7e0000-0000-4000-8000-0000000000b1';
    for (const key of [agentsKeys.detail(agentId), agentsKeys.list({}), trainingStateKey(agentId)])
      queryClient.setQueryData(key, { any: true });
    queryClient.setQueryData(agentsKeys.stories(agentId), []);
    const unsubscribe = subscribeAgentEvents(realtime, queryClient);
    realtime.emit('agent.trained', { agentId, trainingStatus: 'trained' });
    const invalid = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalid(agentsKeys.detail(agentId))).toBe(true);
    expect(invalid(agentsKeys.list({}))).toBe(true);
    expect(invalid(trainingStateKey(agentId))).toBe(true);
    // The agent's other data (stories, an intent being edited) is left alone.
    expect(invalid(agentsKeys.stories(agentId))).toBe(false);
    unsubscribe();
    expect(realtime.listeners.size).toBe(0);
  });

  it('leaves the agent and the list to an open agent page that follows the training itself', () => {
    const realtime = fakeRealtime();
    const queryClient = new QueryClient();
    const agentId = '7e7e0000-0000-4000-8000-0000000000b2';
    for (const key of [agentsKeys.detail(agentId), agentsKeys.list({}), trainingStateKey(agentId)])
      queryClient.setQueryData(key, { any: true });
    const following = new QueryObserver(queryClient, {
      queryKey: trainingStateKey(agentId),
      queryFn: () => new Promise(() => undefined),
      staleTime: Infinity,
    }).subscribe(() => undefined);
    subscribeAgentEvents(realtime, queryClient);
    realtime.emit('agent.trained', { agentId, trainingStatus: 'trained' });
    const invalid = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalid(trainingStateKey(agentId))).toBe(true);
    expect(invalid(agentsKeys.detail(agentId))).toBe(false);
    expect(invalid(agentsKeys.list({}))).toBe(false);
    following();
  });
});
