import type { RealtimeBench, RealtimeSide } from './realtime';

/** The goals of issue 18's realtime figure. */
export const REALTIME_GOALS = {
  /** Agent consoles connected to one server process. */
  consoles: 5_000,
  /** Server memory per connected console, KB (1024 bytes). */
  kbPerConsole: 50,
  /** From a customer message arriving to its event on a watching console, ms. */
  p99Ms: 100,
  /** bare ws p99 / Parley p99: Parley's p99 at most twice bare ws's. */
  ratio: 0.5,
} as const;

/** The Method paragraph of docs/benchmarks.md for this figure. */
export const REALTIME_METHOD = `**Realtime** (issue 18). \`server/bench/realtime.ts\`, in its own process, black-box: Parley as a
real server process (\`src/main.ts\`) on a fresh PostgreSQL database, preloaded with
\`server/bench/server-probe.ts\` (on a signal it collects garbage and reports its heap, or starts and
stops a CPU profile), and the bench process holding the agent consoles as \`ws\` clients.
\`PARLEY_BENCH_REALTIME_CONSOLES\` agents (role Handle Chats) of one department get a session each
(written to the database); a Meta channel (on the fake Cloud API) gets a Chat Config that sends
its chats to that department's people with no bot and no automatic notice, and ten of the agents are
online, so chats are assigned. Every console opens \`/api/ws\` with its token as the web app does
and sends \`resume\` with the topics \`GET /api/conversations/agent-status\` gives (its department's
queue and the chats of no department) until \`ready\`. The server's RSS (\`/proc/<pid>/status\`) and
heap, after a forced collection, before and after, divided by the consoles, is the memory per console
(goal ≤ 50 KB); again after the messages. \`PARLEY_BENCH_REALTIME_CUSTOMERS\` customers open their
chats (one message each, not measured; the bench waits until the server is idle again), then write
\`PARLEY_BENCH_REALTIME_RATE\` messages a second for \`PARLEY_BENCH_REALTIME_SECONDS\`, in turn, each a
webhook signed with the app secret, sent on a schedule (a slow answer does not delay the next).
\`PARLEY_BENCH_REALTIME_SAMPLE\` consoles spread over the connection order parse their frames; the
time from each POST to its \`conversation.updated\` (matched by the message's text) on each of them
gives p50 and p99 (goal ≤ 100 ms); every console counts its events, so a lost one shows. The
baseline in the same run: bare \`ws\` on \`node:http\` (\`server/bench/bare-ws-server.ts\`, its own
process, the same probe) holding as many sockets, told by an HTTP POST to send Parley's payload
with the same text, serialised once and sent to every socket, measured the same way; the ratio is
bare p99 / Parley p99 (goal ≥ 0.5). Every message reaches every console, so the default rate (2 a
second: 10,000 frames a second for 5,000 consoles) stays well under what bare \`ws\` sustains on the
bench machine; at 20 a second bare \`ws\` fell behind too and the figure measured a queue.
\`PARLEY_BENCH_REALTIME_PROFILE=1\` CPU-profiles both servers during the measured messages.`;

const fmt = (n: number) => n.toLocaleString('en-US');
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

const latencyText = (side: RealtimeSide) =>
  `p50 ${side.latency.p50} ms, p99 ${side.latency.p99} ms, max ${side.latency.max} ms ` +
  `(to the first sampled console: p50 ${side.latency.first.p50} ms, p99 ${side.latency.first.p99} ms)`;

const memoryText = (side: RealtimeSide) =>
  `**${side.memory.rssPerConsoleKb} KB** RSS (heap ${side.memory.heapPerConsoleKb} KB; ` +
  `RSS ${side.memory.rssMb[0]} → ${side.memory.rssMb[1]} MB, heap ${side.memory.heapMb[0]} → ${side.memory.heapMb[1]} MB)`;

export function realtimeSection(result: RealtimeBench | { skipped: string }): string {
  const title = '### Realtime (issue 18)';
  if ('skipped' in result) return `${title}\n\nSkipped: ${result.skipped}`;
  const { parley, bare } = result;
  const goals = REALTIME_GOALS;
  const allHeard = parley.delivered === parley.expected;
  const rows = [
    [
      'Agent consoles connected to one server process, each subscribed to its queues',
      `**${fmt(result.consoles)}** (in ${parley.connectSeconds} s)`,
      `≥ ${fmt(goals.consoles)}: ${verdict(result.consoles >= goals.consoles)}`,
    ],
    [
      'Server memory per console: growth from none to all connected ÷ consoles, after a forced collection',
      memoryText(parley),
      `≤ ${goals.kbPerConsole} KB: ${verdict(parley.memory.rssPerConsoleKb <= goals.kbPerConsole)}`,
    ],
    [
      `The same after the ${fmt(result.messages)} measured messages`,
      `RSS ${parley.memory.rssPerConsoleAfterKb} KB, heap ${parley.memory.heapPerConsoleAfterKb} KB`,
      'reported',
    ],
    [
      `Customer webhook POST → \`conversation.updated\` on a watching console (${result.sampled} sampled of ${fmt(result.consoles)}, ${result.rate} messages/s for ${fmt(result.messages)} messages)`,
      `**p99 ${parley.latency.p99} ms** (${latencyText(parley)})`,
      `≤ ${goals.p99Ms} ms: ${verdict(parley.latency.p99 <= goals.p99Ms)}`,
    ],
    [
      'Bare ws p99 / Parley p99 (the same sockets, events and timing)',
      `**${result.ratio.toFixed(2)}** (bare ws: ${latencyText(bare)})`,
      `≥ ${goals.ratio}: ${verdict(result.ratio >= goals.ratio)}`,
    ],
    ['Bare ws memory per socket, for comparison', memoryText(bare).replaceAll('**', ''), 'reported'],
    [
      'Events delivered during the measured messages: Parley; bare ws',
      `${fmt(parley.delivered)} of ${fmt(parley.expected)}; ${fmt(bare.delivered)} of ${fmt(bare.expected)}`,
      allHeard ? 'all' : 'EVENTS LOST',
    ],
    [
      `Server busy after ${result.customers} new chats joined the queue (the live counts of every agent of the department), from their last event until idle`,
      `${parley.settleSeconds} s (the last half second of it idle)`,
      'reported',
    ],
    [
      'CPU seconds over the measured messages: server; consoles (the bench process)',
      `Parley ${parley.cpu.server}; ${parley.cpu.consoles} — bare ws ${bare.cpu.server}; ${bare.cpu.consoles} (${parley.cpu.seconds} s)`,
      'reported',
    ],
  ];
  return [
    title,
    '',
    'Parley as a real server process on a fresh PostgreSQL database, the consoles as `ws` clients of ' +
      '`server/bench/realtime.ts` (one process), customer messages as signed Meta webhooks; bare `ws` ' +
      `(\`server/bench/bare-ws-server.ts\`) in the same run. Frames of ${fmt(result.frameBytes)} bytes; topics ` +
      `${result.topics.map((topic) => `\`${topic}\``).join(', ')}. Open files allowed: ${fmt(result.openFilesLimit)}. ` +
      `Load average ${result.loadAverage[0]} at its start, ${result.loadAverage[1]} at its end.`,
    '',
    '| Figure | Measured | Goal |',
    '|---|---:|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    ...(result.profile ? ['', '```', ...result.profile, '```'] : []),
  ].join('\n');
}
