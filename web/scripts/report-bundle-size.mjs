// Reports what a browser downloads for the JavaScript and CSS the login page and the console
// shell load first, from the Vite manifest (run after `npm run build -w web`): the static closure
// of the entry plus that of the page's lazy route chunk, as `npm run bench` counts it. The server
// sends the brotli (`.br`) or gzip (`.gz`) copy the build writes beside each file, or the file
// itself where no copy was written (docs/decisions/014-compression.md): those are the sizes here.
// Budgets (JS, gzip): login ≤ 150 kB, shell ≤ 250 kB, where kB = 1000 bytes (as Vite and the
// benchmark print). Exits with status 1 when a budget is exceeded; `--json` prints JSON.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  const files = [...seen].map((key) => manifest[key].file);
  const css = [...new Set([...seen].flatMap((key) => manifest[key].css ?? []))];
  return { js: files.filter((file) => file.endsWith('.js')), css };
}

/** Bytes the server sends for a file to a client accepting `encoding` ('br' or 'gz'). */
const served = (file, encoding) => {
  const copy = `${dist}${file}.${encoding}`;
  return statSync(existsSync(copy) ? copy : `${dist}${file}`).size;
};
const sum = (files, encoding) => files.reduce((total, file) => total + served(file, encoding), 0);
const kilo = (bytes) => Math.round(bytes / 100) / 10;

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
  const { js, css } = staticClosure(keys);
  const gzipBytes = sum(js, 'gz');
  report[name] = {
    gzipBytes,
    gzipKb: kilo(gzipBytes),
    brotliKb: kilo(sum(js, 'br')),
    cssGzipKb: kilo(sum(css, 'gz')),
    cssBrotliKb: kilo(sum(css, 'br')),
    budgetKb,
    files: js.length,
  };
  if (kilo(gzipBytes) > budgetKb) overBudget = true;
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const [name, { gzipKb, brotliKb, cssGzipKb, cssBrotliKb, budgetKb, files }] of Object.entries(report)) {
    console.log(
      `${name.padEnd(16)} JS ${String(gzipKb).padStart(6)} kB gzip, ${String(brotliKb).padStart(6)} kB brotli ` +
        `(${files} files, budget ${budgetKb} kB gzip); CSS ${cssGzipKb} kB gzip, ${cssBrotliKb} kB brotli`,
    );
  }
}
process.exitCode = overBudget ? 1 : 0;
