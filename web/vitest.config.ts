import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const reportDir = process.env.PARLEY_REPORT_DIR;

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      // Whole pages render through Mantine in jsdom: a few seconds each on a loaded 2-core machine.
      testTimeout: 15_000,
      // Vitest's default is one worker on a 2-core machine (cores − 1); two took the suite from
      // about 16 to under 11 minutes here on the same loaded machine.
      maxWorkers: 2,
      reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/web.json` }]] : ['default'],
    },
  }),
);
