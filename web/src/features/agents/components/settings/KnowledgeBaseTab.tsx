import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { agentMessages, type GenAiConfig } from '@parley/contracts/agents';
import { ApiError } from '../../../../lib/api-client';
import { describeFailure } from '../../../../lib/failure-message';
import { showToast } from '../../../../lib/toast';
import { useGenAiConfig } from '../../api/get-genai-config';
import { useGenAiConfigs } from '../../api/get-genai-configs';
import { useUpdateGenAiConfig } from '../../api/update-genai-config';
import { useAgentDetails } from '../agent-details-context';
import { DocumentsPanel } from './DocumentsPanel';
import { KnowledgeIndexPanel } from './KnowledgeIndexPanel';
import { GenAiConfigBar } from './GenAiConfigBar';
import { WebsitePanel } from './WebsitePanel';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';

type Draft = Pick<
  GenAiConfig,
  'kbFromWebsite' | 'websitesUrls' | 'kbFromDoc' | 'genAiConfigId' | 'crawlDepth' | 'crawlMaxPages'
>;

/**
 * The knowledge base (gen-ai) tab (agents.md §2.7): websites and PDF documents an agent answers
 * from. On a prompt agent (URL with 'prompt') the configuration is the prompt section's.
 */
export default function KnowledgeBaseTab() {
  const { agent } = useAgentDetails();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isPromptScreen = pathname.includes('prompt');
  const query = useGenAiConfig(agent.id);
  const configs = useGenAiConfigs();
  const update = useUpdateGenAiConfig(agent.id);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const stored = query.data;
  const current: Draft | null =
    draft ??
    (stored
      ? {
          kbFromWebsite: stored.kbFromWebsite,
          websitesUrls: stored.websitesUrls,
          kbFromDoc: stored.kbFromDoc,
          genAiConfigId: stored.genAiConfigId,
          crawlDepth: stored.crawlDepth,
          crawlMaxPages: stored.crawlMaxPages,
        }
      : null);

  const change = (patch: Partial<Draft>, clears: string[]) => {
    if (!current) return;
    setDraft({ ...current, ...patch });
    setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => !clears.includes(key))));
  };

  const promptConfigId = agent.promptConfig.openaiKey;
  const promptConfigName = configs.data?.find((entry) => entry.id === promptConfigId)?.name;
  const note = promptConfigId
    ? `Uses the prompt section's configuration${promptConfigName ? `: ${promptConfigName}` : ''}.`
    : agentMessages.selectConfigurationPrompt;

  const handleUpdate = () => {
    if (!current) return;
    setErrors({});
    update.mutate(
      {
        kbFromWebsite: current.kbFromWebsite,
        websitesUrls: current.websitesUrls,
        kbFromDoc: current.kbFromDoc,
        documents: [],
        genAiConfigId: isPromptScreen ? null : current.genAiConfigId,
        crawlDepth: current.crawlDepth,
        crawlMaxPages: current.crawlMaxPages,
      },
      {
        onSuccess: () => {
          setDraft(null);
          showToast(agentMessages.configUpdated, { tone: 'success' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
          showToast(describeFailure(error), { tone: 'error' });
        },
      },
    );
  };

  const handleCancel = () => navigate(isPromptScreen ? `/bots/${agent.id}/prompt` : `/bots/${agent.id}/intents`);

  if (query.isError && !stored) {
    return (
      <QueryErrorAlert
        title="The knowledge base could not be loaded"
        message={describeFailure(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const loading = !current || !stored;
  return (
    <Stack gap="md">
      <GenAiConfigBar
        label={isPromptScreen ? 'Knowledge Base Configuration' : 'GenAI Configuration'}
        value={current?.genAiConfigId ?? null}
        onChange={(id) => change({ genAiConfigId: id }, ['genAiConfigId'])}
        error={errors.genAiConfigId}
        hideSelect={isPromptScreen}
        note={note}
        onUpdate={handleUpdate}
        onCancel={handleCancel}
        updating={update.isPending}
        disabled={loading}
      />
      {loading ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-busy="true" aria-label="Loading the knowledge base">
          <Skeleton h={220} radius="md" />
          <Skeleton h={220} radius="md" />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <WebsitePanel
            enabled={current.kbFromWebsite}
            onEnabledChange={(kbFromWebsite) => change({ kbFromWebsite }, ['websitesUrls'])}
            urls={current.websitesUrls}
            onUrlsChange={(websitesUrls) => change({ websitesUrls }, ['websitesUrls'])}
            crawl={{ crawlDepth: current.crawlDepth, crawlMaxPages: current.crawlMaxPages }}
            onCrawlChange={(crawl) => change(crawl, ['crawlDepth', 'crawlMaxPages'])}
            crawlErrors={{ crawlDepth: errors.crawlDepth, crawlMaxPages: errors.crawlMaxPages }}
            error={errors.websitesUrls}
            disabled={update.isPending}
          />
          <DocumentsPanel
            agentId={agent.id}
            enabled={current.kbFromDoc}
            onEnabledChange={(kbFromDoc) => change({ kbFromDoc }, ['documents'])}
            documents={stored.documents}
            error={errors.documents}
            disabled={update.isPending}
          />
        </SimpleGrid>
      )}
      <KnowledgeIndexPanel agentId={agent.id} />
    </Stack>
  );
}
