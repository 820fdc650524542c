import { and, asc, eq, sql } from 'drizzle-orm';
import type { Activity, ActivityState, CampaignListItem, CampaignStatus } from '@parley/contracts/campaigns';
import type { Db, DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { channels, messageTemplates } from '../../db/schema/channels';
import { campaignActivities, campaigns } from '../../db/schema/campaigns';
import { departments } from '../../db/schema/enterprise-admin';

export type CampaignRow = typeof campaigns.$inferSelect;
export type ActivityRow = typeof campaignActivities.$inferSelect;

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (db: DbOrTx, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows).rows;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)).toISOString());

/** Campaigns and their activities: reads and writes of the campaigns core (no HTTP, no rules). */
export function createCampaignsRepository(db: Db) {
  return {
    async channel(enterpriseId: string, channelId: string) {
      const [row] = await db
        .select({ id: channels.id, name: channels.name, messagesPerSecond: channels.messagesPerSecond })
        .from(channels)
        .where(and(eq(channels.id, channelId), eq(channels.enterpriseId, enterpriseId)));
      return row;
    },

    async template(enterpriseId: string, templateId: string) {
      const [row] = await db
        .select()
        .from(messageTemplates)
        .where(and(eq(messageTemplates.id, templateId), eq(messageTemplates.enterpriseId, enterpriseId)));
      return row;
    },

    /** The enterprise's departments by name (id and name only). */
    async departments(enterpriseId: string) {
      return db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(eq(departments.enterpriseId, enterpriseId))
        .orderBy(asc(departments.name))
        .limit(500);
    },

    /** Which of `ids` are the enterprise's rows of `table` (segments, groups, lists, departments). */
    async ownIds(
      table: 'customer_segments' | 'customer_groups' | 'campaign_lists' | 'departments',
      enterpriseId: string,
      ids: readonly string[],
    ): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await rowsOf(
        db,
        sql`SELECT id::text AS id FROM ${sql.identifier(table)}
          WHERE enterprise_id = ${enterpriseId}::uuid AND id::text = ANY(${`{${ids.join(',')}}`}::text[])`,
      );
      return new Set(rows.map((row) => String(row.id)));
    },

    async get(enterpriseId: string, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(campaigns)
        .where(
          and(eq(campaigns.id, id), eq(campaigns.enterpriseId, enterpriseId), sql`${campaigns.deletedAt} IS NULL`),
        );
      return row;
    },

    /** The campaign's details the contract adds: who created it, its latest activity. */
    async extras(campaignId: string) {
      const [row] = await rowsOf(
        db,
        sql`SELECT u.id::text AS user_id, u.name AS user_name,
            a.id AS activity_id, a.state AS activity_state, a.reject_reason
          FROM campaigns c
          LEFT JOIN users u ON u.id = c.created_by
          LEFT JOIN LATERAL (SELECT id, state, reject_reason FROM campaign_activities
            WHERE campaign_id = c.id ORDER BY created_at DESC, id DESC LIMIT 1) a ON true
          WHERE c.id = ${campaignId}::uuid`,
      );
      return {
        createdBy: { id: row?.user_id ? String(row.user_id) : '', name: row?.user_name ? String(row.user_name) : '' },
        activityId: row?.activity_id ? String(row.activity_id) : null,
        rejectReason: row?.activity_state === 'REJECTED' && row.reject_reason ? String(row.reject_reason) : null,
      };
    },

    async list(
      enterpriseId: string,
      query: { from: number; perPage: number; search: string; status?: CampaignStatus },
    ): Promise<{ campaigns: CampaignListItem[]; more: boolean }> {
      const search = query.search.trim().toLowerCase();
      const rows = await rowsOf(
        db,
        sql`SELECT c.id, c.name, c.status, c.created_at, c.updated_at, coalesce(ch.name, '') AS channel_name,
            coalesce(t.name, '') AS template_name, coalesce(u.name, '') AS created_by, a.next_run_at
          FROM campaigns c
          LEFT JOIN channels ch ON ch.id = c.channel_id
          LEFT JOIN message_templates t ON t.id::text = c.variants -> 0 ->> 'templateId'
          LEFT JOIN users u ON u.id = c.created_by
          LEFT JOIN LATERAL (SELECT next_run_at FROM campaign_activities
            WHERE campaign_id = c.id ORDER BY created_at DESC, id DESC LIMIT 1) a ON true
          WHERE c.enterprise_id = ${enterpriseId}::uuid AND c.deleted_at IS NULL
            ${search ? sql`AND lower(c.name) LIKE ${containsPattern(search)}` : sql``}
            ${query.status ? sql`AND c.status = ${query.status}` : sql``}
          ORDER BY c.updated_at DESC, c.id DESC
          LIMIT ${query.perPage + 1} OFFSET ${query.from}`,
      );
      return {
        campaigns: rows.slice(0, query.perPage).map((row) => ({
          id: String(row.id),
          name: String(row.name),
          channelName: String(row.channel_name),
          templateName: String(row.template_name),
          status: String(row.status) as CampaignStatus,
          createdBy: String(row.created_by),
          createdOn: iso(row.created_at)!,
          updatedOn: iso(row.updated_at)!,
          nextRunAt: iso(row.next_run_at),
        })),
        more: rows.length > query.perPage,
      };
    },

    async insert(values: typeof campaigns.$inferInsert): Promise<CampaignRow> {
      const [row] = await db.insert(campaigns).values(values).returning();
      return row!;
    },

    async update(tx: DbOrTx, id: string, values: Partial<typeof campaigns.$inferInsert>): Promise<CampaignRow> {
      const [row] = await tx
        .update(campaigns)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(campaigns.id, id))
        .returning();
      return row!;
    },

    /** Activities of a campaign still waiting for a decision or a start become SUPERSEDED. */
    async supersede(tx: DbOrTx, campaignId: string) {
      await tx
        .update(campaignActivities)
        .set({ state: 'SUPERSEDED', updatedAt: new Date() })
        .where(
          and(
            eq(campaignActivities.campaignId, campaignId),
            sql`${campaignActivities.state} IN ('PENDING', 'APPROVED')`,
          ),
        );
    },

    async insertActivity(tx: DbOrTx, values: typeof campaignActivities.$inferInsert): Promise<ActivityRow> {
      const [row] = await tx.insert(campaignActivities).values(values).returning();
      return row!;
    },

    async activityRow(enterpriseId: string, id: string): Promise<ActivityRow | undefined> {
      const [row] = await db
        .select()
        .from(campaignActivities)
        .where(and(eq(campaignActivities.id, id), eq(campaignActivities.enterpriseId, enterpriseId)));
      return row;
    },

    /** Moves an activity from one of `from` to `to` (and its campaign's status); false when it was not in `from`. */
    async moveActivity(
      tx: DbOrTx,
      id: string,
      from: readonly ActivityState[],
      values: Partial<typeof campaignActivities.$inferInsert> & { state: ActivityState },
      campaignStatus: CampaignStatus,
    ): Promise<boolean> {
      const rows = await tx
        .update(campaignActivities)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(eq(campaignActivities.id, id), sql`${campaignActivities.state} = ANY(${`{${from.join(',')}}`}::text[])`),
        )
        .returning({ campaignId: campaignActivities.campaignId });
      const moved = rows[0];
      if (!moved) return false;
      await tx
        .update(campaigns)
        .set({ status: campaignStatus, updatedAt: new Date() })
        .where(eq(campaigns.id, moved.campaignId));
      return true;
    },

    async activity(enterpriseId: string, id: string): Promise<Activity | undefined> {
      const { activities } = await this.activities(enterpriseId, { ids: [id], from: 0, perPage: 1, search: '' });
      return activities[0];
    },

    async activities(
      enterpriseId: string,
      query: { from: number; perPage: number; search: string; states?: readonly ActivityState[]; ids?: string[] },
    ): Promise<{ activities: Activity[]; more: boolean }> {
      const search = query.search.trim().toLowerCase();
      const rows = await rowsOf(
        db,
        sql`SELECT a.*, ch.name AS channel_name, d.name AS department_name,
            su.name AS submitted_by_name, du.name AS decided_by_name
          FROM campaign_activities a
          JOIN campaigns c ON c.id = a.campaign_id
          LEFT JOIN channels ch ON ch.id::text = a.snapshot ->> 'channelId'
          LEFT JOIN departments d ON d.id = a.department_id
          LEFT JOIN users su ON su.id = a.submitted_by
          LEFT JOIN users du ON du.id = a.decided_by
          WHERE a.enterprise_id = ${enterpriseId}::uuid AND c.deleted_at IS NULL
            ${query.ids ? sql`AND a.id::text = ANY(${`{${query.ids.join(',')}}`}::text[])` : sql``}
            ${query.states ? sql`AND a.state = ANY(${`{${query.states.join(',')}}`}::text[])` : sql``}
            ${search ? sql`AND lower(a.name) LIKE ${containsPattern(search)}` : sql``}
          ORDER BY a.created_at DESC, a.id DESC
          LIMIT ${query.perPage + 1} OFFSET ${query.from}`,
      );
      return {
        activities: rows.slice(0, query.perPage).map((row) => ({
          id: String(row.id),
          campaignId: String(row.campaign_id),
          name: String(row.name),
          state: String(row.state) as ActivityState,
          channelName: row.channel_name ? String(row.channel_name) : '',
          departmentName: row.department_name ? String(row.department_name) : null,
          campaignVersion: Number(row.campaign_version),
          submittedBy: {
            id: row.submitted_by ? String(row.submitted_by) : '',
            name: row.submitted_by_name ? String(row.submitted_by_name) : '',
          },
          submittedOn: iso(row.created_at)!,
          decidedBy: row.decided_by
            ? { id: String(row.decided_by), name: row.decided_by_name ? String(row.decided_by_name) : '' }
            : null,
          decidedOn: iso(row.decided_at),
          rejectReason: row.reject_reason ? String(row.reject_reason) : null,
          startedOn: iso(row.started_at),
          nextRunAt: iso(row.next_run_at),
          targeted: Number(row.targeted),
        })),
        more: rows.length > query.perPage,
      };
    },

    /** Whether the campaign has an activity that is sending or waiting to send. */
    async isLive(campaignId: string): Promise<boolean> {
      const rows = await rowsOf(
        db,
        sql`SELECT 1 FROM campaign_activities WHERE campaign_id = ${campaignId}::uuid
          AND state IN ('SCHEDULED', 'RUNNING', 'PAUSED') LIMIT 1`,
      );
      return rows.length > 0;
    },
  };
}
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
