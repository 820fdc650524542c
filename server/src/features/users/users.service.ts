import {
  flagGatedPermissions,
  permissions,
  rolePermissions,
  roleIds,
  roles as roleNames,
  type FeatureFlag,
  type Permission,
} from '@parley/contracts/permissions';
import type {
  ChatPermissions,
  CreateUserBody,
  DeleteUserResult,
  RolePermissionMatrix,
  UserDetails,
  UserSummary,
} from '@parley/contracts/users';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { resolveFlags } from '../../platform/feature-flags';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { SessionsService } from '../../platform/sessions';
import type { UserListFilter, UserRow, UsersRepository } from './users.repository';

export interface UsersServiceDeps {
  repository: UsersRepository;
  sessions: Pick<SessionsService, 'revokeAllForUser' | 'authChanged'>;
  config: Pick<Config, 'scryptLogN' | 'featuresOff' | 'hideSignup'>;
}

/** Who is calling: taken from the session, never from the body. */
export interface Actor {
  enterpriseId: string;
  userId: string;
}

const ADMIN = 1;

function toSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    name: row.name,
    emailId: row.email,
    roles: row.roles,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Users of an enterprise as an administrator manages them (platform §7.3 Users, §6). */
export function createUsersService(deps: UsersServiceDeps) {
  const { repository, sessions, config } = deps;

  /** Refuses a change that leaves the enterprise without an active Administrator. */
  async function lastAdminGuard(
    tx: DbOrTx,
    enterpriseId: string,
    id: string,
    current: { state: number; roles: number[] },
    nextRoles: number[],
  ) {
    const isActiveAdmin = current.state === 1 && current.roles.includes(ADMIN);
    if (!isActiveAdmin || nextRoles.includes(ADMIN)) return;
    if ((await repository.otherActiveAdmins(tx, enterpriseId, id)) === 0) throw new AppError('LAST_ADMIN');
  }

  async function mustFind(actor: Actor, id: string) {
    const user = await repository.find(actor.enterpriseId, id);
    if (!user) throw new AppError('NOT_FOUND');
    return user;
  }

  function toDetails(row: UserRow & { chatPermissions: Record<string, boolean> | null; totpSecretEnc: string | null }) {
    return {
      ...toSummary(row),
      chatPermissions: row.chatPermissions ?? {},
      twoFactorEnabled: row.totpSecretEnc !== null,
    } satisfies UserDetails;
  }

  return {
    async list(actor: Actor, filter: UserListFilter) {
      const rows = await repository.list(actor.enterpriseId, filter);
      return { users: rows.slice(0, filter.perPage).map(toSummary), more: rows.length > filter.perPage };
    },

    async get(actor: Actor, id: string) {
      return toDetails(await mustFind(actor, id));
    },

    async create(actor: Actor, input: CreateUserBody & { roles: number[] }) {
      const duplicate = () =>
        new AppError('EMAIL_TAKEN', { fieldErrors: { emailId: 'This email is already registered' } });
      if (await repository.emailTaken(input.emailId)) throw duplicate();
      const row = await repository.insert({
        enterpriseId: actor.enterpriseId,
        name: input.name,
        email: input.emailId,
        passwordHash: await hashPassword(input.password, config.scryptLogN),
        roles: [...input.roles].sort(),
      });
      // Lost a race with another sign-up of the same address.
      if (!row) throw duplicate();
      return toSummary(row);
    },

    async updateRoles(actor: Actor, id: string, input: { roles: number[]; chat: ChatPermissions }) {
      if (id === actor.userId) throw new AppError('SELF_ROLE_CHANGE');
      const nextRoles = [...input.roles].sort();
      const chat = Object.fromEntries(Object.entries(input.chat).filter(([, value]) => value !== undefined)) as Record<
        string,
        boolean
      >;
      const updated = await repository.withEnterpriseLock(actor.enterpriseId, async (tx) => {
        const user = await repository.find(actor.enterpriseId, id, tx);
        if (!user) throw new AppError('NOT_FOUND');
        await lastAdminGuard(tx, actor.enterpriseId, id, user, nextRoles);
        await repository.update(tx, actor.enterpriseId, id, { roles: nextRoles });
        await repository.saveChatPermissions(tx, actor.enterpriseId, id, chat);
        return repository.find(actor.enterpriseId, id, tx);
      });
      await sessions.authChanged(actor.enterpriseId, id);
      return toDetails(updated!);
    },

    async resetPassword(actor: Actor, id: string, input: { adminPassword: string; password: string }) {
      const admin = await mustFind(actor, actor.userId);
      if (!(await verifyPassword(input.adminPassword, admin.passwordHash)))
        throw new AppError('ADMIN_PASSWORD_WRONG', { fieldErrors: { adminPassword: 'Your password is not correct' } });
      await mustFind(actor, id);
      const passwordHash = await hashPassword(input.password, config.scryptLogN);
      await repository.withEnterpriseLock(actor.enterpriseId, async (tx) => {
        await repository.update(tx, actor.enterpriseId, id, { passwordHash });
        await repository.endResetLinks(tx, id);
      });
      // A new password set by someone else ends the user's other sessions (but not the admin's own).
      if (id !== actor.userId) await sessions.revokeAllForUser(id);
      return {};
    },

    async setState(actor: Actor, id: string, state: 1 | 2) {
      if (state === 2 && id === actor.userId) throw new AppError('SELF_DEACTIVATE');
      const updated = await repository.withEnterpriseLock(actor.enterpriseId, async (tx) => {
        const user = await repository.find(actor.enterpriseId, id, tx);
        if (!user) throw new AppError('NOT_FOUND');
        if (state === 2) await lastAdminGuard(tx, actor.enterpriseId, id, user, []);
        return repository.update(tx, actor.enterpriseId, id, { state });
      });
      if (state === 2) await sessions.revokeAllForUser(id);
      await sessions.authChanged(actor.enterpriseId, id);
      return toSummary(updated!);
    },

    async remove(actor: Actor, id: string, onlyValidate: boolean): Promise<DeleteUserResult> {
      if (id === actor.userId) throw new AppError('SELF_DEACTIVATE');
      const user = await mustFind(actor, id);
      const impact = await repository.deleteImpact(actor.enterpriseId, id);
      const assertNotLastAdmin = (tx: DbOrTx, current: { state: number; roles: number[] }) =>
        lastAdminGuard(tx, actor.enterpriseId, id, current, []);
      await repository.withEnterpriseLock(actor.enterpriseId, (tx) => assertNotLastAdmin(tx, user));
      if (onlyValidate) return { deleted: false, ...impact };
      // Sessions end first (and every instance is told), then the row goes.
      await sessions.revokeAllForUser(id);
      await repository.withEnterpriseLock(actor.enterpriseId, async (tx) => {
        const current = await repository.find(actor.enterpriseId, id, tx);
        if (!current) throw new AppError('NOT_FOUND');
        await assertNotLastAdmin(tx, current);
        await repository.remove(tx, actor.enterpriseId, id);
      });
      await sessions.authChanged(actor.enterpriseId, id);
      return { deleted: true, ...impact };
    },

    async rolePermissionMatrix(actor: Actor): Promise<RolePermissionMatrix> {
      const flags = resolveFlags(
        await repository.enterpriseSettings(actor.enterpriseId),
        config.featuresOff,
        config.hideSignup,
      );
      const flagsOff: { permission: Permission; flag: FeatureFlag }[] = [];
      for (const permission of permissions) {
        const flag = flagGatedPermissions[permission];
        if (flag !== undefined && !flags[flag]) flagsOff.push({ permission, flag });
      }
      const removed = new Set(flagsOff.map((entry) => entry.permission));
      return {
        roles: roleIds.map((roleId) => ({
          id: roleId,
          name: roleNames[roleId],
          permissions: rolePermissions[roleId].filter((permission) => !removed.has(permission)),
          removedByFlags: rolePermissions[roleId].filter((permission) => removed.has(permission)),
        })),
        flagsOff,
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
