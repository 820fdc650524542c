import { z } from 'zod';
import { messages } from './messages';
import { defineRoute, idParam } from './envelope';
import { roleIds } from './permissions';

/** Header that carries an API key (`Authorization: Bearer pk_…` works too). */
export const API_KEY_HEADER = 'x-api-key';
/** Every API key starts with this, so the server tells keys from session tokens at a glance. */
export const API_KEY_PREFIX = 'pk_';

export const apiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key followed by '…'; the full key is shown once, at creation. */
  maskedKey: z.string(),
  roles: z.array(z.number().int()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const createApiKeyBody = z.object({
  name: z.string().trim().min(1, messages.required('Name')).max(100, 'At most 100 characters'),
  roles: z
    .array(
      z
        .number()
        .int()
        .refine((role) => (roleIds as number[]).includes(role), 'Unknown role'),
    )
    .min(1, 'Please choose at least one role')
    .max(roleIds.length),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/api-keys',
    summary: 'The API keys of the enterprise, masked',
    data: z.object({ keys: z.array(apiKey) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/api-keys',
    summary: 'Creates an API key; the full key is in this answer only',
    body: createApiKeyBody,
    data: z.object({ key: apiKey, secret: z.string() }),
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/api-keys/:id',
    summary: 'Revokes an API key at once',
    params: idParam,
    data: apiKey,
  }),
} as const;
