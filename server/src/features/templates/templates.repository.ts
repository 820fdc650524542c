import { and, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { TemplateStatus } from '@parley/contracts/templates';
import type { DbOrTx } from '../../db/client';
import { channels, messageTemplates } from '../../db/schema/channels';

export type TemplateRow = typeof messageTemplates.$inferSelect;
/** A template with what the list shows of its channel. */
export type TemplateWithChannel = TemplateRow & { channelName: string; channelVendor: number };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/**
 * Message templates of one enterprise. Every read and write takes the caller's enterprise; the
 * channel's name and vendor come along by join (the channels table is shared schema, read only).
 */
export function createTemplatesRepository(db: DbOrTx) {
  const withChannel = () =>
    db
      .select({ template: messageTemplates, channelName: channels.name, channelVendor: channels.vendor })
      .from(messageTemplates)
      .innerJoin(channels, eq(channels.id, messageTemplates.channelId));
  const flatten = (row: {
    template: TemplateRow;
    channelName: string;
    channelVendor: number;
  }): TemplateWithChannel => ({
    ...row.template,
    channelName: row.channelName,
    channelVendor: row.channelVendor,
  });

  return {
    async list(
      enterpriseId: string,
      filter: { name?: string; status?: TemplateStatus; channelId?: string; from: number; perPage: number },
    ) {
      const conditions: (SQL | undefined)[] = [
        eq(messageTemplates.enterpriseId, enterpriseId),
        filter.name ? ilike(messageTemplates.name, `%${escapeLike(filter.name)}%`) : undefined,
        filter.status ? eq(messageTemplates.status, filter.status) : undefined,
        filter.channelId ? eq(messageTemplates.channelId, filter.channelId) : undefined,
      ];
      const rows = await withChannel()
        .where(and(...conditions))
        .orderBy(desc(messageTemplates.createdAt), desc(messageTemplates.id))
        .limit(filter.perPage + 1)
        .offset(filter.from);
      return rows.map(flatten);
    },

    async get(enterpriseId: string, id: string): Promise<TemplateWithChannel | undefined> {
      const [row] = await withChannel().where(
        and(eq(messageTemplates.id, id), eq(messageTemplates.enterpriseId, enterpriseId)),
      );
      return row ? flatten(row) : undefined;
    },

    /** Whether another template of the channel has this name and language. */
    async nameTaken(channelId: string, name: string, language: string, exceptId?: string) {
      const [row] = await db
        .select({ id: messageTemplates.id })
        .from(messageTemplates)
        .where(
          and(
            eq(messageTemplates.channelId, channelId),
            eq(messageTemplates.name, name),
            eq(messageTemplates.language, language),
            exceptId ? ne(messageTemplates.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The channel's template a vendor event speaks of: by the vendor's id, else by name and language. */
    async findForVendorEvent(
      enterpriseId: string,
      channelId: string,
      event: { vendorTemplateId?: string; name?: string; language?: string },
    ): Promise<TemplateRow | undefined> {
      const scope = and(eq(messageTemplates.enterpriseId, enterpriseId), eq(messageTemplates.channelId, channelId));
      if (event.vendorTemplateId) {
        const [byId] = await db
          .select()
          .from(messageTemplates)
          .where(and(scope, eq(messageTemplates.vendorTemplateId, event.vendorTemplateId)))
          .limit(1);
        if (byId) return byId;
      }
      if (event.name) {
        const [byName] = await db
          .select()
          .from(messageTemplates)
          .where(
            and(
              scope,
              eq(messageTemplates.name, event.name),
              event.language ? eq(messageTemplates.language, event.language) : undefined,
            ),
          )
          .orderBy(desc(messageTemplates.createdAt))
          .limit(1);
        return byName;
      }
      return undefined;
    },

    async insert(values: typeof messageTemplates.$inferInsert) {
      const [row] = await db.insert(messageTemplates).values(values).returning();
      return row!;
    },

    async update(
      enterpriseId: string,
      id: string,
      values: Partial<
        Pick<
          TemplateRow,
          | 'name'
          | 'language'
          | 'category'
          | 'parameterFormat'
          | 'components'
          | 'status'
          | 'reason'
          | 'vendorTemplateId'
          | 'submittedAt'
          | 'statusAt'
        >
      >,
    ) {
      const [row] = await db
        .update(messageTemplates)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(messageTemplates.id, id), eq(messageTemplates.enterpriseId, enterpriseId)))
        .returning();
      return row;
    },

    async remove(enterpriseId: string, id: string) {
      const rows = await db
        .delete(messageTemplates)
        .where(and(eq(messageTemplates.id, id), eq(messageTemplates.enterpriseId, enterpriseId)))
        .returning({ id: messageTemplates.id });
      return rows.length > 0;
    },
  };
}
export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
