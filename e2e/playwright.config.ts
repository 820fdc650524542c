import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/chromium';

/** Browser tests drive Debian's Chromium through the real server on a fresh embedded database. */
const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3123);
export const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `parley-e2e-${port}`);
const reportDir = process.env.PARLEY_REPORT_DIR;
// The runner loads this file and so does every worker: only the runner starts from an empty folder
// (a worker that emptied it would delete the running server's database and demo login).
if (!process.env.E2E_DATA_DIR_KEEP && !process.env.E2E_RUNNER_STARTED)
  fs.rmSync(dataDir, { recursive: true, force: true });
process.env.E2E_RUNNER_STARTED = '1';
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  globalSetup: './support/global-setup.ts',
  reporter: reportDir ? [['list'], ['json', { outputFile: `${reportDir}/e2e.json` }]] : [['list']],
  use: {
    reducedMotion: 'reduce',
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'node --import tsx ../server/src/main.ts',
    cwd: here,
    url: `http://127.0.0.1:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PARLEY_DATA_DIR: dataDir,
      CAPTCHA_TEST_ANSWER: 'e2e42',
      PASSWORD_SCRYPT_LOG_N: '14',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PARLEY_SANDBOX_DELAY_SECONDS: '1',
      // The knowledge story's test website listens here; 127.0.0.1 stays refused (integrations story).
      PARLEY_OUTBOUND_ALLOW: '127.0.0.2',
    },
  },
});
