import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenchScript } from './bench-child';
import type { CampaignAudienceBench } from './campaign-audience';
import type { CampaignSendBench } from './campaign-send';

export interface CampaignBench {
  audience: CampaignAudienceBench | { skipped: string };
  send: CampaignSendBench | { skipped: string };
}

/**
 * Runs `bench/campaign-audience.ts` and then `bench/campaign-send.ts`, each in its own process on a
 * database of its own in `pgAdminUrl`, and reads their JSON lines.
 */
export function measureCampaigns(pgAdminUrl: string): CampaignBench {
  const script = (name: string) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  return {
    audience: runBenchScript<CampaignAudienceBench>(script('campaign-audience'), 'campaignAudience', pgAdminUrl),
    send: runBenchScript<CampaignSendBench>(script('campaign-send'), 'campaignSend', pgAdminUrl),
  };
}

const fmt = (n: number) => n.toLocaleString('en-US');
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

/** The markdown section of docs/benchmarks.md. */
export function campaignsSection(result: CampaignBench): string {
  const lines = ['### Campaigns (issue 21)', ''];
  const { audience, send } = result;
  if ('skipped' in audience) lines.push(`Audience: skipped: ${audience.skipped}`, '');
  else {
    const excluded = Object.entries(audience.excluded)
      .filter(([, count]) => count > 0)
      .map(([reason, count]) => `${reason} ${fmt(count)}`)
      .join(', ');
    lines.push(
      `Audience of ${fmt(audience.customers)} customers on a fresh PostgreSQL database (seeded in ${audience.seedSeconds} s; ` +
        'two segments, a group, a number filter and a multi-select filter, with the blacklist, opt-outs and a ' +
        "frequency cap of one a day), resolved by `resolveInto` into one run broadcast's recipients by " +
        '`server/bench/campaign-audience.ts`; the baseline is a bare `INSERT … SELECT` of the same rows into the same ' +
        `table, medians of ${audience.rounds} alternating rounds, each rolled back. ` +
        `Load average ${audience.loadAverage[0]} at its start, ${audience.loadAverage[1]} at its end.`,
      '',
      '| Figure | Measured | Goal |',
      '|---|---:|---|',
      `| Resolving the audience: rows written (targeted ${fmt(audience.targeted)}, sendable ${fmt(audience.sendable)}; excluded: ${excluded || 'none'}) | **${audience.resolveSeconds} s** for ${fmt(audience.rowsWritten)} rows (${fmt(audience.resolveRowsPerSecond)} rows/s) | reported |`,
      `| Bare \`INSERT … SELECT\` of the same ${fmt(audience.rowsWritten)} rows | ${audience.bareInsertSeconds} s (${fmt(audience.bareRowsPerSecond)} rows/s) | baseline |`,
      `| Resolve rows/s / bare rows/s | **${audience.ratio.toFixed(3)}** | ≥ ${audience.goal}: ${verdict(audience.met)} |`,
      `| The editor's live count of the same audience (one COUNT query) | ${audience.liveCount.seconds} s (sendable ${fmt(audience.liveCount.sendable)}) | reported |`,
      '',
    );
  }
  if ('skipped' in send) lines.push(`Send rate: skipped: ${send.skipped}`);
  else
    lines.push(
      `Send rate, black-box as the broadcast bench (\`server/bench/campaign-send.ts\`: a real server process, pacing off, ` +
        `the Meta load fake in its own process): in the same server, a plain broadcast of ${fmt(send.recipients)} numbers, ` +
        `then a campaign on a segment of ${fmt(send.recipients)} customers, made by one administrator and approved and ` +
        "started by another through the API (schedule 'now', click tracking on). Its run's 'main' broadcast goes " +
        `through the campaign send guard with a frequency cap of 5 a day (nobody reached it: ${fmt(send.campaign.capped)} capped, ` +
        `${fmt(send.campaign.sendLogRows)} send-log rows written) and quiet hours ${send.quietHours} (not in force during the run). ` +
        `Load average ${send.loadAverage[0]} at its start, ${send.loadAverage[1]} at its end.`,
      '',
      '| Figure | Measured | Goal |',
      '|---|---:|---|',
      `| Campaign run, messages/s, ${fmt(send.recipients)} recipients, pacing off (the vendor's view, first to last request) | **${fmt(send.campaign.vendorRate)}/s** (${send.campaign.sendSeconds} s) | ≥ ${fmt(send.goal)}/s: ${verdict(send.met)} |`,
      `| Plain broadcast in the same server, messages/s | ${fmt(send.broadcast.vendorRate)}/s (${send.broadcast.sendSeconds} s) | baseline |`,
      `| Campaign / plain broadcast | **${send.ratio.toFixed(3)}** | reported |`,
      `| Campaign: POST …/start to the first message; recipients/s start to COMPLETED | ${send.campaign.startToFirstSendSeconds} s; ${fmt(send.campaign.endToEndRate)}/s | reported |`,
    );
  return lines.join('\n').trimEnd();
}

// Alone: `cd server && npx tsx bench/campaign-report.ts` prints the section.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pgAdminUrl =
    process.env.PARLEY_BENCH_PG_URL ?? process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const result = measureCampaigns(pgAdminUrl);
  process.stdout.write(`${JSON.stringify(result)}\n\n${campaignsSection(result)}\n`);
}
