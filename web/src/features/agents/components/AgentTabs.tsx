import { useRef, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { AgentType } from '@parley/contracts/agents';

export interface AgentTab {
  label: string;
  /** Route under /bots/{id}/. */
  to: string;
  /** First path segment that marks the tab as selected. */
  segment: string;
}

/** Tabs of an NLP agent (type nlp, null or missing), intents first (agents.md §2.2). */
export const nlpAgentTabs: readonly AgentTab[] = [
  { label: 'Intents', to: 'intents', segment: 'intents' },
  { label: 'Entities', to: 'entity-list', segment: 'entity-list' },
  { label: 'Configuration', to: 'configuration', segment: 'configuration' },
  { label: 'Designer', to: 'conversation', segment: 'conversation' },
  { label: 'Prompt Configuration', to: 'prompt', segment: 'prompt' },
  { label: 'GenAI', to: 'gen-ai', segment: 'gen-ai' },
  { label: 'Call Classification', to: 'call-classification', segment: 'call-classification' },
  { label: 'Sentiment', to: 'sentiment', segment: 'sentiment' },
  { label: 'NLP Report', to: 'nlp-report/overview', segment: 'nlp-report' },
];

/**
 * Tabs of a prompt agent. The spec shows prompt agents only the Knowledge Base tab (gen-ai), whose
 * configuration comes from the prompt section; so that the prompt stays reachable, both the Prompt
 * Configuration and the Knowledge Base (gen-ai/prompt) tabs are shown, prompt first.
 */
export const promptAgentTabs: readonly AgentTab[] = [
  { label: 'Prompt Configuration', to: 'prompt', segment: 'prompt' },
  { label: 'Knowledge Base', to: 'gen-ai/prompt', segment: 'gen-ai' },
];

export function agentTabs(type: AgentType): readonly AgentTab[] {
  return type === 'prompt' ? promptAgentTabs : nlpAgentTabs;
}

/** The route tabs under the agent header: each a link (role tab), arrow keys move between them. */
export function AgentTabs({ agentId, type }: { agentId: string; type: AgentType }) {
  const { pathname } = useLocation();
  const base = `/bots/${agentId}/`;
  const segment = pathname.startsWith(base) ? (pathname.slice(base.length).split('/')[0] ?? '') : '';
  const list = useRef<HTMLDivElement>(null);
  const tabs = agentTabs(type);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('[role="tab"]') ?? [])];
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (current === -1) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? links.length - 1
          : (current + (event.key === 'ArrowRight' ? 1 : -1) + links.length) % links.length;
    links[next]?.focus();
  };

  return (
    <div className="agent-tabs" role="tablist" aria-label="Agent sections" ref={list} onKeyDown={handleKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.segment === segment;
        return (
          <Link
            key={tab.to}
            to={`${base}${tab.to}`}
            role="tab"
            aria-selected={selected}
            tabIndex={selected || (segment === '' && tab === tabs[0]) ? 0 : -1}
            className="agent-tab"
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}
