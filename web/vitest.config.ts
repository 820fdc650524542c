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
      reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/web.json` }]] : ['default'],
    },
  }),
);
