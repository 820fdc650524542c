import path from 'node:path';
import type { Readable } from 'node:stream';
import { desc, eq, sql } from 'drizzle-orm';
import { campaignLimits, type CampaignList } from '@parley/contracts/campaigns';
import type { Db } from '../../db/client';
import { campaignLists } from '../../db/schema/campaigns';
import { readCsvRows } from '../../platform/csv-parser';
import { textArray } from '../../platform/customer-lookup';
import { AppError } from '../../platform/errors';
import { customerPhone } from '../../platform/phone';

/**
 * Uploaded number lists of a campaign's audience (issue 21 item 1): a CSV streamed a row at a time
 * (the first column, or the column named phone / phoneNumber / mobile), every number normalised to
 * E.164 in the enterprise's default region, repeats dropped, unreadable ones counted as invalid.
 */
export const listLimits = { maxBytes: 50 * 1024 * 1024, maxRowBytes: 4096, insertBatch: 5000 } as const;

const phoneHeaders = new Set(['phonenumber', 'phone', 'mobile', 'mobilenumber']);
const headerKey = (text: string) => text.toLowerCase().replace(/[\s_\-.]+/g, '');

const toList = (row: typeof campaignLists.$inferSelect): CampaignList => ({
  id: row.id,
  name: row.name,
  count: row.count,
  invalid: row.invalid,
  createdOn: row.createdAt.toISOString(),
});

export function createCampaignLists(deps: { db: Db; defaultRegion: string }) {
  const { db } = deps;
  return {
    async list(enterpriseId: string): Promise<{ lists: CampaignList[] }> {
      const rows = await db
        .select()
        .from(campaignLists)
        .where(eq(campaignLists.enterpriseId, enterpriseId))
        .orderBy(desc(campaignLists.createdAt))
        .limit(200);
      return { lists: rows.map(toList) };
    },

    /** Reads the whole file (numbers deduplicated in memory, at most 1,000,000), then stores it in one transaction. */
    async upload(
      actor: { enterpriseId: string; userId: string },
      file: { fileName: string; stream: Readable; truncated(): boolean },
    ): Promise<{ list: CampaignList }> {
      if (!/\.csv$/i.test(file.fileName)) {
        file.stream.resume();
        throw new AppError('CAMPAIGN_LIST_INVALID');
      }
      const numbers = new Set<string>();
      let invalid = 0;
      let column: number | null = null;
      let seenRow = false;
      try {
        for await (const rows of readCsvRows(file.stream, { maxRowBytes: listLimits.maxRowBytes }))
          for (const row of rows) {
            if (row.blank) continue;
            if (!row.fields) {
              invalid += 1;
              continue;
            }
            if (!seenRow) {
              seenRow = true;
              const header = row.fields.findIndex((cell) => phoneHeaders.has(headerKey(cell)));
              if (header >= 0) {
                column = header;
                continue;
              }
              if (!/\d/.test(row.raw))
                throw new AppError('CAMPAIGN_LIST_INVALID', {
                  message:
                    'Invalid file format: put one number per line, or name a column phoneNumber, phone or mobile',
                });
              column = 0;
            }
            const value = (row.fields[column ?? 0] ?? '').trim();
            const phone = value === '' ? null : customerPhone(value, deps.defaultRegion);
            if (phone) numbers.add(phone);
            else invalid += 1;
            if (numbers.size > campaignLimits.maxListNumbers)
              throw new AppError('CAMPAIGN_LIST_INVALID', {
                message: `A list holds at most ${campaignLimits.maxListNumbers.toLocaleString('en-US')} numbers`,
              });
          }
      } catch (error) {
        file.stream.resume();
        throw error;
      }
      if (file.truncated()) throw new AppError('PAYLOAD_TOO_LARGE');
      if (!seenRow) throw new AppError('FILE_EMPTY');
      if (numbers.size === 0)
        throw new AppError('CAMPAIGN_LIST_INVALID', {
          message: `No number in this file could be read (${invalid} invalid): write numbers with their country code, e.g. +91 98765 43210`,
        });
      const name =
        path
          .basename(file.fileName)
          .replace(/\.csv$/i, '')
          .slice(0, 100) || 'List';
      const all = [...numbers];
      const row = await db.transaction(async (tx) => {
        const [list] = await tx
          .insert(campaignLists)
          .values({
            enterpriseId: actor.enterpriseId,
            name,
            count: all.length,
            invalid,
            createdBy: actor.userId,
          })
          .returning();
        for (let start = 0; start < all.length; start += listLimits.insertBatch)
          await tx.execute(sql`INSERT INTO campaign_list_numbers (list_id, phone)
            SELECT ${list!.id}::uuid, unnest(${textArray(all.slice(start, start + listLimits.insertBatch))}::text[])`);
        return list!;
      });
      return { list: toList(row) };
    },
  };
}
export type CampaignLists = ReturnType<typeof createCampaignLists>;
