import { defineConfig } from 'vitest/config';

const reportDir = process.env.PARLEY_REPORT_DIR;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/contracts.json` }]] : ['default'],
  },
});
