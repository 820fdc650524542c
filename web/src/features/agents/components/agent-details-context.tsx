import { createContext, useContext } from 'react';
import type { AgentDetails } from '@parley/contracts/agents';

/**
 * What the agent details layout shares with its tabs: the agent, and the unsaved-changes flag
 * (agents.md §4) that blocks Back ('please save the intent') while an editor has unsaved work.
 */
export interface AgentDetailsContextValue {
  agent: AgentDetails;
  /** True while a tab (the intent editor) has unsaved changes. */
  unsaved: boolean;
  setUnsaved(unsaved: boolean): void;
}

export const AgentDetailsContext = createContext<AgentDetailsContextValue | null>(null);

export function useAgentDetails(): AgentDetailsContextValue {
  const value = useContext(AgentDetailsContext);
  if (!value) throw new Error('useAgentDetails outside the agent details layout');
  return value;
}
