import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  genAiModelTypes,
  agentLimits,
  agentMessages,
  type AgentConfig,
  type agentConfigBody,
  type AgentDocument,
  type GenAiConfig,
  type genAiConfigBody,
  type PromptConfig,
  type promptConfigBody,
} from '@parley/contracts/agents';
import { OFFLINE_GENAI_CONFIG } from '@parley/contracts/integrations';
import { knowledgeLimits } from '@parley/contracts/knowledge';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { detectContentType, type FileStore } from '../../platform/files';
import type { GenAiConfigLookup } from './index';
import {
  createAgentSettingsRepository,
  type AgentDocumentRow,
  type AgentSettingsRow,
} from './agent-settings.repository';
import { isUniqueViolation } from '../../db/postgres-errors';

/** Model types that answer with a GenAI endpoint and so need a configuration (agents.md §2.6). */

export interface UploadedPart {
  name: string;
  bytes: Buffer;
}

const toDocument = (row: AgentDocumentRow): AgentDocument => ({
  id: row.id,
  fileName: row.fileName,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
});

const toConfig = (row: AgentSettingsRow): AgentConfig => ({
  entityExtractRetries: row.entityExtractRetries,
  outOfScopeMessage: row.outOfScopeMessage,
  modelType: row.modelType as AgentConfig['modelType'],
  confidenceThreshold: row.confidenceThreshold,
  language: row.language === 'hi' ? 'hi' : 'en',
  openaiKey: row.genAiIntegrationId,
});

const toPrompt = (row: AgentSettingsRow): PromptConfig => ({
  openaiKey: row.promptConfig?.openaiKey ?? null,
  prompt: row.promptConfig?.prompt ?? '',
  extractData: row.promptConfig?.extractData ?? false,
  userData: row.promptConfig?.userData ?? [],
});

/** A document's display name: the file name without any folder, at most 255 characters. */
const documentName = (name: string) => path.basename(name.replaceAll('\\', '/')).trim().slice(0, 255);

/**
 * Agent configuration, knowledge base (websites and PDF documents) and prompt (agents.md §2.6–§2.8,
 * §5). The server decides every rule; the web shows its messages.
 */
export function createAgentSettingsService(deps: { db: Db; files: FileStore; genAiConfigs: GenAiConfigLookup }) {
  const repository = createAgentSettingsRepository(deps.db);

  async function found(enterpriseId: string, id: string) {
    const row = await repository.getAgent(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function checkConfiguration(enterpriseId: string, id: string | null | undefined) {
    if (id && !(await deps.genAiConfigs.isGenAiConfig(enterpriseId, id)))
      throw new AppError('AGENT_CONFIGURATION_UNKNOWN', {
        fieldErrors: { openaiKey: 'The selected configuration does not exist. Choose another or create one.' },
      });
  }

  /** Removes stored files (bytes and rows) after a failed upload. */
  const discardFiles = (enterpriseId: string, fileIds: string[]) => deps.files.remove(enterpriseId, fileIds);

  async function knowledge(enterpriseId: string, row: AgentSettingsRow): Promise<GenAiConfig> {
    const documents = await repository.listDocuments(enterpriseId, row.id);
    return {
      kbFromWebsite: row.knowledgeConfig?.kbFromWebsite ?? false,
      websitesUrls: row.knowledgeConfig?.websitesUrls ?? [],
      kbFromDoc: row.knowledgeConfig?.kbFromDoc ?? false,
      documents: documents.map(toDocument),
      genAiConfigId: row.knowledgeConfig?.genAiConfigId ?? null,
      crawlDepth: row.knowledgeConfig?.crawlDepth ?? knowledgeLimits.crawlDepthDefault,
      crawlMaxPages: row.knowledgeConfig?.crawlMaxPages ?? knowledgeLimits.crawlMaxPagesDefault,
    };
  }

  return {
    /** 404 unless the agent is the enterprise's (checked before an upload is read). */
    async assertAgent(enterpriseId: string, id: string) {
      await found(enterpriseId, id);
    },

    async updateConfig(enterpriseId: string, id: string, body: z.output<typeof agentConfigBody>): Promise<AgentConfig> {
      const current = await found(enterpriseId, id);
      const openaiKey = body.openaiKey ?? null;
      await checkConfiguration(enterpriseId, openaiKey);
      if (genAiModelTypes.has(body.modelType) && !openaiKey)
        throw new AppError('AGENT_CONFIGURATION_REQUIRED', {
          fieldErrors: { openaiKey: agentMessages.selectConfiguration },
        });
      if (genAiModelTypes.has(body.modelType) && openaiKey === OFFLINE_GENAI_CONFIG.id)
        throw new AppError('AGENT_CONFIGURATION_REQUIRED', {
          message: agentMessages.offlineCannotClassify,
          fieldErrors: { openaiKey: agentMessages.offlineCannotClassify },
        });
      const row = await repository.updateConfig(enterpriseId, id, {
        entityExtractRetries: body.entityExtractRetries,
        outOfScopeMessage: body.outOfScopeMessage,
        modelType: body.modelType,
        // SVM shows the threshold read-only: what is stored stays.
        confidenceThreshold: body.modelType === 'SVM' ? current.confidenceThreshold : body.confidenceThreshold,
        language: body.language,
        genAiIntegrationId: openaiKey,
      });
      if (!row) throw new AppError('NOT_FOUND');
      return toConfig(row);
    },

    async getKnowledge(enterpriseId: string, id: string): Promise<GenAiConfig> {
      return knowledge(enterpriseId, await found(enterpriseId, id));
    },

    async updateKnowledge(
      enterpriseId: string,
      id: string,
      body: z.output<typeof genAiConfigBody>,
    ): Promise<GenAiConfig> {
      const current = await found(enterpriseId, id);
      if (body.kbFromWebsite && body.websitesUrls.length === 0)
        throw new AppError('AGENT_WEBSITE_REQUIRED', { fieldErrors: { websitesUrls: agentMessages.websiteRequired } });
      if (body.kbFromDoc && (await repository.countDocuments(enterpriseId, id)) === 0)
        throw new AppError('AGENT_DOCUMENT_REQUIRED', { fieldErrors: { documents: agentMessages.documentRequired } });
      let genAiConfigId: string | null;
      if (current.type === 'prompt') {
        // A prompt agent answers with the prompt section's configuration.
        genAiConfigId = current.promptConfig?.openaiKey ?? null;
        if (!genAiConfigId && (body.kbFromWebsite || body.kbFromDoc))
          throw new AppError('AGENT_CONFIGURATION_REQUIRED', {
            message: agentMessages.selectConfigurationPrompt,
            fieldErrors: { genAiConfigId: agentMessages.selectConfigurationPrompt },
          });
      } else {
        genAiConfigId = body.genAiConfigId ?? null;
        if (!genAiConfigId && (body.kbFromWebsite || body.kbFromDoc))
          throw new AppError('AGENT_CONFIGURATION_REQUIRED', {
            fieldErrors: { genAiConfigId: agentMessages.selectConfiguration },
          });
      }
      await checkConfiguration(enterpriseId, genAiConfigId);
      const row = await repository.updateKnowledge(enterpriseId, id, {
        kbFromWebsite: body.kbFromWebsite,
        websitesUrls: body.websitesUrls,
        kbFromDoc: body.kbFromDoc,
        genAiConfigId,
        crawlDepth: body.crawlDepth ?? current.knowledgeConfig?.crawlDepth ?? knowledgeLimits.crawlDepthDefault,
        crawlMaxPages:
          body.crawlMaxPages ?? current.knowledgeConfig?.crawlMaxPages ?? knowledgeLimits.crawlMaxPagesDefault,
      });
      if (!row) throw new AppError('NOT_FOUND');
      return knowledge(enterpriseId, row);
    },

    async updatePrompt(
      enterpriseId: string,
      id: string,
      body: z.output<typeof promptConfigBody>,
    ): Promise<PromptConfig> {
      await found(enterpriseId, id);
      await checkConfiguration(enterpriseId, body.openaiKey);
      const row = await repository.updatePrompt(enterpriseId, id, {
        openaiKey: body.openaiKey,
        prompt: body.prompt,
        extractData: body.extractData,
        userData: body.userData,
      });
      if (!row) throw new AppError('NOT_FOUND');
      return toPrompt(row);
    },

    /** All or nothing: every part is checked before anything is stored. */
    async uploadDocuments(
      enterpriseId: string,
      userId: string | null,
      id: string,
      parts: UploadedPart[],
    ): Promise<{ documents: AgentDocument[] }> {
      await found(enterpriseId, id);
      if (parts.length === 0) throw new AppError('FILE_EMPTY', { message: 'Please choose at least one PDF document' });
      const named = parts.map((part) => ({ ...part, name: documentName(part.name) }));
      for (const part of named) {
        if (!part.name) throw new AppError('VALIDATION', { message: 'Every document needs a file name' });
        if (part.bytes.length === 0) throw new AppError('FILE_EMPTY', { message: `"${part.name}" is empty` });
        if (part.bytes.length > agentLimits.documentMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
        if ((await detectContentType(part.bytes, part.name)) !== 'application/pdf')
          throw new AppError('AGENT_DOCUMENT_NOT_PDF', { message: `"${part.name}" is not a PDF document` });
      }
      const existing = await repository.listDocuments(enterpriseId, id);
      const taken = new Set(existing.map((row) => row.fileName.toLowerCase()));
      for (const part of named) {
        const key = part.name.toLowerCase();
        if (taken.has(key))
          throw new AppError('AGENT_DOCUMENT_EXISTS', { message: agentMessages.fileExists(part.name) });
        taken.add(key);
      }
      if (existing.length + named.length > agentLimits.documentsMax) throw new AppError('AGENT_DOCUMENTS_FULL');

      const saved: { fileId: string; fileName: string; size: number }[] = [];
      const startedAt = Date.now();
      try {
        for (const part of named) {
          const file = await deps.files.save({
            enterpriseId,
            uploadedBy: userId,
            name: part.name,
            bytes: part.bytes,
            allowedTypes: ['application/pdf'],
            maxBytes: agentLimits.documentMaxBytes,
          });
          saved.push({ fileId: file.id, fileName: part.name, size: file.size });
        }
        const rows = await repository.transaction((tx) =>
          repository.insertDocuments(
            tx,
            // One statement shares one now(): a millisecond apart keeps the chosen order (oldest first).
            saved.map((file, index) => ({
              enterpriseId,
              agentId: id,
              ...file,
              createdAt: new Date(startedAt + index),
            })),
          ),
        );
        rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
        return { documents: rows.map(toDocument) };
      } catch (error) {
        await discardFiles(
          enterpriseId,
          saved.map((file) => file.fileId),
        );
        // Another upload took the name meanwhile.
        if (isUniqueViolation(error)) throw new AppError('AGENT_DOCUMENT_EXISTS');
        throw error;
      }
    },

    /** An uploaded PDF of the agent, to show in the browser ('View Source'); 404 for anyone else's. */
    async openDocument(enterpriseId: string, id: string, documentId: string) {
      // Scoped by enterprise and agent in SQL: another enterprise's agent or document is not found.
      const document = await repository.getDocument(enterpriseId, id, documentId);
      if (!document) throw new AppError('NOT_FOUND');
      const { path: filePath } = await deps.files.open(enterpriseId, document.fileId);
      if (!fs.existsSync(filePath))
        throw new AppError('NOT_FOUND', { message: 'The stored file is missing: upload it again' });
      return { fileName: document.fileName, path: filePath };
    },

    async removeDocument(enterpriseId: string, id: string, documentId: string) {
      await found(enterpriseId, id);
      const removed = await repository.removeDocument(enterpriseId, id, documentId);
      if (!removed) throw new AppError('NOT_FOUND');
      await deps.files.remove(enterpriseId, [removed.fileId]);
      return { id: documentId };
    },
  };
}
export type AgentSettingsService = ReturnType<typeof createAgentSettingsService>;
