import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agentLimits, agentRoutes } from '@parley/contracts/agents';
import { addRoute } from '../../platform/http';
import { AppError } from '../../platform/errors';
import { cleanFileName } from '../../platform/files';
import type { AgentsDeps } from './index';
import { createAgentSettingsService, type UploadedPart } from './agent-settings.service';

/** PDFs one upload request may carry (the web sends larger choices in batches). */
const documentsPerUpload = 10;

/** Reads every file of the "files" field first; nothing is stored before all are checked. */
async function readDocuments(request: FastifyRequest): Promise<UploadedPart[]> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', {
      message: 'Send the documents as multipart/form-data in the field "files"',
    });
  const parts: UploadedPart[] = [];
  try {
    for await (const part of request.parts({
      limits: { files: documentsPerUpload, fileSize: agentLimits.documentMaxBytes, fields: 10 },
    })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'files') parts.push({ name: cleanFileName(part.filename), bytes });
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION', { message: `Upload at most ${documentsPerUpload} documents at a time` });
    throw error;
  }
  return parts;
}

/** Agent configuration, knowledge base and prompt (agents.md §2.6–§2.8). */
export function registerAgentSettingsRoutes(app: FastifyInstance, deps: AgentsDeps) {
  const settings = createAgentSettingsService(deps);
  const permission = 'NLP.EDIT';
  const tag = 'Agents';

  addRoute(
    app,
    agentRoutes.updateConfig,
    { permission, tag, audit: 'agent.config.update', message: 'Configuration updated' },
    async ({ session, params, body }) => settings.updateConfig(session().enterpriseId, params.id, body),
  );
  addRoute(app, agentRoutes.getGenAiConfig, { permission, tag }, async ({ session, params }) =>
    settings.getKnowledge(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    agentRoutes.updateGenAiConfig,
    { permission, tag, audit: 'agent.knowledge.update', message: 'Configuration updated' },
    async ({ session, params, body }) => settings.updateKnowledge(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    agentRoutes.updatePrompt,
    { permission, tag, audit: 'agent.prompt.update', message: 'Configuration updated' },
    async ({ session, params, body }) => settings.updatePrompt(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    agentRoutes.uploadDocuments,
    { permission, tag, audit: 'agent.document.upload', message: 'Documents uploaded' },
    async ({ session, params, request }) => {
      const { enterpriseId, userId } = session();
      // Unknown agent first, before reading megabytes.
      await settings.assertAgent(enterpriseId, params.id);
      return settings.uploadDocuments(enterpriseId, userId, params.id, await readDocuments(request));
    },
  );
  app.route({
    method: agentRoutes.documentContent.method,
    url: agentRoutes.documentContent.path,
    schema: { summary: agentRoutes.documentContent.summary, tags: [tag], params: agentRoutes.documentContent.params },
    config: { permission, audit: false },
    handler: async (request, reply) => {
      const params = agentRoutes.documentContent.params.parse(request.params);
      const document = await settings.openDocument(request.auth!.enterpriseId, params.id, params.documentId);
      // Shown inline by the browser's PDF viewer (the stored bytes were checked to be a PDF on upload).
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${encodeURIComponent(document.fileName)}"`)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(document.path));
    },
  });
  addRoute(
    app,
    agentRoutes.removeDocument,
    { permission, tag, audit: 'agent.document.delete', message: 'File has been removed' },
    async ({ session, params }) => settings.removeDocument(session().enterpriseId, params.id, params.documentId),
  );
}
