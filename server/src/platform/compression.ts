import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** Hashed build output (Vite's `assets/name-<hash>.js`): a new build gives new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = /\.html(\.br|\.gz)?$/;

/**
 * The built web app (web/dist), served as the browser asks for it: the brotli or gzip copy the
 * build wrote beside each file (`preCompressed`; Content-Encoding and `Vary: Accept-Encoding`),
 * else the file itself. Hashed files under /assets are cached for a year; pages (`index.html`,
 * `transaction.html`) are revalidated on every load (`no-cache`), so a new build is picked up.
 * Registered before `registerCompression`, so its routes never pass through the on-the-fly
 * compression (docs/decisions/014-compression.md).
 */
export async function registerWebAssets(app: FastifyInstance, webDist: string) {
  if (!fs.existsSync(webDist)) return;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The copies are served in place of their file, never under their own URL.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      if (filePath.includes('/assets/')) reply.header('cache-control', IMMUTABLE);
      else if (HTML.test(filePath)) reply.header('cache-control', 'no-cache');
    },
  });
}

/**
 * JSON, CSV and other text answers of 1 KiB or more are compressed for clients that accept it
 * (brotli at quality 4, else gzip). Binary types (files, images, octet-stream) are sent as they
 * are: they are compressed already or not worth it. Request bodies are not decompressed (no
 * client of ours sends Content-Encoding). Answers that already carry a Content-Encoding, partial
 * content and websocket upgrades (hijacked before onSend) are left alone by the plugin.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/u,
  });
}
