import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/platform';
import { departments, departmentUsers } from '../../db/schema/enterprise-admin';
import { containsPattern } from '../../db/like-pattern';

export type DepartmentValues = { name: string; description: string; managerId: string | null };

/** Every query is scoped by the caller's enterprise: another tenant's ids simply find nothing. */
export function createDepartmentsRepository(db: Db) {
  const userCount = sql<number>`(select count(*)::int from ${departmentUsers} where ${departmentUsers.departmentId} = ${departments.id})`;
  const selection = {
    id: departments.id,
    name: departments.name,
    description: departments.description,
    managerId: departments.managerId,
    managerName: users.name,
    userCount,
    createdAt: departments.createdAt,
  };
  const base = () => db.select(selection).from(departments).leftJoin(users, eq(users.id, departments.managerId));

  return {
    async list(enterpriseId: string, options: { name?: string; from: number; perPage: number }) {
      return base()
        .where(
          and(
            eq(departments.enterpriseId, enterpriseId),
            options.name ? ilike(departments.name, containsPattern(options.name)) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${departments.name})`), asc(departments.id))
        .limit(options.perPage + 1)
        .offset(options.from);
    },
    async get(enterpriseId: string, id: string) {
      const [row] = await base()
        .where(and(eq(departments.enterpriseId, enterpriseId), eq(departments.id, id)))
        .limit(1);
      return row;
    },
    async nameTaken(enterpriseId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            eq(departments.enterpriseId, enterpriseId),
            sql`lower(${departments.name}) = ${name.toLowerCase()}`,
            exceptId ? sql`${departments.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async create(enterpriseId: string, values: DepartmentValues) {
      const [row] = await db
        .insert(departments)
        .values({ enterpriseId, ...values })
        .returning({ id: departments.id });
      return row!.id;
    },
    async update(enterpriseId: string, id: string, values: DepartmentValues) {
      const rows = await db
        .update(departments)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(departments.enterpriseId, enterpriseId), eq(departments.id, id)))
        .returning({ id: departments.id });
      return rows.length === 1;
    },
    async remove(enterpriseId: string, id: string) {
      const rows = await db
        .delete(departments)
        .where(and(eq(departments.enterpriseId, enterpriseId), eq(departments.id, id)))
        .returning({ id: departments.id });
      return rows.length === 1;
    },
    /** How many of `ids` are users of the enterprise. */
    async countUsers(enterpriseId: string, ids: string[]) {
      const [row] = await db
        .select({ value: count() })
        .from(users)
        .where(and(eq(users.enterpriseId, enterpriseId), inArray(users.id, ids)));
      return row?.value ?? 0;
    },
    async addUsers(enterpriseId: string, departmentId: string, ids: string[]) {
      await db
        .insert(departmentUsers)
        .values(ids.map((userId) => ({ departmentId, userId, enterpriseId })))
        .onConflictDoNothing();
    },
    async removeUsers(enterpriseId: string, departmentId: string, ids: string[]) {
      await db
        .delete(departmentUsers)
        .where(
          and(
            eq(departmentUsers.enterpriseId, enterpriseId),
            eq(departmentUsers.departmentId, departmentId),
            inArray(departmentUsers.userId, ids),
          ),
        );
    },
    async userOptions(enterpriseId: string, name: string | undefined) {
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.enterpriseId, enterpriseId),
            name
              ? sql`(${users.name} ilike ${containsPattern(name)} or ${users.email} ilike ${containsPattern(name)})`
              : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
        .limit(50);
    },
    async mappedUsers(
      enterpriseId: string,
      departmentId: string,
      options: { name?: string; mapped?: boolean; from: number; perPage: number },
    ) {
      const mapped = sql<boolean>`exists (select 1 from ${departmentUsers} where ${departmentUsers.departmentId} = ${departmentId} and ${departmentUsers.userId} = ${users.id})`;
      return db
        .select({ id: users.id, name: users.name, email: users.email, mapped })
        .from(users)
        .where(
          and(
            eq(users.enterpriseId, enterpriseId),
            options.name
              ? sql`(${users.name} ilike ${containsPattern(options.name)} or ${users.email} ilike ${containsPattern(options.name)})`
              : undefined,
            options.mapped === undefined ? undefined : options.mapped ? mapped : sql`not ${mapped}`,
          ),
        )
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
        .limit(options.perPage + 1)
        .offset(options.from);
    },
  };
}

export type DepartmentsRepository = ReturnType<typeof createDepartmentsRepository>;
export type DepartmentRow = NonNullable<Awaited<ReturnType<DepartmentsRepository['get']>>>;
