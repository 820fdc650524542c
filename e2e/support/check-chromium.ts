import { chromiumPath } from './chromium';

/** Run before Playwright: a missing Chromium ends the test run with the command that installs it. */
try {
  chromiumPath();
} catch (error) {
  process.stderr.write(`\n${(error as Error).message}\n\n`);
  process.exit(1);
}
