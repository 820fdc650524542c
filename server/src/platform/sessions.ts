import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { effectivePermissions, type Permission } from '@parley/contracts/permissions';
import type { Db } from '../db/client';
import { enterprises, sessions, users } from '../db/schema/platform';
import type { Config } from '../config';
import type { EventBus } from './realtime/bus';
import { resolveFlags } from './feature-flags';
import { randomToken, sha256 } from './secrets';

export interface AuthContext {
  sessionId: string;
  userId: string;
  enterpriseId: string;
  roles: number[];
  permissions: Permission[];
}

const IDLE_MS = 24 * 60 * 60 * 1000;
const ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

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

  async function notifyRevoked(rows: { id: string; userId: string; enterpriseId: string }[]) {
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
            eq(sessions.tokenHash, sha256(token)),
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
      return {
        sessionId: row.sessionId,
        userId: row.userId,
        enterpriseId: row.enterpriseId,
        roles: row.roles,
        permissions: effectivePermissions(row.roles, flags),
      };
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
