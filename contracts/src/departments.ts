import { z } from 'zod';
import { defineRoute, emptyData, idParam, pageQuery } from './envelope';
import { messages } from './messages';

/** Departments of an enterprise (platform §7.3: name, desc, manager; add/remove users; mapped users). */
export const department = z.object({
  id: z.uuid(),
  name: z.string(),
  desc: z.string(),
  manager: z.uuid().nullable(),
  managerName: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Department = z.infer<typeof department>;

export const departmentBody = z.object({
  name: z.string({ error: messages.fieldMandatory }).trim().min(1, messages.fieldMandatory).max(120),
  desc: z.string().trim().max(500).default(''),
  manager: z.uuid().nullable().default(null),
});
export type DepartmentBody = z.input<typeof departmentBody>;

export const departmentsQuery = pageQuery.extend({ name: z.string().trim().max(120).optional() });

export const departmentUsersBody = z.object({
  users: z.array(z.uuid(), { error: 'Choose at least one user' }).min(1, 'Choose at least one user').max(500),
});

export const MAPPED_USERS_PAGE_SIZE = 30;

export const mappedUsersQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(200).default(MAPPED_USERS_PAGE_SIZE),
  name: z.string().trim().max(120).optional(),
  mapped: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const mappedUser = z.object({ id: z.uuid(), name: z.string(), email: z.string(), mapped: z.boolean() });
export type MappedUser = z.infer<typeof mappedUser>;

export const userOption = z.object({ id: z.uuid(), name: z.string(), email: z.string() });

export const departmentRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/departments',
    summary: "The enterprise's departments, searchable by name",
    query: departmentsQuery,
    data: z.object({ departments: z.array(department), more: z.boolean() }),
  }),
  userOptions: defineRoute({
    method: 'GET',
    path: '/api/departments/user-options',
    summary: 'Users of the enterprise to choose a manager from',
    query: z.object({ name: z.string().trim().max(120).optional() }),
    data: z.object({ users: z.array(userOption) }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/departments/:id',
    summary: 'One department',
    params: idParam,
    data: department,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/departments',
    summary: 'Create a department',
    body: departmentBody,
    data: department,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/departments/:id',
    summary: 'Edit a department',
    params: idParam,
    body: departmentBody,
    data: department,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/departments/:id',
    summary: 'Delete a department',
    params: idParam,
    data: emptyData,
  }),
  addUsers: defineRoute({
    method: 'PUT',
    path: '/api/departments/:id/add_users',
    summary: 'Map users to a department',
    params: idParam,
    body: departmentUsersBody,
    data: department,
  }),
  removeUsers: defineRoute({
    method: 'PUT',
    path: '/api/departments/:id/remove_users',
    summary: 'Unmap users from a department',
    params: idParam,
    body: departmentUsersBody,
    data: department,
  }),
  mappedUsers: defineRoute({
    method: 'GET',
    path: '/api/departments/:id/mapped_users',
    summary: "The enterprise's users, each with whether they belong to the department",
    params: idParam,
    query: mappedUsersQuery,
    data: z.object({ users: z.array(mappedUser), more: z.boolean() }),
  }),
} as const;
