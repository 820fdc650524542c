import type { z } from 'zod';
import {
  exclusionLabels,
  type CampaignFunnel,
  type CampaignRecipientRow,
  type CampaignStats,
  type CampaignStatus,
  type campaignRoutes,
  type ExclusionReason,
} from '@parley/contracts/campaigns';
import { AppError } from '../../../platform/errors';
import { csvLine } from '../../../platform/csv-cells';
import { callingCodes, currencySymbolOf } from '../../../platform/messaging/dial-codes';
import {
  recipientStatuses,
  type BlockedRow,
  type GroupRow,
  type Rate,
  type RecipientDbRow,
  type RecipientFilter,
  type ReportRepository,
  type RunRow,
} from './report.repository';

type RecipientsQuery = z.output<NonNullable<(typeof campaignRoutes)['recipients']['query']>>;
type ReportQuery = z.output<NonNullable<(typeof campaignRoutes)['report']['query']>>;
type PageQuery = z.output<NonNullable<(typeof campaignRoutes)['externalReport']['query']>>;

export const reportTexts = {
  status: `Choose a status: ${recipientStatuses.join(', ')}`,
  externalOff:
    'External campaigns are not recorded for your enterprise: turn on Record External Campaigns in Enterprise Details',
} as const;

/** Rows per query while exporting (keyset pages: memory stays one page whatever the campaign's size). */
export const EXPORT_PAGE_SIZE = 500;

export const csvHeader = [
  'Phone',
  'Name',
  'Variant',
  'Status',
  'Status Time',
  'Error',
  'Replied',
  'Clicked',
  'Fallback',
] as const;

/**
 * Codes of blocked rows as exclusion reasons: the pipeline blocks with 'opted_out' at send time,
 * the campaign's audience with contracts' 'optedOut'; both are one reason.
 */
const reasonOf = (code: string): string => (code === 'opted_out' ? 'optedOut' : code);

const round2 = (value: number) => Math.round(value * 100) / 100;

function emptyFunnel(currencySymbol: string): CampaignFunnel {
  return {
    targeted: 0,
    excluded: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    replied: 0,
    clicked: 0,
    failed: 0,
    pending: 0,
    waitingQuietHours: 0,
    fallbackSent: 0,
    fallbackDelivered: 0,
    cost: 0,
    currencySymbol,
  };
}

/** Adds a group of main rows: targeted counts every row (blocked ones are the excluded). */
function addGroup(funnel: CampaignFunnel, group: GroupRow) {
  funnel.targeted += group.rows;
  funnel.excluded += group.blocked;
  funnel.sent += group.sent;
  funnel.delivered += group.delivered;
  funnel.read += group.read;
  funnel.replied += group.replied;
  funnel.clicked += group.clicked;
  funnel.failed += group.failed;
  funnel.pending += group.pending;
  funnel.waitingQuietHours += group.waitingQuietHours;
  funnel.fallbackSent += group.fallbackSent;
  funnel.fallbackDelivered += group.fallbackDelivered;
  funnel.cost = round2(funnel.cost + group.cost);
}

function addExtra(funnel: CampaignFunnel, extra: number) {
  funnel.targeted += extra;
  funnel.excluded += extra;
}

/**
 * Exclusions of runs. A run's audience may leave its excluded recipients out of the outbox and
 * count them in campaign_runs.excluded, or write them as 'blocked' rows with the reason as
 * error_code, or both: per run and reason the larger of the two counts them once either way.
 * `extra` is what the count holds beyond the rows (it adds to targeted and excluded); blocked rows
 * of no run count as they are. A variant's funnel has rows only (the count is not per variant).
 */
function exclusions(runs: readonly RunRow[], blocked: readonly BlockedRow[]) {
  const rowsByRun = new Map<string | null, Map<string, number>>();
  for (const row of blocked) {
    const reasons = rowsByRun.get(row.runId) ?? new Map<string, number>();
    const reason = reasonOf(row.code);
    reasons.set(reason, (reasons.get(reason) ?? 0) + row.count);
    rowsByRun.set(row.runId, reasons);
  }
  const excludedBy: Record<string, number> = {};
  const add = (reason: string, count: number) => {
    if (count > 0) excludedBy[reason] = (excludedBy[reason] ?? 0) + count;
  };
  const extraByRun = new Map<string, number>();
  for (const run of runs) {
    const rows = rowsByRun.get(run.id) ?? new Map<string, number>();
    rowsByRun.delete(run.id);
    let extra = 0;
    const reasons = new Set([...rows.keys(), ...Object.keys(run.excluded).map(reasonOf)]);
    for (const reason of reasons) {
      const counted = Object.entries(run.excluded)
        .filter(([key]) => reasonOf(key) === reason)
        .reduce((sum, [, count]) => sum + (Number(count) || 0), 0);
      const written = rows.get(reason) ?? 0;
      add(reason, Math.max(counted, written));
      extra += Math.max(0, counted - written);
    }
    extraByRun.set(run.id, extra);
  }
  // Rows of runs not asked for never reach here (the statement filters by run); rows of no run count.
  for (const reasons of rowsByRun.values()) for (const [reason, count] of reasons) add(reason, count);
  return { excludedBy, extraByRun };
}

function statusOf(state: string, messageStatus: string | null): string {
  if (state === 'blocked') return 'excluded';
  if (state === 'failed') return 'failed';
  // A stopped campaign's rows that were never sent: targeted, and nothing after.
  if (state === 'cancelled') return 'cancelled';
  if (state !== 'accepted') return 'pending';
  if (messageStatus === 'failed') return 'failed';
  if (messageStatus === 'read') return 'read';
  if (messageStatus === 'delivered') return 'delivered';
  return 'sent';
}

const joinError = (code: string | null, text: string | null) =>
  code || text ? [code, text].filter(Boolean).join(': ') : null;

function toRow(row: RecipientDbRow): CampaignRecipientRow {
  const status = statusOf(row.state, row.messageStatus);
  let error: string | null = null;
  if (status === 'excluded') {
    const reason = reasonOf(row.errorCode ?? '');
    error = exclusionLabels[reason as ExclusionReason] ?? (row.errorText || row.errorCode);
  } else if (row.state === 'failed') error = joinError(row.errorCode, row.errorText);
  else if (status === 'failed') error = joinError(row.messageErrorCode, row.messageErrorText);
  const statusTime = row.state === 'accepted' ? row.statusAt : status === 'pending' ? null : row.sentAt;
  return {
    phone: row.phone,
    name: row.name,
    variant: row.variant,
    status,
    statusTime: statusTime ? statusTime.toISOString() : null,
    error,
    replied: row.repliedAt !== null,
    clicked: row.clicked,
    fallback: row.fallbackState ? statusOf(row.fallbackState, row.fallbackStatus) : null,
  };
}

function csvRow(row: CampaignRecipientRow): string {
  return csvLine([
    row.phone,
    row.name,
    row.variant,
    row.status,
    row.statusTime,
    row.error,
    row.replied ? 'Yes' : 'No',
    row.clicked ? 'Yes' : 'No',
    row.fallback,
  ]);
}

/**
 * The campaign report (issue 21 item 4): the funnel targeted → excluded → sent → delivered → read
 * → replied → clicked per campaign, run and variant, failures by error, fallbacks, cost from the
 * rate card, a daily series in the enterprise's timezone, clicks by address, the recipient table
 * and its CSV, and the external campaigns' report. Attribution rules: report.repository.ts.
 */
export function createCampaignReportService(deps: { repository: ReportRepository; now?: () => Date }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function pricing(enterpriseId: string): Promise<{ rates: Rate[]; currencySymbol: string }> {
    const card = await repository.rateCard(enterpriseId);
    return {
      rates: card.rates.filter((rate) => callingCodes.has(rate.country)),
      currencySymbol: currencySymbolOf(card.currency),
    };
  }

  async function owned(enterpriseId: string, id: string) {
    const campaign = await repository.campaign(enterpriseId, id);
    if (!campaign) throw new AppError('NOT_FOUND');
    return campaign;
  }

  function recipientFilter(enterpriseId: string, id: string, query: Omit<RecipientsQuery, 'from' | 'perPage'>) {
    const status = query.status?.trim().toLowerCase() || undefined;
    if (status && !(recipientStatuses as readonly string[]).includes(status))
      throw new AppError('VALIDATION', { message: reportTexts.status, fieldErrors: { status: reportTexts.status } });
    const digits = query.search.replace(/\D/g, '');
    const filter: RecipientFilter = {
      enterpriseId,
      campaignId: id,
      ...(query.runId ? { runId: query.runId } : {}),
      ...(status ? { status } : {}),
      // A search without any digit matches no number.
      ...(query.search ? { digits: digits || query.search } : {}),
    };
    return filter;
  }

  return {
    async list(enterpriseId: string, query: ReportQuery) {
      const page = await repository.campaignPage(enterpriseId, query.search, query.from, query.perPage);
      const shown = page.slice(0, query.perPage);
      const campaignIds = shown.map((campaign) => campaign.id);
      const { rates, currencySymbol } = await pricing(enterpriseId);
      const [{ groups, blocked }, runs] = await Promise.all([
        repository.groups(enterpriseId, campaignIds, rates),
        repository.runs(campaignIds),
      ]);
      return {
        campaigns: shown.map((campaign) => {
          const funnel = emptyFunnel(currencySymbol);
          for (const group of groups) if (group.campaignId === campaign.id) addGroup(funnel, group);
          const { extraByRun } = exclusions(
            runs.filter((run) => run.campaignId === campaign.id),
            blocked.filter((row) => row.campaignId === campaign.id),
          );
          for (const extra of extraByRun.values()) addExtra(funnel, extra);
          return {
            campaignId: campaign.id,
            name: campaign.name,
            status: campaign.status as CampaignStatus,
            lastRunAt: campaign.lastRunAt ? campaign.lastRunAt.toISOString() : null,
            funnel,
          };
        }),
        more: page.length > query.perPage,
      };
    },

    async stats(enterpriseId: string, id: string, runId?: string): Promise<CampaignStats> {
      // Independent reads in one round: nothing is answered before the campaign is found owned.
      const [campaign, runs, { rates, currencySymbol }, settings] = await Promise.all([
        owned(enterpriseId, id),
        repository.runs([id], runId),
        pricing(enterpriseId),
        repository.enterprise(enterpriseId),
      ]);
      if (runId && runs.length === 0) throw new AppError('NOT_FOUND');
      const [rows, clicksByUrl] = await Promise.all([
        repository.stats(enterpriseId, id, runId, rates, settings.timezone),
        repository.clicksByUrl(enterpriseId, id, runId),
      ]);
      const { excludedBy, extraByRun } = exclusions(runs, rows.blocked);

      const funnel = emptyFunnel(currencySymbol);
      for (const group of rows.groups) addGroup(funnel, group);
      for (const extra of extraByRun.values()) addExtra(funnel, extra);

      const variants = new Map<string, { label: string; templateName: string; funnel: CampaignFunnel }>();
      for (const group of rows.groups) {
        const label = group.variant ?? '';
        const variant = variants.get(label) ?? {
          label,
          templateName: group.templateName,
          funnel: emptyFunnel(currencySymbol),
        };
        addGroup(variant.funnel, group);
        variants.set(label, variant);
      }

      return {
        campaignId: campaign.id,
        name: campaign.name,
        funnel,
        excludedBy,
        failedBy: rows.failed,
        variants: [...variants.values()].sort((a, b) => a.label.localeCompare(b.label)),
        runs: runs.map((run) => {
          const runFunnel = emptyFunnel(currencySymbol);
          for (const group of rows.groups) if (group.runId === run.id) addGroup(runFunnel, group);
          addExtra(runFunnel, extraByRun.get(run.id) ?? 0);
          return { id: run.id, occurrence: run.occurrence.toISOString(), state: run.state, funnel: runFunnel };
        }),
        daily: rows.daily,
        clicksByUrl,
      };
    },

    async recipients(enterpriseId: string, id: string, query: RecipientsQuery) {
      await owned(enterpriseId, id);
      const filter = recipientFilter(enterpriseId, id, query);
      const rows = await repository.recipients(filter, { from: query.from, limit: query.perPage + 1 });
      return { recipients: rows.slice(0, query.perPage).map(toRow), more: rows.length > query.perPage };
    },

    /**
     * Every recipient row of the table's filter as CSV, read a page at a time as the response is
     * written. The campaign and the filter are checked before the first byte (404 / 400).
     */
    async exportCsv(
      enterpriseId: string,
      id: string,
      query: Omit<RecipientsQuery, 'from' | 'perPage'>,
    ): Promise<{ fileName: string; lines: () => AsyncGenerator<string> }> {
      await owned(enterpriseId, id);
      const filter = recipientFilter(enterpriseId, id, query);
      const fileName = `campaign-report-${id.slice(0, 8)}-${now().toISOString().slice(0, 10)}.csv`;
      async function* lines() {
        yield csvLine(csvHeader);
        for (const broadcastId of await repository.mainBroadcasts(enterpriseId, id, filter.runId)) {
          let afterPhone = '';
          for (;;) {
            const rows = await repository.recipients(filter, { broadcastId, afterPhone, limit: EXPORT_PAGE_SIZE });
            if (rows.length > 0) yield rows.map((row) => csvRow(toRow(row))).join('');
            if (rows.length < EXPORT_PAGE_SIZE) break;
            afterPhone = rows.at(-1)!.phone;
          }
        }
      }
      return { fileName, lines };
    },

    /** Broadcasts other systems sent under a campaign id of theirs; only while the enterprise records them. */
    async external(enterpriseId: string, query: PageQuery) {
      const settings = await repository.enterprise(enterpriseId);
      if (!settings.recordExternalCampaigns) throw new AppError('NOT_FOUND', { message: reportTexts.externalOff });
      const { rates, currencySymbol } = await pricing(enterpriseId);
      const rows = await repository.externalPage(enterpriseId, query.from, query.perPage, rates);
      return {
        campaigns: rows.slice(0, query.perPage).map((row) => ({
          externalId: row.externalId,
          broadcasts: row.broadcasts,
          lastSentAt: row.lastSentAt ? row.lastSentAt.toISOString() : null,
          funnel: {
            ...emptyFunnel(currencySymbol),
            targeted: row.rows,
            excluded: row.blocked,
            sent: row.sent,
            delivered: row.delivered,
            read: row.read,
            replied: row.replied,
            failed: row.failed,
            pending: row.pending,
            cost: round2(row.cost),
          },
        })),
        more: rows.length > query.perPage,
      };
    },
  };
}
export type CampaignReportService = ReturnType<typeof createCampaignReportService>;
