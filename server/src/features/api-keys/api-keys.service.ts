import { effectivePermissions, flagGatedPermissions } from '@parley/contracts/permissions';
import { API_KEY_PREFIX, type ApiKey, type CreateApiKeyBody } from '@parley/contracts/api-keys';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import type { EventBus } from '../../platform/realtime/bus';
import type { AuthContext } from '../../platform/sessions';
import { AppError } from '../../platform/errors';
import { resolveFlags } from '../../platform/feature-flags';
import { randomToken, sha256 } from '../../platform/secrets';
import { createApiKeysRepository, type ApiKeyRow } from './api-keys.repository';

/** How long a resolved key is trusted without asking the database again (revocation clears it). */
const CACHE_MS = 5 * 1000;
const CACHE_MAX = 10_000;
const TOUCH_EVERY_MS = 60 * 1000;
/** Characters of the key kept for display: `pk_` and four more. */
const DISPLAY_LENGTH = API_KEY_PREFIX.length + 4;
export const API_KEY_REVOKED_EVENT = 'apiKey.revoked';

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  maskedKey: `${row.prefix}…`,
  roles: row.roles,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * API keys: random `pk_` secrets of which only the SHA-256 and a short display prefix are stored.
 * A key acts for its enterprise with the permissions of its roles, never as a person.
 */
export function createApiKeysService(deps: {
  db: Db;
  bus: EventBus;
  config: Pick<Config, 'featuresOff' | 'hideSignup'>;
}) {
  const { bus, config } = deps;
  const repository = createApiKeysRepository(deps.db);
  const cache = new Map<string, { auth: AuthContext; until: number }>();
  const forget = (match: (auth: AuthContext) => boolean) => {
    for (const [hash, entry] of cache) if (match(entry.auth)) cache.delete(hash);
  };
  bus.subscribe((event) => {
    if (event.name === API_KEY_REVOKED_EVENT) {
      const id = (event.payload as { id?: string }).id;
      forget((auth) => auth.apiKey?.id === id);
    } else if (event.name === 'auth.changed') {
      // Enterprise settings (feature flags) may have changed: re-read that enterprise's keys.
      forget((auth) => auth.enterpriseId === event.enterpriseId);
    }
  });

  return {
    async list(enterpriseId: string) {
      return { keys: (await repository.list(enterpriseId)).map(toApiKey) };
    },

    /** A key never carries a permission its creator does not hold (flag-gated ones follow the flags). */
    async create(auth: AuthContext, input: CreateApiKeyBody) {
      const roles = [...new Set(input.roles)].sort();
      const wanted = effectivePermissions(roles).filter((permission) => !(permission in flagGatedPermissions));
      if (wanted.some((permission) => !auth.permissions.includes(permission))) {
        throw new AppError('VALIDATION', {
          fieldErrors: { roles: 'A key can only have permissions you hold yourself' },
        });
      }
      const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
      const row = await repository.insert({
        enterpriseId: auth.enterpriseId,
        name: input.name,
        prefix: secret.slice(0, DISPLAY_LENGTH),
        keyHash: sha256(secret),
        roles,
        // A key made with a key answers to the same person as that key.
        createdBy: auth.userId,
      });
      return { key: toApiKey(row), secret };
    },

    /** Revokes a key; every instance forgets it at once. */
    async revoke(enterpriseId: string, id: string) {
      const result = await repository.revoke(enterpriseId, id);
      if (!result) throw new AppError('NOT_FOUND');
      forget((auth) => auth.apiKey?.id === id);
      if (result.changed) await bus.publish({ enterpriseId, name: API_KEY_REVOKED_EVENT, payload: { id } });
      return toApiKey(result.row);
    },

    /** The caller a key stands for, or null when it is unknown or revoked. */
    async resolve(secret: string): Promise<AuthContext | null> {
      if (!secret.startsWith(API_KEY_PREFIX) || secret.length < 20 || secret.length > 200) return null;
      const keyHash = sha256(secret);
      const cached = cache.get(keyHash);
      if (cached && cached.until >= Date.now()) return cached.auth;
      cache.delete(keyHash);
      const found = await repository.findLive(keyHash);
      if (!found) return null;
      const { key, settings } = found;
      // A key acts on behalf of the person who made it; once that person is deleted it stops working.
      if (!key.createdBy) return null;
      const now = new Date();
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_EVERY_MS)
        await repository.touch(key.id, now);
      const flags = resolveFlags(settings, config.featuresOff, config.hideSignup);
      const auth: AuthContext = {
        kind: 'apiKey',
        apiKey: { id: key.id, name: key.name },
        sessionId: `apiKey:${key.id}`,
        userId: key.createdBy,
        enterpriseId: key.enterpriseId,
        roles: key.roles,
        permissions: effectivePermissions(key.roles, flags),
        flags,
      };
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(keyHash, { auth, until: Date.now() + CACHE_MS });
      return auth;
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
