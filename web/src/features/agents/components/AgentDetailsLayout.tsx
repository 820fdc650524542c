import './agents.css';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRobotOff } from '@tabler/icons-react';
import { Link, Navigate, Route, Routes } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { PageLoader } from '../../../components/PageLoader';
import { useAgent } from '../api/get-agent';
import { AgentDetailsContext, type AgentDetailsContextValue } from './agent-details-context';
import { AgentHeader } from './AgentHeader';
import { AgentTabs } from './AgentTabs';
import { TryItPanel } from './TryItPanel';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';

const IntentsTab = lazy(() => import('./intents/IntentsTab'));
const EntitiesRoutes = lazy(() => import('./entities/EntitiesRoutes'));
const AgentConfigurationTab = lazy(() => import('./settings/AgentConfigurationTab'));
const PromptConfigurationTab = lazy(() => import('./settings/PromptConfigurationTab'));
const KnowledgeBaseTab = lazy(() => import('./settings/KnowledgeBaseTab'));
const AnalyticsFrameTab = lazy(() => import('./AnalyticsFrameTab'));
const NlpReportLinkTab = lazy(() => import('./NlpReportLinkTab'));

function AgentNotFound() {
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconRobotOff size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz="lg">
          Agent not found
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          This agent does not exist or was deleted.
        </Text>
        <Button component={Link} to="/bots" variant="light">
          Back to Agents
        </Button>
      </Stack>
    </Paper>
  );
}

/** The tab routes of an agent; tabs of the other type lead to the agent's first tab. */
function AgentTabRoutes({ agentId, prompt }: { agentId: string; prompt: boolean }) {
  const base = `/bots/${agentId}`;
  if (prompt)
    return (
      <Routes>
        <Route index element={<Navigate to={`${base}/prompt`} replace />} />
        <Route path="prompt" element={<PromptConfigurationTab />} />
        <Route path="gen-ai" element={<Navigate to={`${base}/gen-ai/prompt`} replace />} />
        <Route path="gen-ai/:type" element={<KnowledgeBaseTab />} />
        <Route path="*" element={<Navigate to={`${base}/prompt`} replace />} />
      </Routes>
    );
  return (
    <Routes>
      <Route index element={<Navigate to={`${base}/intents`} replace />} />
      <Route path="intents" element={<IntentsTab />} />
      <Route path="entity-list/*" element={<EntitiesRoutes />} />
      <Route path="configuration" element={<AgentConfigurationTab />} />
      <Route path="conversation" element={<AnalyticsFrameTab kind="conversation" />} />
      <Route path="prompt" element={<PromptConfigurationTab />} />
      <Route path="gen-ai" element={<KnowledgeBaseTab />} />
      <Route path="gen-ai/:type" element={<KnowledgeBaseTab />} />
      <Route path="call-classification" element={<AnalyticsFrameTab kind="call-classification" />} />
      <Route path="sentiment" element={<AnalyticsFrameTab kind="sentiment" />} />
      <Route path="nlp-report/overview" element={<NlpReportLinkTab />} />
      <Route path="*" element={<Navigate to={`${base}/intents`} replace />} />
    </Routes>
  );
}

/**
 * Agent details (/bots/{id}/*, agents.md §2.2): header, the tabs of the agent's type and their
 * routes, and the Try it panel at the right; while it is open the tabs and content are dimmed.
 * Shares the agent and the unsaved-changes flag with the tabs (`useAgentDetails`).
 */
export function AgentDetailsLayout({ id }: { id: string }) {
  const query = useAgent(id);
  const [unsaved, setUnsaved] = useState(false);
  const [tryItOpen, setTryItOpen] = useState(false);
  const agent = query.data;
  const [leaveGuard, setLeaveGuard] = useState<{ confirmLeave: (leave: () => void) => void } | null>(null);
  const registerLeaveGuard = useCallback((confirmLeave: ((leave: () => void) => void) | null) => {
    setLeaveGuard(confirmLeave ? { confirmLeave } : null);
  }, []);
  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (leaveGuard) leaveGuard.confirmLeave(leave);
      else leave();
    },
    [leaveGuard],
  );
  const context = useMemo<AgentDetailsContextValue | null>(
    () => (agent ? { agent, unsaved, setUnsaved, registerLeaveGuard, confirmLeave } : null),
    [agent, unsaved, registerLeaveGuard, confirmLeave],
  );

  if (query.isPending) return <PageLoader label="Loading agent" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && [400, 404].includes(query.error.httpStatus);
    if (missing) return <AgentNotFound />;
    return (
      <QueryErrorAlert
        title="The agent could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        maw={720}
      />
    );
  }
  if (!context || !agent) return null;

  return (
    <AgentDetailsContext.Provider value={context}>
      <Stack gap="md" className="agent-details-layout" data-try-it={tryItOpen}>
        <AgentHeader tryItOpen={tryItOpen} onToggleTryIt={() => setTryItOpen((open) => !open)} />
        <div
          className="agent-details-main"
          data-testid="agent-details-main"
          inert={tryItOpen}
          style={tryItOpen ? { opacity: 0.2, pointerEvents: 'none' } : undefined}
        >
          <Stack gap="md">
            <AgentTabs agentId={agent.id} type={agent.type} />
            <Suspense fallback={<PageLoader />}>
              <AgentTabRoutes agentId={agent.id} prompt={agent.type === 'prompt'} />
            </Suspense>
          </Stack>
        </div>
        {tryItOpen ? <TryItPanel agent={agent} onClose={() => setTryItOpen(false)} /> : null}
      </Stack>
    </AgentDetailsContext.Provider>
  );
}
