import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { effectivePermissions, type FeatureFlag, type Permission } from '@parley/contracts/permissions';
import type { Db } from '../db/client';
import { enterprises, sessions, users } from '../db/schema/platform';
import type { Config } from '../config';
import type { EventBus } from './realtime/bus';
import { resolveFlags } from './feature-flags';
import { randomToken, sha256 } from './secrets';

export interface AuthContext {
  /** 'apiKey' when an API key made the request (no person, no session); absent for a signed-in user. */
  kind?: 'apiKey';
  /** The key that made the request, for the audit log. */
  apiKey?: { id: string; name: string };
  sessionId: string;
  userId: string;
  enterpriseId: string;
  roles: number[];
  permissions: Permission[];
  /** The enterprise's feature flags as in force (switches such as CAMPAIGN_TEST gate single actions). */
  flags?: Partial<Record<FeatureFlag, boolean>>;
}

const IDLE_MS = 24 * 60 * 60 * 1000;
const ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;
/** How long a resolved session is trusted without asking the database again. */
const CACHE_MS = 5 * 1000;
const CACHE_MAX = 10_000;

/**
 * A short-lived cache of resolved sessions, keyed by token hash. Revocation clears it at once on
 * this instance and, through the `session.revoked` / `auth.changed` events, on every other one.
 */
function createSessionCache() {
  const entries = new Map<string, { auth: AuthContext; until: number }>();
  return {
    get(tokenHash: string): AuthContext | null {
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      if (entry.until < Date.now()) {
        entries.delete(tokenHash);
        return null;
      }
      return entry.auth;
    },
    set(tokenHash: string, auth: AuthContext) {
      if (entries.size >= CACHE_MAX) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { auth, until: Date.now() + CACHE_MS });
    },
    forget(match: (auth: AuthContext) => boolean) {
      for (const [key, entry] of entries) if (match(entry.auth)) entries.delete(key);
    },
  };
}

/**
 * Sessions are random opaque tokens; only their SHA-256 is stored. A session ends when revoked,
 * idle for a day, 30 days old, or when its user is no longer active.
 */
export function createSessionsService(deps: {
  db: Db;
  bus: EventBus;
  config: Pick<Config, 'featuresOff' | 'hideSignup'>;
}) {
  const { db, bus, config } = deps;
  const cache = createSessionCache();
  bus.subscribe((event) => {
    if (event.name === 'session.revoked') {
      const sessionId = (event.payload as { sessionId?: string }).sessionId;
      cache.forget((auth) => auth.sessionId === sessionId);
    } else if (event.name === 'auth.changed') {
      const userId = (event.payload as { userId?: string }).userId;
      cache.forget((auth) => userId === undefined || auth.userId === userId);
    }
  });

  async function notifyRevoked(rows: { id: string; userId: string; enterpriseId: string }[]) {
    const ended = new Set(rows.map((row) => row.id));
    cache.forget((auth) => ended.has(auth.sessionId));
    for (const row of rows) {
      await bus.publish({
        enterpriseId: row.enterpriseId,
        userId: row.userId,
        name: 'session.revoked',
        payload: { sessionId: row.id },
      });
    }
  }

  return {
    async create(input: { userId: string; enterpriseId: string; userAgent?: string; ip?: string }) {
      const token = randomToken();
      const [row] = await db
        .insert(sessions)
        .values({
          userId: input.userId,
          enterpriseId: input.enterpriseId,
          tokenHash: sha256(token),
          userAgent: input.userAgent?.slice(0, 300) ?? null,
          ip: input.ip ?? null,
          expiresAt: new Date(Date.now() + ABSOLUTE_MS),
        })
        .returning({ id: sessions.id });
      return { token, sessionId: row!.id };
    },

    async resolve(token: string): Promise<AuthContext | null> {
      if (token.length < 20 || token.length > 200) return null;
      const tokenHash = sha256(token);
      const cached = cache.get(tokenHash);
      if (cached) return cached;
      const now = new Date();
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: users.id,
          enterpriseId: users.enterpriseId,
          roles: users.roles,
          settings: enterprises.settings,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(enterprises, eq(enterprises.id, users.enterpriseId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_MS)),
            eq(users.state, 1),
          ),
        )
        .limit(1);
      if (!row) return null;
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
      }
      const flags = resolveFlags(row.settings, config.featuresOff, config.hideSignup);
      const auth: AuthContext = {
        sessionId: row.sessionId,
        userId: row.userId,
        enterpriseId: row.enterpriseId,
        roles: row.roles,
        permissions: effectivePermissions(row.roles, flags),
        flags,
      };
      cache.set(tokenHash, auth);
      return auth;
    },

    /**
     * A user's roles, state or enterprise settings changed: every instance forgets their cached
     * sessions, so the next request sees the change. Without a user, every cached session is dropped.
     */
    async authChanged(enterpriseId: string, userId?: string) {
      cache.forget((auth) => userId === undefined || auth.userId === userId);
      await bus.publish({ enterpriseId, name: 'auth.changed', payload: userId ? { userId } : {} });
    },

    async list(userId: string) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .orderBy(sql`${sessions.lastSeenAt} desc`);
    },

    /** Revokes one of the user's own sessions; false when it is not theirs or already ended. */
    async revokeOwn(userId: string, sessionId: string): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id, userId: sessions.userId, enterpriseId: sessions.enterpriseId });
      await notifyRevoked(rows);
      return rows.length > 0;
    },

    /** Ends every session of a user, except `keepSessionId` when given. */
    async revokeAllForUser(userId: string, keepSessionId?: string) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
          ),
        )
        .returning({ id: sessions.id, userId: sessions.userId, enterpriseId: sessions.enterpriseId });
      await notifyRevoked(rows);
      return rows.length;
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
