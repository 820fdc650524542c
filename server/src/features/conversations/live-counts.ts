import { conversationEvents, type LiveChatCounts } from '@parley/contracts/conversations';
import { effectivePermissions } from '@parley/contracts/permissions';
import { rawFor, type DbOrTx } from '../../db/client';
import { textArray } from '../../platform/customer-lookup';
import type { EventBus } from '../../platform/realtime/bus';
import { seesAllChats } from './conversations.service';

/** Users per statement: a department of 5,000 agents is one. */
const USERS_PER_STATEMENT = 5000;
/** `department_id` null as a join key (a chat of no department, which every agent sees). */
const NO_DEPARTMENT = '00000000-0000-0000-0000-000000000000';

/**
 * The live chat counts of many users in one statement, the same numbers as `repository.counts`
 * gives one user (its visibility rule: every department for a supervisor, else the chats of no
 * department, of the user's departments, the ones they take part in and the ones waiting for them).
 * Asking it once per user cost a department of 5,000 agents 15,000 statements for every chat that
 * joined the queue. Here the chats every viewer counts alike (new, transferred to a department,
 * missed today) are summed per department and the department sums per user; on top come such chats
 * a user sees outside their departments (as a participant, or as the one a chat waits for) and
 * what waits for them by name (invited, transferred, assigned).
 */
const COUNTS_SQL = `
  with batch as (
    select * from unnest($2::uuid[], $3::boolean[]) as b(user_id, sees_all)
  ),
  shared as (
    select c.id, coalesce(c.department_id, '${NO_DEPARTMENT}') as department_key, c.waiting_for,
      (c.waiting = 'new' and c.state in (0, 1, 2, 5))::int as is_new,
      (c.waiting = 'transferred' and c.waiting_for is null)::int as is_transferred,
      (c.state = 4 and c.updated_at > now() - interval '24 hours')::int as is_missed
    from conversations c
    where c.enterprise_id = $1
      and ((c.waiting = 'new' and c.state in (0, 1, 2, 5))
        or (c.waiting = 'transferred' and c.waiting_for is null)
        or (c.state = 4 and c.updated_at > now() - interval '24 hours'))
  ),
  by_department as (
    select department_key, sum(is_new) as n, sum(is_transferred) as t, sum(is_missed) as m
    from shared group by department_key
  ),
  sees as (
    select b.user_id, d.department_key from batch b
      join by_department d on b.sees_all or d.department_key = '${NO_DEPARTMENT}'
    union
    select du.user_id, du.department_id from department_users du
      join batch b on b.user_id = du.user_id and not b.sees_all
  ),
  in_departments as (
    select s.user_id, sum(d.n) as n, sum(d.t) as t, sum(d.m) as m
    from sees s join by_department d on d.department_key = s.department_key
    group by s.user_id
  ),
  beyond as (
    select x.user_id, sum(x.is_new) as n, sum(x.is_transferred) as t, sum(x.is_missed) as m
    from (
      select p.user_id, s.* from shared s join conversation_participants p on p.conversation_id = s.id
      union
      select s.waiting_for as user_id, s.* from shared s where s.waiting_for is not null
    ) x
    join batch b on b.user_id = x.user_id and not b.sees_all
    where x.department_key <> '${NO_DEPARTMENT}'
      and not exists (
        select 1 from department_users du where du.user_id = x.user_id and du.department_id = x.department_key
      )
    group by x.user_id
  ),
  named as (
    select c.waiting_for as user_id,
      count(*) filter (where c.waiting = 'invited') as i,
      count(*) filter (where c.waiting = 'transferred') as t,
      count(*) filter (where c.waiting = 'assigned') as a
    from conversations c
    where c.enterprise_id = $1 and c.waiting is not null and c.waiting_for = any($2::uuid[])
    group by c.waiting_for
  )
  select b.user_id,
    coalesce(d.n, 0) + coalesce(x.n, 0) as new_count,
    coalesce(w.i, 0) as invited_count,
    coalesce(d.t, 0) + coalesce(x.t, 0) + coalesce(w.t, 0) as transferred_count,
    coalesce(w.a, 0) as assigned_count,
    coalesce(d.m, 0) + coalesce(x.m, 0) as missed_count
  from batch b
    left join in_departments d on d.user_id = b.user_id
    left join beyond x on x.user_id = b.user_id
    left join named w on w.user_id = b.user_id`;

function toCounts(row: Record<string, unknown>): LiveChatCounts {
  const counts = {
    newChatCount: Number(row.new_count),
    invitedChatCount: Number(row.invited_count),
    transferredChatCount: Number(row.transferred_count),
    assginedChatCount: Number(row.assigned_count),
    missedChatCount: Number(row.missed_count),
  };
  return {
    ...counts,
    totalChatCount:
      counts.newChatCount + counts.invitedChatCount + counts.transferredChatCount + counts.assginedChatCount,
  };
}

/** The live chat counts of these users of one enterprise (users of another are left out). */
export async function liveCountsOf(
  db: DbOrTx,
  enterpriseId: string,
  userIds: readonly string[],
): Promise<Map<string, LiveChatCounts>> {
  const raw = rawFor(db);
  const counts = new Map<string, LiveChatCounts>();
  for (let from = 0; from < userIds.length; from += USERS_PER_STATEMENT) {
    const { rows: people } = await raw(
      `select id, roles from users where enterprise_id = $1 and id = any($2::uuid[])`,
      [enterpriseId, textArray(userIds.slice(from, from + USERS_PER_STATEMENT))],
    );
    if (people.length === 0) continue;
    const seesAll = people.map((person) =>
      String(seesAllChats({ permissions: effectivePermissions((person.roles as number[]) ?? []) })),
    );
    const { rows } = await raw(COUNTS_SQL, [
      enterpriseId,
      textArray(people.map((person) => person.id as string)),
      textArray(seesAll),
    ]);
    for (const row of rows) counts.set(row.user_id as string, toCounts(row));
  }
  return counts;
}

/**
 * Publishes `conversation.counts` to users whose counts may have changed. Calls that arrive while a
 * batch is being counted and published gather for the next one, where each user is counted once
 * however many changes named them: under a busy queue the cost follows the agents, not the chats.
 * A call resolves once the batch holding its users is published.
 */
export function createLiveCountsPublisher(deps: { db: DbOrTx; bus: EventBus }) {
  let due = new Map<string, Set<string>>();
  let waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  async function publishBatch(batch: Map<string, Set<string>>) {
    for (const [enterpriseId, users] of batch) {
      const counts = await liveCountsOf(deps.db, enterpriseId, [...users]);
      await deps.bus.publishMany(
        [...counts].map(([userId, payload]) => ({ enterpriseId, userId, name: conversationEvents.counts, payload })),
      );
    }
  }

  async function drain() {
    running = true;
    while (due.size > 0) {
      const batch = due;
      const callers = waiting;
      due = new Map();
      waiting = [];
      try {
        await publishBatch(batch);
        for (const caller of callers) caller.resolve();
      } catch (error) {
        for (const caller of callers) caller.reject(error);
      }
    }
    running = false;
  }

  return {
    publish(enterpriseId: string, userIds: Iterable<string>): Promise<void> {
      const users = due.get(enterpriseId) ?? new Set<string>();
      for (const userId of userIds) users.add(userId);
      if (users.size === 0) return Promise.resolve();
      due.set(enterpriseId, users);
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        if (!running) void drain();
      });
    },
  };
}
