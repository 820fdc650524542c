/**
 * Knowledge ingestion of a large PDF (issue 20, decision 024). Each measurement runs in a child
 * process of its own, so its peak RSS is its own: a fresh database (a copy of the migrated PGlite
 * template), one agent, a PDF generated with pdf-lib (pages of ~300 words of prose), and the
 * 'knowledge.ingest' job exactly as the server runs it (PDF thread, passages, encoder thread,
 * batches of 10 pages with their checkpoint). Printed: pages/s and passages/s of the whole job on
 * 500 pages, pages/s of reading alone (pdf.js and the passage cutter, no encoder, no database),
 * and the peak RSS of the job on 50 and on 500 pages, with their ratio (goal ≤ 1.5).
 *
 *   npm run bench:ingest [-- --pages 500 --small 50]
 *
 * The last line is `{ "ingest": … }` for bench/run.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { agentDocuments, agents } from '../src/db/schema/agents';
import { enterprises } from '../src/db/schema/platform';
import { createFileStore } from '../src/platform/files';
import { createEventBus } from '../src/platform/realtime/bus';
import { createEmbeddingThread } from '../src/features/nlu/knowledge/ingestion/embedding-thread';
import { createIngestJob } from '../src/features/nlu/knowledge/ingestion/ingest.job';
import { createIngestionRepository } from '../src/features/nlu/knowledge/ingestion/ingestion.repository';
import { createIngestionService } from '../src/features/nlu/knowledge/ingestion/ingestion.service';
import { pagePassages } from '../src/features/nlu/knowledge/ingestion/passages';
import { openPdf } from '../src/features/nlu/knowledge/ingestion/pdf-pages';
import { makePdf, proseText } from '../test/pdf-fixtures';
import { openTestDatabase, prepareTemplate } from '../test/test-database';

export interface IngestBench {
  pages: number;
  wordsPerPage: number;
  fileMb: number;
  passages: number;
  seconds: number;
  pagesPerSecond: number;
  passagesPerSecond: number;
  readPagesPerSecond: number;
  small: { pages: number; seconds: number; rssMb: number };
  large: { rssMb: number };
  rssRatio: number;
  goal: number;
  loadAverage: [number, number];
}

const WORDS_PER_PAGE = 300;
const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '500' },
    small: { type: 'string', default: '50' },
    child: { type: 'string' },
  },
});
const log = (text: string) => process.stderr.write(`${text}\n`);
const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function writePdf(pages: number): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parley-ingest-bench-')), `manual-${pages}.pdf`);
  fs.writeFileSync(file, await makePdf(Array.from({ length: pages }, (_, i) => proseText(i + 1, WORDS_PER_PAGE))));
  return file;
}

/** Child: the whole job on a PDF of `pages` pages; prints { seconds, passages, rssMb }. */
async function ingestChild(pages: number) {
  const pdf = await writePdf(pages);
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-ingest-bench-data-'));
  const bus = await createEventBus({ db: database.db });
  const files = createFileStore({ db: database.db, dataDir });
  const repository = createIngestionRepository(database.db);
  const jobs = {
    send: async () => 'bench',
    work: async () => undefined,
    isPending: async () => false,
    stop: async () => undefined,
  };
  const [enterprise] = await database.db.insert(enterprises).values({ name: 'Bench' }).returning();
  const enterpriseId = enterprise!.id;
  const [agent] = await database.db
    .insert(agents)
    .values({ enterpriseId, name: 'Manual', type: 'prompt', outOfScopeMessage: 'No idea' })
    .returning();
  const agentId = agent!.id;
  const file = await files.save({
    enterpriseId,
    uploadedBy: null,
    name: 'manual.pdf',
    bytes: fs.readFileSync(pdf),
    allowedTypes: ['application/pdf'],
    maxBytes: 200 * 1024 * 1024,
  });
  await database.db
    .insert(agentDocuments)
    .values({ enterpriseId, agentId, fileId: file.id, fileName: 'manual.pdf', size: file.size });
  await database.db
    .update(agents)
    .set({ knowledgeConfig: { kbFromDoc: true, kbFromWebsite: false, websitesUrls: [], genAiConfigId: null } })
    .where(eq(agents.id, agentId));
  await createIngestionService({ repository, jobs }).startIngestion(enterpriseId, agentId);
  const handle = createIngestJob({
    repository,
    files,
    bus,
    embedder: () => createEmbeddingThread(),
    // eslint-disable-next-line require-yield
    crawl: async function* () {
      throw new Error('no websites in this benchmark');
    },
    outbound: { request: async () => Promise.reject(new Error('no network')) },
  });
  const started = performance.now();
  await handle({ enterpriseId, agentId });
  const seconds = (performance.now() - started) / 1000;
  const [row] = await database.db.select().from(agents).where(eq(agents.id, agentId));
  if (row?.trainingStatus !== 'trained')
    throw new Error(`the job ended ${row?.trainingStatus}: ${row?.trainingMessage}`);
  const passages = await repository.passageCount(enterpriseId, agentId);
  log(`  ${row.trainingMessage} in ${seconds.toFixed(1)} s`);
  await bus.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(path.dirname(pdf), { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ seconds, passages, rssMb: rssMb() })}\n`);
}

/** Child: reading alone, pdf.js and the passage cutter; prints { seconds }. */
async function readChild(pages: number) {
  const pdf = await writePdf(pages);
  const started = performance.now();
  const document = await openPdf(pdf);
  let passages = 0;
  for await (const page of document.pages())
    if ('text' in page) passages += pagePassages('manual.pdf', page.page, page.text).length;
  await document.close();
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(path.dirname(pdf), { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ seconds, passages, rssMb: rssMb() })}\n`);
}

function child(mode: 'ingest' | 'read', pages: number): { seconds: number; passages: number; rssMb: number } {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode, '--pages', String(pages)],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 20,
    },
  );
  const line = output
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .at(-1);
  if (!line) throw new Error(`the ${mode} child printed nothing`);
  return JSON.parse(line) as { seconds: number; passages: number; rssMb: number };
}

async function main() {
  const pages = Number(args.pages);
  const smallPages = Number(args.small);
  if (args.child === 'ingest') return ingestChild(pages);
  if (args.child === 'read') return readChild(pages);
  await prepareTemplate();
  const loadBefore = os.loadavg()[0] ?? 0;
  const sizeMb =
    (await makePdf(Array.from({ length: pages }, (_, i) => proseText(i + 1, WORDS_PER_PAGE)))).length / 1024 / 1024;
  log(`› reading alone: ${pages} pages`);
  const read = child('read', pages);
  log(`› the job on ${smallPages} pages`);
  const small = child('ingest', smallPages);
  log(`› the job on ${pages} pages`);
  const large = child('ingest', pages);
  const result: IngestBench = {
    pages,
    wordsPerPage: WORDS_PER_PAGE,
    fileMb: Math.round(sizeMb * 100) / 100,
    passages: large.passages,
    seconds: Math.round(large.seconds * 10) / 10,
    pagesPerSecond: Math.round((pages / large.seconds) * 100) / 100,
    passagesPerSecond: Math.round((large.passages / large.seconds) * 100) / 100,
    readPagesPerSecond: Math.round(pages / read.seconds),
    small: { pages: smallPages, seconds: Math.round(small.seconds * 10) / 10, rssMb: small.rssMb },
    large: { rssMb: large.rssMb },
    rssRatio: Math.round((large.rssMb / small.rssMb) * 100) / 100,
    goal: 1.5,
    loadAverage: [Math.round(loadBefore * 10) / 10, Math.round((os.loadavg()[0] ?? 0) * 10) / 10],
  };
  log(
    `${pages} pages: ${result.pagesPerSecond} pages/s (${result.passagesPerSecond} passages/s, reading alone ` +
      `${result.readPagesPerSecond} pages/s); peak RSS ${smallPages} pages ${small.rssMb} MB, ${pages} pages ` +
      `${large.rssMb} MB, ratio ${result.rssRatio} (goal ≤ ${result.goal})`,
  );
  process.stdout.write(`${JSON.stringify({ ingest: result })}\n`);
}

main().catch((error: unknown) => {
  log(`The benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
