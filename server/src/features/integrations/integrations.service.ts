import {
  integrationSecrets,
  keepsSecret,
  maskSecret,
  OFFLINE_GENAI_CONFIG,
  type genAiConfigBody,
  type GenAiConfigEntry,
  type Integration,
  type IntegrationInput,
  type IntegrationTestResult,
  type IntegrationType,
} from '@parley/contracts/integrations';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { OutboundError, type OutboundHttp } from '../../platform/outbound-http';
import type { SecretBox } from '../../platform/secrets';
import { createIntegrationsRepository, type IntegrationRow } from './integrations.repository';
import { isUniqueViolation } from '../../db/postgres-errors';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * Integrations (auth configs of platform §3.8). Plain settings are stored as they are; secrets
 * are sealed together with the SecretBox and only ever leave masked.
 */
export function createIntegrationsService(deps: { db: Db; secrets: SecretBox; outbound: OutboundHttp }) {
  const repository = createIntegrationsRepository(deps.db);
  const { secrets: box, outbound } = deps;

  const openSecrets = (row: IntegrationRow): Record<string, string> => {
    if (!row.secretsEnc) return {};
    try {
      return JSON.parse(box.open(row.secretsEnc)) as Record<string, string>;
    } catch {
      return {};
    }
  };
  const toIntegration = (row: IntegrationRow): Integration => ({
    id: row.id,
    name: row.name,
    authType: row.authType,
    settings: row.settings,
    secrets: Object.fromEntries(Object.entries(openSecrets(row)).map(([field, value]) => [field, maskSecret(value)])),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** New values replace, blank or masked ones keep what is stored (when the type did not change). */
  function mergeSecrets(input: IntegrationInput, stored: Record<string, string>) {
    const spec = integrationSecrets[input.authType as IntegrationType];
    const given = input.secrets as Record<string, string | undefined>;
    const merged: Record<string, string> = {};
    for (const field of spec.fields) {
      const value = given[field];
      if (!keepsSecret(value)) merged[field] = value!.trim();
      else if (stored[field] !== undefined) merged[field] = stored[field];
    }
    const missing = spec.required.filter((field) => merged[field] === undefined);
    if (missing.length > 0) {
      throw new AppError('VALIDATION', {
        fieldErrors: Object.fromEntries(missing.map((field) => [`secrets.${field}`, 'Please enter this secret'])),
      });
    }
    return Object.keys(merged).length > 0 ? box.seal(JSON.stringify(merged)) : null;
  }

  async function save<T>(write: () => Promise<T>) {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('INTEGRATION_NAME_TAKEN', {
          fieldErrors: { name: 'An integration with this name already exists' },
        });
      }
      throw error;
    }
  }

  async function found(enterpriseId: string, id: string) {
    const row = await repository.get(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  const service = {
    async list(enterpriseId: string, query: { name?: string; authType?: number; from: number; perPage: number }) {
      const rows = await repository.list(enterpriseId, query);
      return { integrations: rows.slice(0, query.perPage).map(toIntegration), more: rows.length > query.perPage };
    },

    async get(enterpriseId: string, id: string) {
      return toIntegration(await found(enterpriseId, id));
    },

    /** True when `id` is a GenAI integration (authType 5) of the enterprise. */
    async isGenAiConfig(enterpriseId: string, id: string) {
      if (id === OFFLINE_GENAI_CONFIG.id) return true;
      const row = await repository.get(enterpriseId, id);
      return row?.authType === 5;
    },

    /**
     * The decrypted connection of a GenAI integration (authType 5) of the enterprise, or null: for
     * the NLU feature (classification and phrase generation). Never sent to a client.
     */
    async genAiCredentials(
      enterpriseId: string,
      id: string,
    ): Promise<{ llm: number; baseUrl: string; model: string; apikey: string } | null> {
      const row = await repository.get(enterpriseId, id);
      if (!row || row.authType !== 5) return null;
      const settings = row.settings as { llm?: unknown; baseUrl?: unknown; model?: unknown };
      return {
        llm: Number(settings.llm) || 1,
        baseUrl: (typeof settings.baseUrl === 'string' && settings.baseUrl) || OPENAI_BASE_URL,
        model: typeof settings.model === 'string' ? settings.model : '',
        apikey: openSecrets(row).apikey ?? '',
      };
    },

    /** The GenAI configurations (authType 5) offered to agent designers, by name. */
    async listGenAi(enterpriseId: string): Promise<GenAiConfigEntry[]> {
      const rows = await repository.listGenAi(enterpriseId);
      const offline: GenAiConfigEntry = { ...OFFLINE_GENAI_CONFIG };
      return [
        offline,
        ...rows.map((row) => ({
          id: row.id,
          name: row.name,
          llm: Number((row.settings as { llm?: unknown }).llm) || 1,
        })),
      ];
    },

    /** Create Configuration (agents.md §2.9): a GenAI integration, key sealed, name unique. */
    async createGenAi(enterpriseId: string, body: z.output<typeof genAiConfigBody>): Promise<GenAiConfigEntry> {
      const input: IntegrationInput = {
        authType: 5,
        name: body.name,
        settings: { llm: body.llm, baseUrl: body.baseUrl ?? '', model: body.model },
        secrets: { apikey: body.apikey },
      };
      const created = await service.create(enterpriseId, input);
      return { id: created.id, name: created.name, llm: body.llm };
    },

    async create(enterpriseId: string, input: IntegrationInput) {
      const secretsEnc = mergeSecrets(input, {});
      const row = await save(() =>
        repository.insert({
          enterpriseId,
          name: input.name,
          authType: input.authType,
          settings: input.settings,
          secretsEnc,
        }),
      );
      return toIntegration(row);
    },

    async update(enterpriseId: string, id: string, input: IntegrationInput) {
      const current = await found(enterpriseId, id);
      const stored = current.authType === input.authType ? openSecrets(current) : {};
      const secretsEnc = mergeSecrets(input, stored);
      const row = await save(() =>
        repository.update(enterpriseId, id, {
          name: input.name,
          authType: input.authType,
          settings: input.settings,
          secretsEnc,
        }),
      );
      if (!row) throw new AppError('NOT_FOUND');
      return toIntegration(row);
    },

    async remove(enterpriseId: string, id: string) {
      if (!(await repository.remove(enterpriseId, id))) throw new AppError('NOT_FOUND');
      return { id };
    },

    /** Asks a GenAI endpoint for its models with the stored key; the answer or the error, in words. */
    async test(enterpriseId: string, id: string): Promise<IntegrationTestResult> {
      const row = await found(enterpriseId, id);
      if (row.authType !== 5) throw new AppError('INTEGRATION_TEST_UNSUPPORTED');
      const apikey = openSecrets(row).apikey ?? '';
      const settings = row.settings as { baseUrl?: string; model?: string };
      const baseUrl = (settings.baseUrl || OPENAI_BASE_URL).replace(/\/+$/, '');
      let response;
      try {
        response = await outbound.request({
          url: `${baseUrl}/models`,
          headers: { authorization: `Bearer ${apikey}`, accept: 'application/json' },
        });
      } catch (error) {
        if (error instanceof OutboundError)
          return { ok: false, message: `Could not reach ${baseUrl}: ${error.message}` };
        throw error;
      }
      let body: { data?: { id?: unknown }[]; error?: { message?: unknown } } | undefined;
      try {
        body = JSON.parse(response.body) as typeof body;
      } catch {
        body = undefined;
      }
      if (response.status === 401 || response.status === 403) {
        return { ok: false, message: `The endpoint refused the API key (HTTP ${response.status})` };
      }
      if (response.status < 200 || response.status >= 300) {
        const detail = typeof body?.error?.message === 'string' ? `: ${body.error.message.slice(0, 300)}` : '';
        return { ok: false, message: `The endpoint answered HTTP ${response.status}${detail}` };
      }
      if (!Array.isArray(body?.data)) {
        return { ok: false, message: 'The endpoint answered, but not like an OpenAI-compatible API' };
      }
      const models = body.data
        .map((model) => model.id)
        .filter((model): model is string => typeof model === 'string')
        .slice(0, 50);
      const wanted = settings.model;
      if (wanted && !models.includes(wanted)) {
        return { ok: false, message: `Connected, but the model '${wanted}' is not offered`, models };
      }
      return {
        ok: true,
        message: `Connected. ${models.length} model${models.length === 1 ? '' : 's'} available.`,
        models,
      };
    },
  };
  return service;
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
