import { fileURLToPath } from 'node:url';
import { runBenchScript } from './bench-child';
import type { BroadcastBench } from './broadcast';

/** The goals of issue 8's figures. */
export const BROADCAST_GOALS = {
  /** Messages per second with pacing off: Meta's highest tier, so Parley is never the bottleneck. */
  messagesPerSecond: 1_000,
  /** Achieved / configured rate at 80/s. */
  pacingRatio: 0.95,
  /** Calendar seconds over the configured rate. */
  secondsOver: 0,
  /** Status callbacks stored per second as a multiple of the send rate (sent, delivered, read). */
  webhookRatio: 3,
} as const;

/**
 * Runs `bench/broadcast.ts` in its own process (it starts its own server process, fake vendor
 * and database) and reads its JSON line; `pgAdminUrl` is where it makes its database.
 */
export function measureBroadcast(pgAdminUrl: string): BroadcastBench | { skipped: string } {
  return runBenchScript(fileURLToPath(new URL('./broadcast.ts', import.meta.url)), 'broadcast', pgAdminUrl);
}

const fmt = (n: number) => n.toLocaleString('en-US');
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

export function broadcastSection(result: BroadcastBench | { skipped: string }): string {
  const title = '### Broadcast (issue 8)';
  if ('skipped' in result) return `${title}\n\nSkipped: ${result.skipped}`;
  const { throughput, webhooks, pacing } = result;
  const goals = BROADCAST_GOALS;
  const rows = [
    [
      `Messages/s, ${fmt(result.recipients)} recipients, pacing off (the vendor's view, first to last request)`,
      `**${fmt(throughput.vendorRate)}/s** (${throughput.sendSeconds} s)`,
      `≥ ${fmt(goals.messagesPerSecond)}/s: ${verdict(throughput.vendorRate >= goals.messagesPerSecond)}`,
    ],
    [
      'Recipients/s end to end (POST /api/broadcasts until COMPLETED)',
      `${fmt(throughput.endToEndRate)}/s (POST ${throughput.postSeconds} s)`,
      'reported',
    ],
    [
      `Pacing at ${pacing.configured}/s: seconds in which the vendor saw more than ${pacing.configured}`,
      `**${pacing.secondsOver}** (busiest second: ${pacing.busiestSecond})`,
      `${goals.secondsOver}: ${verdict(pacing.secondsOver <= goals.secondsOver)}`,
    ],
    [
      `Pacing at ${pacing.configured}/s: achieved / configured (${fmt(pacing.recipients)} messages in ${pacing.seconds} s)`,
      `**${pacing.ratio.toFixed(3)}** (${pacing.achievedRate}/s)`,
      `≥ ${goals.pacingRatio}: ${verdict(pacing.ratio >= goals.pacingRatio)}`,
    ],
    [
      `Status callback capacity / messages/s: the best rate of callbacks stored (one status each) whose median answer stays under ${webhooks.medianLimitMs} ms` +
        (webhooks.concurrency ? ` (${webhooks.concurrency} in flight)` : ''),
      `**${webhooks.ratio.toFixed(2)}×** (${fmt(webhooks.rate)}/s)`,
      `≥ ${goals.webhookRatio}×: ${verdict(webhooks.ratio >= goals.webhookRatio)}`,
    ],
    ...webhooks.levels.map((level) => [
      `Status callbacks, ${level.concurrency} in flight (${fmt(level.callbacks)} for ${fmt(level.callbacks / 3)} messages not touched before)`,
      `${fmt(level.rate)}/s = ${level.ratio.toFixed(2)}× (answers p50 ${level.p50Ms} ms, p99 ${level.p99Ms} ms)`,
      'reported',
    ]),
  ];
  return [
    title,
    '',
    'Parley as a real server process on a fresh PostgreSQL database, a Meta channel pointed at the load fake ' +
      '(`server/test/fake-vendors/meta-load.ts`, its own process), driven through the HTTP API by `server/bench/broadcast.ts`. ' +
      `Load average ${result.loadAverage[0]} at its start, ${result.loadAverage[1]} at its end.`,
    '',
    '| Figure | Measured | Goal |',
    '|---|---:|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `Requests per calendar second at ${pacing.configured}/s: ${pacing.perSecond.join(', ')} (the first and last seconds are partial). ` +
      `Duplicates at the vendor with pacing off: ${fmt(throughput.duplicates)}.`,
    ...(result.profile ? ['', '```', ...result.profile, '```'] : []),
  ].join('\n');
}
