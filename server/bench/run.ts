import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle, measureServed } from './bundle-size';
import { customerImportSection, measureCustomerImport } from './customer-import-report';
import { broadcastSection, measureBroadcast } from './broadcast-report';
import { campaignsSection, measureCampaigns } from './campaign-report';
import { conversationsSection, measureConversations } from './conversations-report';
import { knowledgeSection, measureKnowledge } from './knowledge-report';
import { ingestSection, measureIngest } from './knowledge-ingest-report';
import { measureRealtime } from './realtime';
import { REALTIME_METHOD, realtimeSection } from './realtime-report';
import { renderResults, writeBenchmarksDoc, type HttpResults, type Machine } from './benchmarks-report';
import {
  measureHello,
  measureParleyOnPglite,
  measureParleyOnPostgres,
  type LoadSettings,
  type Measurement,
} from './http-throughput';

/**
 * `npm run bench`: every figure is a ratio against a baseline measured in the same run, so the
 * speed of the machine cancels out. Prints a table and rewrites the results in docs/benchmarks.md.
 */
const GOALS = {
  postgresShareOfBare: 0.1,
  loginPageJsGzipBytes: 150_000,
  shellJsGzipBytes: 250_000,
};

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const settings: LoadSettings = {
  connections: envNumber('PARLEY_BENCH_CONNECTIONS', 10),
  warmUpSeconds: envNumber('PARLEY_BENCH_WARMUP', 2),
  durationSeconds: envNumber('PARLEY_BENCH_DURATION', 8),
};
const importRows = envNumber('PARLEY_BENCH_IMPORT_ROWS', 1_000_000);
const pgAdminUrl =
  process.env.PARLEY_BENCH_PG_URL ?? process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const docFile = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
const ROUTE = '`GET /api/admin/audit-trail?perPage=20`';
const ITEM_ROUTE = '`GET /api/admin/outbox/:id`';

const INTRO = `# Benchmarks

\`npm run bench\` builds the web app, measures everything below in one run (about twenty-five
minutes on two cores, most of it seeding and loading databases), prints the tables and rewrites this
file under the marker line; the prose above the marker is kept. HTTP figures are ratios against
a baseline measured in the same run, so the speed of the machine cancels out; bundle figures are
gzip sizes.

## Method

**API throughput.** Baseline: a bare \`Fastify()\` whose one \`GET /hello\` answers
\`{ hello: 'world' }\`. Subject: the real app from the test harness (\`server/test/test-app.ts\` →
\`buildApp\`, logging off) on a fresh database: a copy of the migrated PGlite template, then a new
migrated PostgreSQL database (pool of 10, as \`main.ts\`). One enterprise gets 5,000 audit rows
and nine neighbours 5,000 each, interleaved in time (one \`INSERT … SELECT\`, then \`ANALYZE\`;
the plan of the list query is printed). Every enterprise also gets 5,000 mails in the outbox. An administrator
signs in through the real \`POST /api/account/login\` (captcha test seam) and two targets are
loaded in turn, with the \`authtoken\` header, on the production response serialiser:

- ${ITEM_ROUTE}: the indexed tenant-scoped GET of the goal — session check (cached), permission
  check, zod validation of the id, one primary-key lookup scoped to the enterprise, one mail
  serialised;
- ${ROUTE}: a heavier page — one indexed page query with a join, 20 entries serialised
  (reported, no goal).

Each server runs in its own Node process and autocannon in the bench process, so they never share
an event loop. Every target gets the same settings: a discarded warm-up, then the measured run.
The bare baseline runs first and last; their mean is the 100 %. One request is checked by hand
first (200; 20 entries and \`more: true\` for the page, a mail for the item); any non-2xx answer or socket error fails the run. Without
a reachable PostgreSQL its row says skipped. The server's CPU time per request (user + system of
the Node process; PostgreSQL's processes not counted) moves far less than req/s when other work
shares the cores; the load averages printed with the machine say whether it did.

**Customers list with a search term** (issue 6). The same two servers also hold customers: the
signed-in enterprise 1,000,000 and each of the nine neighbours 1 % of that, all in the one
\`customers\` table, whose trigram index covers every enterprise. \`server/bench/seed-customers.ts\`
drops the table's primary key, the foreign keys that point at it and its other indexes, writes
every customer with one \`INSERT … SELECT … FROM generate_series\` (a given name out of 130 and a
family name out of 250 from \`customer-names.ts\`, a unique valid Indian mobile \`+9198xxxxxxxx\`, three
attributes in \`data\`: city, tier and email, some left blank; \`created_at\` spread over a year),
builds keys and indexes again from their own \`pg_get_constraintdef\` / \`pg_get_indexdef\` (so they are
the migration's), puts one customer in twenty in a segment, then runs \`ANALYZE\`; the seconds of each
step are printed. Three searches, as an operator would type them into the
Customers page: \`kulkar\` (part of Kulkarni, one family name in 250: about 4,000 customers),
\`43210\` (part of a phone number: a few dozen) and \`zubair\` (a name nobody has). Before it is loaded,
each one is requested once and checked: 200, min(10, matches) customers whose name or phone
contains the term, and \`hasMore\` exactly when more than 10 match (the matches are counted in SQL).
The request is \`GET /api/customers?search=<term>&perPage=10\`: session and permission checks, the
enterprise's attribute definitions, then the page query (ILIKE on the trigram-indexed
\`lower(name) || ' ' || phone_number\`, newest first, 11 rows) and 10 rows serialised. Each search is
loaded right after the server's indexed GET (${ITEM_ROUTE}), with the same settings. Its p50 and
p99 are given as multiples of the indexed GET's; both come from autocannon's time of every response
(its histogram keeps whole milliseconds, and the indexed GET on PostgreSQL takes under one). The
EXPLAIN ANALYZE of each search's page query is printed, and so is that of the first page without
a search term (all customers, and the segment's), which is not loaded. No goal: the figure is
reported.

**Initial JS.** From \`web/dist/.vite/manifest.json\`: the static \`imports\` closure of the
\`index.html\` entry (never \`dynamicImports\`) plus the static closure of the page's lazy route
chunk (login: source file named like \`*login*route*\`; shell: like \`*shell*\`); the files counted
are listed under the table. Each is gzipped at level 9; sizes are summed; CSS is shown, not counted.
Then what a browser really downloads (issue 17): the server's own static serving of web/dist
(\`registerWebAssets\`, as \`buildApp\` registers it: the brotli and gzip copies the build writes,
sent as they are) listens on a loopback port and each of the page's JS and CSS files is fetched
over HTTP with \`Accept-Encoding: br\`, \`gzip\` and \`identity\`; the response bodies' bytes are
summed as received. The goal is judged on the gzip bytes served (the budget is a gzip figure;
browsers that accept brotli download less).

**Goals.** The indexed GET on PostgreSQL ≥ 10 % of bare Fastify req/s (published peers: 7–8 %);
PGlite and the page of 20 reported. Login page initial JS ≤ 150 kB gzip, shell ≤ 250 kB (kB = 1000 bytes, as Vite prints).

**Customer CSV import** (issue 6). \`server/bench/customer-import.ts\`, in its own process, writes a
CSV of \`PARLEY_BENCH_IMPORT_ROWS\` rows (name, phone and 10 attribute columns of every input type;
every 50th row invalid) and, on a fresh PostgreSQL database and then a fresh PGlite one, times a raw
\`COPY\` of the file into a bare table of text columns and the import job exactly as the server runs
it (stored file → streaming parse → validation against the definitions → batches of 5,000: COPY
into staging, upsert, segment memberships and count, error rows, checkpoint), rows/s of each and
their ratio. A bare table pays for no index at all, so (issue 17) the same run also times a \`COPY\`
of the valid rows, as the import stores them, into a scratch copy of the real \`customers\` table
with all its indexes and constraints, rebuilt from the catalogue (primary key, the unique phone
index, the trigram search index, the listing index, the foreign key, the defaults): the least any
import that keeps one customer per phone and a searchable name must pay. The goal (≥ 50 %) is the
import's stored rows/s over that floor's; the bare-table ratio stays beside it.
\`PARLEY_BENCH_IMPORT_BREAKDOWN=1\` also times that \`COPY\` into tables that add the indexes and
constraints one at a time. Then two child processes import the whole file and a tenth of it on
PGlite; their peak RSS ratio is the streaming figure (goal ≤ 1.5).

**Broadcast** (issue 8). \`server/bench/broadcast.ts\`, in its own process, black-box: Parley as a real
server process (\`src/main.ts\`) on a fresh PostgreSQL database, the fake Cloud API of
\`server/test/fake-vendors/meta-load.ts\` in a process of its own (it answers each send with a \`wamid\`
and counts requests per number and per calendar second), and the bench process driving both
through the HTTP API. A Meta channel and an APPROVED one-variable template are made through the
API, then: a broadcast of \`PARLEY_BENCH_BROADCAST_RECIPIENTS\` numbers with pacing off
(\`PARLEY_BROADCAST_UNPACED=1\`): messages/s as the vendor saw them, first to last request (goal
≥ 1,000/s, Meta's highest tier), and recipients/s from the POST to COMPLETED; status callbacks
(sent, delivered, read; one status per callback, signed with the app secret) for
\`PARLEY_BENCH_BROADCAST_WEBHOOK_MESSAGES\` of those messages, \`PARLEY_BENCH_WEBHOOK_CONCURRENCY\` in
flight: callbacks stored per second as a multiple of that rate (goal ≥ 3: every message brings
three); a restarted server with pacing on sends 80 × \`PARLEY_BENCH_BROADCAST_PACING_SECONDS\`
numbers through a channel of 80 messages/s: calendar seconds in which the vendor saw more than 80
requests (goal 0) and achieved / configured rate (goal ≥ 0.95). \`PARLEY_BENCH_BROADCAST_PROFILE=1\`
CPU-profiles the first server (sending and callbacks) and prints where its time went.

**Campaigns** (issue 21). \`server/bench/campaign-audience.ts\`, in its own process on a fresh
PostgreSQL database: \`PARLEY_BENCH_AUDIENCE_CUSTOMERS\` customers with a number and a multi-select
attribute, two segments (every 2nd and every 3rd), a group (every 5th), 1 % blacklisted (a fifth of
them opted out), 1 % at a frequency cap of one a day; the audience segments ∪ group ∩ (age > 25) ∩
(city is any of Pune, Goa) with the exclusions is resolved by \`resolveInto\` (one \`WITH … INSERT …
SELECT\` into broadcast_recipients, sendable rows with their values, excluded ones blocked with the
reason). Baseline: a bare \`INSERT … SELECT\` of the same rows (customer id and phone, kept in a
scratch table) into the same table. Each in its own rolled-back transaction,
\`PARLEY_BENCH_AUDIENCE_ROUNDS\` rounds alternating, medians; the figure is resolve rows/s over bare
rows/s (goal ≥ 0.5). \`PARLEY_BENCH_AUDIENCE_EXPLAIN=1\` prints the live count's plan. Then
\`server/bench/campaign-send.ts\`, black-box as the broadcast bench with pacing off: in one server, a
plain broadcast of \`PARLEY_BENCH_CAMPAIGN_RECIPIENTS\` numbers, then a campaign on a segment of as
many customers, made by one administrator and approved and started by another through the API
(schedule 'now', click tracking on), whose run's 'main' broadcast goes through the campaign send
guard with a frequency cap of 5 a day and a quiet-hours window six to eight hours ahead of the
recipients' time (neither stops anyone; every number must be messaged once). Messages/s as the
vendor saw them (goal ≥ 1,000/s), and the campaign's over the plain broadcast's.

**Conversations** (issue 18). \`server/bench/conversations.ts\`, in its own process, black-box as the
broadcast bench, on PostgreSQL only. *Bot answers:* a Meta channel on the load fake whose Chat Config
puts a trained NLP agent in front (the travel agent of \`server/test/travel-agent.ts\`, built and trained
through the designer's routes; open all week), set up on one server process; a fresh one is measured.
The fake posts inbound text messages as Meta sends them (\`entry[].changes[].value\` with \`contacts\`,
\`metadata\` and \`messages\`, signed with the app secret), each from a number not seen before, evenly
spaced at each offered rate of \`PARLEY_BENCH_BOT_RATES\` for \`PARLEY_BENCH_BOT_SECONDS\` (an open loop:
a slow answer never holds the next message back), after 40 discarded warm-up messages. It times every
message from its post to the first reply to that number reaching it (one clock, the fake's); answers/s
is the messages answered ÷ (first post → last reply), with p50 and p99 of those times. A level that
leaves a message unanswered within a minute or answers under 90 % of its offered rate ends the series.
The figure is the best level whose p99 meets the goal (≥ 200/s with p99 ≤ 250 ms); each level also
gives the CPU per answer of the server's Node process and of the database's backends (from /proc).
Beside it, on the same server right after: sent, delivered and read callbacks for
\`PARLEY_BENCH_BOT_STATUS_MESSAGES\` of the bot's replies, 16 in flight, as callbacks stored per
second, next to the broadcast step's status-callback capacity of the same run.
\`PARLEY_BENCH_BOT_PROFILE=1\` CPU-profiles the measured server. *Conversation list:* a second
enterprise gets \`PARLEY_BENCH_CONVERSATIONS\` conversations with
\`PARLEY_BENCH_MESSAGES_PER_CONVERSATION\` messages each in bulk SQL (\`server/bench/seed-conversations.ts\`:
four departments of five agents, customers for their numbers, half a year of conversations of which
the newest 0.3 % are open, one in twelve of the rest missed, seven in ten of the closed ones with an
agent as owner, a tag on one in fifty; then \`ANALYZE\`), and 5,000 mails per enterprise. On a restarted
server an agent of one department signs in, and autocannon loads the indexed GET (${ITEM_ROUTE}, as the
enterprise's administrator), then right after it the agent's \`GET /api/conversations\` (30 a page) in
the views \`mine\` (the console's default), \`all\` (open chats of the agent's department) and
\`closed\`, each checked by hand first (the page and \`hasMore\` as the seed's own facts predict).
Same load settings as above; p50 and p99 from autocannon's time of every response, as multiples of the
indexed GET's (goal ≤ 3). The EXPLAIN ANALYZE of each view's page query and of the live counts it
answers beside the page are printed.

${REALTIME_METHOD}

**Knowledge retrieval** (issue 20). \`server/bench/knowledge.ts\` (also \`npm run bench:knowledge\`), in its
own process on a copy of the migrated PGlite template: the passages of \`../shared/kb/covidfaq.json\`
are ingested as documents of one agent through the server's knowledge repository, then every query
is retrieved: hit@1 and hit@5 of a plain BM25 computed in the same run, of PostgreSQL full-text
alone, of the sentence encoder alone and of the hybrid the agents use (decision 021), on all queries,
the even-numbered ones the settings were chosen on and the odd-numbered ones held out. Then the
no-LLM answer of every query, one at a time with a cold embedding cache (p50/p99), and CLINC150's
out-of-scope test questions, which should get the out-of-scope message.

**Knowledge ingestion** (issue 20). \`server/bench/knowledge-ingest.ts\` (also \`npm run bench:ingest\`):
a PDF of 500 generated pages (~300 words each, pdf-lib) ingested by the 'knowledge.ingest' job as the
server runs it, on a copy of the migrated PGlite template: pages/s and passages/s of the whole job;
pages/s of reading alone (pdf.js and the passage cutter); the peak RSS of a process ingesting 50 pages
and of one ingesting 500, and their ratio (goal ≤ 1.5: memory flat in the number of pages).

**Knobs** (environment): \`PARLEY_BENCH_CONNECTIONS\` (10), \`PARLEY_BENCH_WARMUP\` (2 s),
\`PARLEY_BENCH_DURATION\` (8 s), \`PARLEY_BENCH_ROWS\` (5,000), \`PARLEY_BENCH_NEIGHBOURS\` (9),
\`PARLEY_BENCH_CUSTOMERS\` (1,000,000), \`PARLEY_BENCH_IMPORT_ROWS\` (1,000,000), \`PARLEY_BENCH_IMPORT_BREAKDOWN\` (off), \`PARLEY_BENCH_NEIGHBOUR_CUSTOMERS\` (1 % of it, each),
\`PARLEY_BENCH_BROADCAST_RECIPIENTS\` (100,000), \`PARLEY_BENCH_BROADCAST_WEBHOOK_MESSAGES\` (20,000),
\`PARLEY_BENCH_WEBHOOK_CONCURRENCY\` (16), \`PARLEY_BENCH_BROADCAST_PACING_SECONDS\` (20),
\`PARLEY_BENCH_AUDIENCE_CUSTOMERS\` (1,000,000), \`PARLEY_BENCH_AUDIENCE_ROUNDS\` (3),
\`PARLEY_BENCH_CAMPAIGN_RECIPIENTS\` (100,000),
\`PARLEY_BENCH_BOT_RATES\` (25,50,100,200,300 messages/s), \`PARLEY_BENCH_BOT_SECONDS\` (10),
\`PARLEY_BENCH_BOT_STATUS_MESSAGES\` (2,000), \`PARLEY_BENCH_CONVERSATIONS\` (100,000),
\`PARLEY_BENCH_MESSAGES_PER_CONVERSATION\` (10), \`PARLEY_BENCH_REALTIME_CONSOLES\` (5,000),
\`PARLEY_BENCH_REALTIME_CUSTOMERS\` (20), \`PARLEY_BENCH_REALTIME_RATE\` (2 messages/s),
\`PARLEY_BENCH_REALTIME_SECONDS\` (30), \`PARLEY_BENCH_REALTIME_SAMPLE\` (100 consoles timed),
\`PARLEY_BENCH_REALTIME_PROFILE\` (off),
\`PARLEY_BENCH_PG_URL\` (else \`PARLEY_TEST_PG_URL\`, else \`postgres://postgres@127.0.0.1:5432/postgres\`;
a \`parley_bench_*\` database is created there and dropped).
`;

function describeMachine(): Machine {
  let commit = 'unknown';
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: 'pipe' }).trim();
    commit = git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') ? ' with uncommitted changes' : '');
  } catch {
    // not a git checkout
  }
  return {
    date: new Date(),
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGb: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    commit,
    loadAverages: [os.loadavg()[0] ?? 0, 0],
  };
}

async function main() {
  const started = performance.now();
  const machine = describeMachine();
  const step = (text: string) => process.stdout.write(`› ${text}\n`);

  // First, right after `npm run build -w web`, so that a concurrent rebuild has less time to change web/dist.
  step('initial JS from the Vite manifest');
  const bundle = measureBundle(webDist, {
    'login page': GOALS.loginPageJsGzipBytes,
    shell: GOALS.shellJsGzipBytes,
  });
  if (!('skipped' in bundle)) {
    step('the same files as the server sends them over HTTP (brotli, gzip, neither)');
    await measureServed(webDist, bundle);
  }

  const baselines: Measurement[] = [];
  step('bare Fastify (first baseline run)');
  baselines.push(await measureHello('Bare Fastify `GET /hello`, first run', settings));
  const labels = (database: string) => ({
    item: `Parley ${ITEM_ROUTE} (one row by id), ${database}`,
    list: `Parley ${ROUTE} (page of 20, join), ${database}`,
    search: ({ term, matches }: { term: string; matches: number }) =>
      `Parley \`GET /api/customers?search=${term}&perPage=10\` (${matches.toLocaleString('en-US')} match), ${database}`,
  });
  step('Parley on PGlite');
  const pglite = await measureParleyOnPglite(labels('PGlite'), settings);
  step('Parley on PostgreSQL');
  const postgres = await measureParleyOnPostgres(labels('PostgreSQL'), settings, pgAdminUrl);
  if ('skipped' in postgres) step(`PostgreSQL figure skipped: ${postgres.skipped}`);
  const pick = (result: typeof postgres, key: 'item' | 'list') => ('skipped' in result ? result : result[key]);
  step('bare Fastify (last baseline run)');
  baselines.push(await measureHello('Bare Fastify `GET /hello`, last run', settings));
  const http: HttpResults = {
    settings,
    baselines,
    subjects: [
      { label: labels('PGlite').item, measurement: pglite.item, goalRatio: null },
      { label: labels('PostgreSQL').item, measurement: pick(postgres, 'item'), goalRatio: GOALS.postgresShareOfBare },
      { label: labels('PGlite').list, measurement: pglite.list, goalRatio: null },
      { label: labels('PostgreSQL').list, measurement: pick(postgres, 'list'), goalRatio: null },
    ],
    customerSearches: [
      { database: 'PGlite', itemRoute: ITEM_ROUTE, result: pglite },
      { database: 'PostgreSQL', itemRoute: ITEM_ROUTE, result: postgres },
    ],
  };

  step(`customer CSV import (${importRows.toLocaleString('en-US')} rows) on PostgreSQL and PGlite, then peak RSS`);
  const imports = measureCustomerImport(importRows);
  step('broadcast: throughput with pacing off, status webhook ingest, pacing at 80/s (PostgreSQL)');
  const broadcast = measureBroadcast(pgAdminUrl);
  step(
    `campaigns: resolving an audience of ${Number(process.env.PARLEY_BENCH_AUDIENCE_CUSTOMERS ?? 1_000_000).toLocaleString('en-US')} customers, then a campaign run sent unpaced (PostgreSQL)`,
  );
  const campaigns = measureCampaigns(pgAdminUrl);
  step('conversations: bot answers per second, then the conversation list of 100,000 conversations (PostgreSQL)');
  const conversations = measureConversations(pgAdminUrl);
  step('realtime: 5,000 consoles on one process against bare ws (PostgreSQL)');
  const realtime = measureRealtime(pgAdminUrl);
  step('knowledge retrieval: covidfaq hit@1 / hit@5 beside BM25, answer latency with no LLM (PGlite)');
  const knowledge = measureKnowledge(pgAdminUrl);
  step('knowledge ingestion: a 500-page PDF, pages/s, and peak RSS at 50 and 500 pages (PGlite)');
  const ingest = measureIngest(pgAdminUrl);
  machine.loadAverages[1] = os.loadavg()[0] ?? 0;
  const results =
    `${renderResults(machine, http, bundle, (performance.now() - started) / 1000)}\n` +
    `${customerImportSection(imports)}\n\n${broadcastSection(broadcast)}\n\n${campaignsSection(campaigns)}\n\n` +
    `${conversationsSection(conversations, broadcast)}\n\n${realtimeSection(realtime)}\n\n` +
    `${knowledgeSection(knowledge)}\n\n${ingestSection(ingest)}\n`;
  process.stdout.write(`\n${results}\n`);
  fs.mkdirSync(path.dirname(docFile), { recursive: true });
  writeBenchmarksDoc(docFile, INTRO, results);
  process.stdout.write(`Wrote ${docFile}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `\nThe benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
