import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** Source modules of the login page shared with other pages (see `codeSplitting` below). */
const consoleCoreModules = [
  'web/src/features/auth/api/auth-keys',
  'web/src/features/auth/api/get-app-config',
  'web/src/features/auth/api/get-captcha',
  'web/src/features/auth/api/login',
  'web/src/features/auth/components/AuthLayout',
  'web/src/features/auth/components/CaptchaField',
  'web/src/features/auth/components/use-captcha-for-form',
  'web/src/features/account/api/account-keys',
  'web/src/components/ParleyLogo',
  'web/src/components/FormErrorAlert',
  'web/src/components/PasswordField',
  'web/src/components/InlineCheckbox',
  'web/src/lib/use-schema-form',
  'web/src/lib/form-validation',
  'web/src/lib/failure-message',
  '/node_modules/react/',
  '/node_modules/react-dom/',
  '/node_modules/scheduler/',
  '/node_modules/react-router/',
  '/node_modules/@tanstack/',
  '/node_modules/@mantine/core/esm/core/',
  '/node_modules/@mantine/core/esm/components/Anchor/',
];

/** Modules of the listed packages that only console pages use (Show More lists): kept out of the login chunk. */
const onlyConsolePages = /useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions/;

/**
 * Two pages: the console (`index.html`, a single-page app with lazy routes) and the payment
 * result page (`transaction.html`, plain TypeScript). The manifest lets `scripts/report-bundle-size.mjs`
 * (and the benchmark) measure what the login page and the shell load first.
 */
export default defineConfig({
  plugins: [
    react(),
    // Brotli (quality 11) and gzip (level 9) copies beside every text file of web/dist, compressed
    // once at build time: the server sends them as they are (`preCompressed` in server/src/app.ts,
    // docs/decisions/014-compression.md). A copy that is not smaller than its file is not written.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/\.vite\//],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Every browser the console supports has <link rel="modulepreload">; skip the 0.5 KB polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: page('./index.html'),
        transaction: page('./transaction.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The modules the login page shares, together with their dependencies (React,
              // React Router, TanStack Query, the Mantine basics, zod and the contracts), travel
              // as one chunk: the login page loads in a handful of requests instead of twenty
              // tiny ones, and gzip does better on one file. The shell reuses the same chunk.
              name: 'console-core',
              test: (id) =>
                !onlyConsolePages.test(id) &&
                consoleCoreModules.some((fragment) => id.replaceAll('\\', '/').includes(fragment)),
            },
          ],
        },
      },
    },
  },
});
