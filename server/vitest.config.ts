import { defineConfig } from 'vitest/config';

const reportDir = process.env.PARLEY_REPORT_DIR;
const database = process.env.PARLEY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/server-${database}.json` }]] : ['default'],
  },
});
