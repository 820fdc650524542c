import type { Department, DepartmentBody } from '@parley/contracts/departments';
import { AppError } from '../../platform/errors';
import type { DepartmentRow, DepartmentsRepository } from './departments.repository';
import { isUniqueViolation } from '../../db/postgres-errors';

type DepartmentInput = Required<Pick<DepartmentBody, 'name'>> & { desc: string; manager: string | null };

function toDepartment(row: DepartmentRow): Department {
  return {
    id: row.id,
    name: row.name,
    desc: row.description,
    manager: row.managerId,
    managerName: row.managerName,
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Departments (platform §7.3): CRUD with a manager of the same enterprise, and their users. */
export function createDepartmentsService(deps: { repository: DepartmentsRepository }) {
  const { repository } = deps;

  async function load(enterpriseId: string, id: string) {
    const row = await repository.get(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toDepartment(row);
  }

  async function checkInput(enterpriseId: string, input: DepartmentInput, exceptId?: string) {
    if (input.manager && (await repository.countUsers(enterpriseId, [input.manager])) !== 1)
      throw new AppError('DEPARTMENT_MANAGER_INVALID', {
        fieldErrors: { manager: 'The manager must be a user of your enterprise' },
      });
    if (await repository.nameTaken(enterpriseId, input.name, exceptId)) throw nameTaken();
  }

  function nameTaken() {
    return new AppError('DEPARTMENT_NAME_TAKEN', {
      fieldErrors: { name: 'A department with this name already exists' },
    });
  }

  async function save<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Two requests racing past the check meet the unique index.
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  async function checkUsers(enterpriseId: string, ids: string[]) {
    const unique = [...new Set(ids)];
    if ((await repository.countUsers(enterpriseId, unique)) !== unique.length)
      throw new AppError('DEPARTMENT_USERS_INVALID', {
        fieldErrors: { users: 'Some of these users are not in your enterprise' },
      });
    return unique;
  }

  return {
    async list(enterpriseId: string, query: { name?: string; from: number; perPage: number }) {
      const rows = await repository.list(enterpriseId, query);
      return { departments: rows.slice(0, query.perPage).map(toDepartment), more: rows.length > query.perPage };
    },
    get: load,
    async userOptions(enterpriseId: string, name?: string) {
      return { users: await repository.userOptions(enterpriseId, name) };
    },
    async create(enterpriseId: string, input: DepartmentInput) {
      await checkInput(enterpriseId, input);
      const id = await save(() =>
        repository.create(enterpriseId, { name: input.name, description: input.desc, managerId: input.manager }),
      );
      return load(enterpriseId, id);
    },
    async update(enterpriseId: string, id: string, input: DepartmentInput) {
      await load(enterpriseId, id);
      await checkInput(enterpriseId, input, id);
      await save(() =>
        repository.update(enterpriseId, id, { name: input.name, description: input.desc, managerId: input.manager }),
      );
      return load(enterpriseId, id);
    },
    async remove(enterpriseId: string, id: string) {
      if (!(await repository.remove(enterpriseId, id))) throw new AppError('NOT_FOUND');
      return {};
    },
    async addUsers(enterpriseId: string, id: string, ids: string[]) {
      await load(enterpriseId, id);
      await repository.addUsers(enterpriseId, id, await checkUsers(enterpriseId, ids));
      return load(enterpriseId, id);
    },
    async removeUsers(enterpriseId: string, id: string, ids: string[]) {
      await load(enterpriseId, id);
      await repository.removeUsers(enterpriseId, id, await checkUsers(enterpriseId, ids));
      return load(enterpriseId, id);
    },
    async mappedUsers(
      enterpriseId: string,
      id: string,
      query: { name?: string; mapped?: boolean; from: number; perPage: number },
    ) {
      await load(enterpriseId, id);
      const rows = await repository.mappedUsers(enterpriseId, id, query);
      return {
        users: rows.slice(0, query.perPage).map((row) => ({ ...row, mapped: Boolean(row.mapped) })),
        more: rows.length > query.perPage,
      };
    },
  };
}

export type DepartmentsService = ReturnType<typeof createDepartmentsService>;
