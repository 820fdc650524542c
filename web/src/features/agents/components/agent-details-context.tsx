import { createContext, useContext } from 'react';
import type { AgentDetails } from '@parley/contracts/agents';

/**
 * What the agent details layout shares with its tabs: the agent, and the unsaved-changes flag
 * (agents.md §4) and the open editor's leave guard, which asks before an exit loses unsaved work.
 */
export interface AgentDetailsContextValue {
  agent: AgentDetails;
  /** True while a tab (the intent editor) has unsaved changes. */
  unsaved: boolean;
  setUnsaved(unsaved: boolean): void;
  /** The open editor registers its unsaved-changes guard here (null when it closes). */
  registerLeaveGuard(confirmLeave: ((leave: () => void) => void) | null): void;
  /** Runs an in-page exit through the open editor's guard (Save / Discard / Stay when dirty). */
  confirmLeave(leave: () => void): void;
}

export const AgentDetailsContext = createContext<AgentDetailsContextValue | null>(null);

export function useAgentDetails(): AgentDetailsContextValue {
  const value = useContext(AgentDetailsContext);
  if (!value) throw new Error('useAgentDetails outside the agent details layout');
  return value;
}
