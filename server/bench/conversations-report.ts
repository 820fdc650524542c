import { fileURLToPath } from 'node:url';
import { runBenchScript } from './bench-child';
import type { BroadcastBench } from './broadcast';
import type { BotLevel, ConversationsBench } from './conversations';

/** The goals of issue 18: at least 200 answers a second with p99 within 250 ms. */
export const BOT_GOALS = { answersPerSecond: 200, p99Ms: 250 } as const;
/** The list's p50 and p99 at most three times the indexed GET's. */
export const LIST_GOAL_RATIO = 3;

/**
 * Runs `bench/conversations.ts` in its own process (it starts its own server processes, fake vendor
 * and database) and reads its JSON line; `pgAdminUrl` is where it makes its database.
 */
export function measureConversations(pgAdminUrl: string): ConversationsBench | { skipped: string } {
  return runBenchScript(fileURLToPath(new URL('./conversations.ts', import.meta.url)), 'conversations', pgAdminUrl);
}

const fmt = (n: number) => n.toLocaleString('en-US');
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
const times = (ratio: number) => `${ratio < 10 ? ratio.toFixed(2) : ratio.toFixed(1)}×`;

function levelRow(level: BotLevel): string[] {
  const cpu =
    `CPU per answer: server ${level.serverCpuMs} ms` +
    (level.databaseCpuMs === null ? '' : `, database ${level.databaseCpuMs} ms`);
  return [
    `Offered ${fmt(level.offeredRate)}/s: ${fmt(level.messages)} messages, ${fmt(level.answered)} answered in ${level.seconds} s`,
    `${fmt(level.answersPerSecond)}/s, p50 ${ms(level.p50Ms)}, p99 ${ms(level.p99Ms)} (max ${ms(level.maxMs)}); ` +
      `webhook answered p50 ${ms(level.webhookP50Ms)}, p99 ${ms(level.webhookP99Ms)}; ${cpu}`,
    'reported',
  ];
}

function botTable(result: ConversationsBench, broadcast: BroadcastBench | { skipped: string } | undefined): string[] {
  const { bot } = result;
  const best = bot.best;
  const met = best !== null && best.answersPerSecond >= BOT_GOALS.answersPerSecond;
  const ingest = bot.statusIngest;
  const rows = [
    [
      `Inbound messages answered by the NLP bot per second, webhook in to reply out at the fake Cloud API: the best level whose p99 ≤ ${BOT_GOALS.p99Ms} ms`,
      best
        ? `**${fmt(best.answersPerSecond)}/s** (offered ${fmt(best.offeredRate)}/s; p50 ${ms(best.p50Ms)}, p99 ${ms(best.p99Ms)})`
        : `**none** of the levels (lowest: p99 ${ms(bot.levels[0]?.p99Ms ?? 0)})`,
      `≥ ${BOT_GOALS.answersPerSecond}/s with p99 ≤ ${BOT_GOALS.p99Ms} ms: ${verdict(met)}`,
    ],
    [
      `Status callbacks stored per second on the same server, right after: sent, delivered and read for ${fmt(ingest.messages)} of the bot's replies, ${ingest.concurrency} in flight`,
      `**${fmt(ingest.rate)}/s** (${fmt(ingest.callbacks)} in ${ingest.seconds} s; answers p50 ${ms(ingest.p50Ms)}, p99 ${ms(ingest.p99Ms)})`,
      'reported beside the bot',
    ],
    ...(broadcast && !('skipped' in broadcast)
      ? [
          [
            `Status-callback capacity of the broadcast step of this run (its best level, ${broadcast.webhooks.concurrency} in flight)`,
            `${fmt(broadcast.webhooks.rate)}/s`,
            'reported beside the bot',
          ],
        ]
      : []),
    ...bot.levels.map(levelRow),
  ];
  return ['| Figure | Measured | Goal |', '|---|---|---|', ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

function listTable(result: ConversationsBench): string[] {
  const { list } = result;
  const item = list.item;
  const cpu = (figure: ConversationsBench['list']['item']) =>
    `${fmt(figure.serverCpuMicros)} + ${figure.databaseCpuMicros === null ? '?' : fmt(figure.databaseCpuMicros)} µs`;
  const rows = [
    `| \`GET /api/admin/outbox/:id\` (the indexed GET: 1×) | | ${fmt(item.requestsPerSecond)} | ${ms(item.p50Ms)} | ${ms(item.p99Ms)} | 1× | 1× | ${cpu(item)} | |`,
    ...list.views.map((view) => {
      const met = view.p50Ratio <= LIST_GOAL_RATIO && view.p99Ratio <= LIST_GOAL_RATIO;
      return (
        `| \`GET ${view.path}\`${view.view === 'mine' ? ' (the console’s default)' : ''} | ${fmt(view.matches)} | ` +
        `${fmt(view.load.requestsPerSecond)} | ${ms(view.load.p50Ms)} | ${ms(view.load.p99Ms)} | ` +
        `**${times(view.p50Ratio)}** | **${times(view.p99Ratio)}** | ${cpu(view.load)} | ≤ ${LIST_GOAL_RATIO}×: ${verdict(met)} |`
      );
    }),
  ];
  return [
    '| Request | Match | req/s | p50 | p99 | p50 ÷ indexed GET | p99 ÷ indexed GET | CPU per request: server + database | Goal |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
  ];
}

export function conversationsSection(
  result: ConversationsBench | { skipped: string },
  broadcast?: BroadcastBench | { skipped: string },
): string {
  const title = '### Conversations (issue 18)';
  if ('skipped' in result) return `${title}\n\nSkipped: ${result.skipped}`;
  const { bot, list } = result;
  const seed = list.seed;
  const seconds = Object.entries(seed.seconds)
    .map(([name, value]) => `${value.toFixed(1)} s (${name})`)
    .join(' + ');
  const plans = list.views.flatMap((view) => [
    '',
    `EXPLAIN ANALYZE of the page query, view \`${view.view}\`:`,
    '',
    '```',
    ...view.plan,
    '```',
  ]);
  return [
    title,
    '',
    'PostgreSQL only. Parley as a real server process on a fresh database, a Meta channel pointed at the load fake ' +
      '(`server/test/fake-vendors/meta-load.ts`, its own process, which posts the customers’ messages and times the replies), ' +
      'driven by `server/bench/conversations.ts`. ' +
      `Load average ${bot.loadAverage[0]} at the bot's start, ${bot.loadAverage[1]} at its end.`,
    '',
    ...botTable(result, broadcast),
    '',
    `The bot's replies as stored: ${bot.replies.map((reply) => `“${reply.text}” × ${fmt(reply.count)}`).join(', ')}.`,
    ...(bot.profile ? ['', '```', ...bot.profile, '```'] : []),
    '',
    `Conversation list: ${fmt(seed.conversations)} conversations and ${fmt(seed.messages)} messages in one enterprise ` +
      `(${fmt(seed.customers)} customers, ${fmt(seed.participants)} owners, ${seed.departments} departments of ` +
      `${seed.agents / seed.departments} agents; a second enterprise, the bot's, beside it), seeded in ${seconds}. ` +
      `An agent of one department signed in; ${list.settings.connections} connections, ${list.settings.warmUpSeconds} s warm-up, ` +
      `${list.settings.durationSeconds} s measured, each view right after the indexed GET of the same server; ` +
      `p50 and p99 from autocannon's time of every response. ${list.database}; ` +
      `load average ${list.loadAverage[0]} at the seeding's start, ${list.loadAverage[1]} at the end.`,
    '',
    ...listTable(result),
    ...(list.profile ? ['', '```', ...list.profile, '```'] : []),
    ...plans,
    '',
    'EXPLAIN ANALYZE of the live chat counts the list answers beside its page:',
    '',
    '```',
    ...list.countsPlan,
    '```',
  ].join('\n');
}
