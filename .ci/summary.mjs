// Sums the JSON reports of Vitest and Playwright written during the CI run into one closing line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
