import { z } from 'zod';
import { defineRoute, emptyData, pageQuery } from './envelope';
import { messages } from './messages';
import { emailField, newPasswordField } from './account';
import { featureFlags, isRoleId, permissions, roleIds } from './permissions';

/** User states (platform §4.1): 1 active, 2 deactivated (0, pending activation, is listed with neither filter). */
export const userStates = { active: 1, deactivated: 2 } as const;

/** Chat permissions sent with update_roles (platform §6), stored per user. */
export const chatPermissionKeys = ['handle', 'viewAnalytics', 'viewChatHistory', 'viewMonitor'] as const;
export type ChatPermissionKey = (typeof chatPermissionKeys)[number];
export const chatPermissionLabels: Record<ChatPermissionKey, string> = {
  handle: 'Accept and Reply to Chats',
  viewAnalytics: 'See Chat Analytics',
  viewChatHistory: 'See Chat History',
  viewMonitor: 'See the Live Chat Monitor',
};
export const chatPermissions = z
  .object(
    Object.fromEntries(chatPermissionKeys.map((key) => [key, z.boolean().optional()])) as Record<
      ChatPermissionKey,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict();
export type ChatPermissions = z.infer<typeof chatPermissions>;

const rolesField = z
  .array(z.number().int().refine(isRoleId, 'Unknown role'), { error: 'Select at least one role' })
  .min(1, 'Select at least one role')
  .max(roleIds.length)
  .refine((values) => new Set(values).size === values.length, 'Each role only once');

export const userSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  emailId: z.string(),
  roles: z.array(z.number().int()),
  state: z.number().int(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userDetails = userSummary.extend({
  chatPermissions: z.record(z.string(), z.boolean()),
  twoFactorEnabled: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetails>;

export const usersQuery = pageQuery.extend({
  name: z.string().trim().max(100).optional(),
  state: z.coerce
    .number()
    .int()
    .refine((value) => value === 1 || value === 2, 'state is 1 (active) or 2 (deactivated)')
    .optional(),
});
export type UsersQuery = z.input<typeof usersQuery>;

export const createUserBody = z.object({
  name: z.string({ error: messages.fieldMandatory }).trim().min(1, messages.fieldMandatory).max(100),
  emailId: emailField,
  password: newPasswordField,
  roles: rolesField,
});
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateRolesBody = z.object({ roles: rolesField, chat: chatPermissions.default({}) });
export type UpdateRolesBody = z.input<typeof updateRolesBody>;

export const adminResetPasswordBody = z.object({
  adminPassword: z.string({ error: messages.fieldMandatory }).min(1, messages.fieldMandatory).max(256),
  password: newPasswordField,
});
export type AdminResetPasswordBody = z.input<typeof adminResetPasswordBody>;

export const deleteUserQuery = z.object({
  isValidate: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** What deleting a user would do (isValidate=true), or did. */
export const deleteUserResult = z.object({
  deleted: z.boolean(),
  departmentsManaged: z.array(z.object({ id: z.uuid(), name: z.string() })),
  departmentsMember: z.number().int(),
  openSessions: z.number().int(),
});
export type DeleteUserResult = z.infer<typeof deleteUserResult>;

export const rolePermissionMatrix = z.object({
  roles: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      permissions: z.array(z.enum(permissions)),
      removedByFlags: z.array(z.enum(permissions)),
    }),
  ),
  /** Permission → the flag that is off and so removes it, for this enterprise. */
  flagsOff: z.array(z.object({ permission: z.enum(permissions), flag: z.enum(featureFlags) })),
});
export type RolePermissionMatrix = z.infer<typeof rolePermissionMatrix>;

const idParams = z.object({ id: z.uuid() });

export const usersRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users',
    summary: 'Users of the enterprise (search by name or email, state 1 active / 2 deactivated)',
    query: usersQuery,
    data: z.object({ users: z.array(userSummary), more: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/users/:id',
    summary: 'One user',
    params: idParams,
    data: userDetails,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users',
    summary: 'Create a user (name, emailId, password, roles)',
    body: createUserBody,
    data: userSummary,
  }),
  updateRoles: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/update_roles',
    summary: "Change a user's roles and chat permissions",
    params: idParams,
    body: updateRolesBody,
    data: userDetails,
  }),
  resetPassword: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/reset_password',
    summary: "Set a user's password (needs the admin's own password)",
    params: idParams,
    body: adminResetPasswordBody,
    data: emptyData,
  }),
  deactivate: defineRoute({
    method: 'POST',
    path: '/api/users/:id/deactivate',
    summary: 'Deactivate a user and end their sessions',
    params: idParams,
    data: userSummary,
  }),
  activate: defineRoute({
    method: 'POST',
    path: '/api/users/:id/activate',
    summary: 'Activate a deactivated user',
    params: idParams,
    data: userSummary,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id',
    summary: 'Delete a user (isValidate=true only reports what deleting would do)',
    params: idParams,
    query: deleteUserQuery,
    data: deleteUserResult,
  }),
  rolePermissions: defineRoute({
    method: 'GET',
    path: '/api/roles/permissions',
    summary: "The role → permission matrix, less what the enterprise's feature flags remove",
    data: rolePermissionMatrix,
  }),
} as const;
