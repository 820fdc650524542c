// Reports the gzip size (level 9) of the JavaScript the login page and the console shell load
// first, from the Vite manifest (run after `npm run build -w web`): the static closure of the
// entry plus that of the page's lazy route chunk, as `npm run bench` counts it. Budgets: login
// ≤ 150 kB, shell ≤ 250 kB, where kB = 1000 bytes (as Vite and the benchmark print). Exits with
// status 1 when a budget is exceeded; `--json` prints JSON.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

/** Chunks a page needs before it can render: the given manifest keys and their static imports. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in the manifest: ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

const gzipBytes = (file) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;

const pages = {
  login: { keys: ['index.html', 'src/app/routes/login-route.tsx'], budgetKb: 150 },
  // The benchmark counts the shell chunk alone; the welcome page (/dashboard) is added here.
  shell: { keys: ['index.html', 'src/app/shell/ShellLayout.tsx'], budgetKb: 250 },
  'shell + welcome': {
    keys: ['index.html', 'src/app/shell/ShellLayout.tsx', 'src/app/routes/welcome-route.tsx'],
    budgetKb: 250,
  },
  transaction: { keys: ['transaction.html'], budgetKb: 10 },
};

const report = {};
let overBudget = false;
for (const [name, { keys, budgetKb }] of Object.entries(pages)) {
  const files = staticClosure(keys);
  const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
  const kb = Math.round(bytes / 100) / 10;
  report[name] = { gzipBytes: bytes, gzipKb: kb, budgetKb, files: files.length };
  if (kb > budgetKb) overBudget = true;
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const [name, { gzipKb, budgetKb, files }] of Object.entries(report)) {
    console.log(`${name.padEnd(16)} ${String(gzipKb).padStart(7)} kB gzip (${files} files, budget ${budgetKb} kB)`);
  }
}
process.exitCode = overBudget ? 1 : 0;
