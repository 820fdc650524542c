import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { registerWebAssets } from '../src/platform/compression';

/** One entry of Vite's `.vite/manifest.json`. Keys are source paths (or `_name-hash.js` for shared chunks). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageWeight {
  page: string;
  /** The lazy route chunk counted on top of the entry, or null for the entry alone. */
  routeChunk: string | null;
  /** Every JS file counted, in load order, with its gzip size. */
  files: { file: string; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** The page's stylesheets (manifest `css` of the counted chunks). */
  cssFiles: string[];
  goalBytes: number;
  notes: string[];
  /**
   * Bytes on the wire (response bodies) when the server's own static serving (`registerWebAssets`)
   * sends the page's JS and CSS over HTTP to a client accepting brotli, gzip, or neither.
   */
  served?: Record<ServedEncoding, { jsBytes: number; cssBytes: number; contentEncodings: string[] }>;
}

export type ServedEncoding = 'br' | 'gzip' | 'identity';

export interface BundleWeights {
  entry: string;
  pages: PageWeight[];
}

const ENTRY = 'index.html';

/** The manifest keys a chunk loads before it runs: itself and its static `imports`, transitively. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    const chunk = manifest[current];
    if (!chunk) throw new Error(`The Vite manifest has no chunk '${current}'`);
    seen.add(current);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...seen];
}

/** Lazy chunks the app can reach from its entry: dynamic imports of any chunk, transitively. */
function lazyChunks(manifest: Manifest, entry: string): string[] {
  const reached = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const key = queue.shift()!;
    for (const member of staticClosure(manifest, key)) {
      for (const lazy of manifest[member]?.dynamicImports ?? []) {
        if (!reached.has(lazy)) {
          reached.add(lazy);
          queue.push(lazy);
        }
      }
    }
  }
  return [...reached];
}

interface RouteMatcher {
  page: string;
  /** Tried in order; the first rule with a match wins. Each is tested on the source path under web/. */
  rules: { description: string; test: (source: string) => boolean }[];
}

const base = (source: string) => path.posix.basename(source).replace(/\.[cm]?[jt]sx?$/, '');

const matchers: RouteMatcher[] = [
  {
    page: 'login page',
    rules: [
      { description: 'a file named *login*route* or *login*page*', test: (s) => /login.*(route|page)/i.test(base(s)) },
      { description: 'a file named *login*', test: (s) => /login/i.test(base(s)) },
      { description: 'a path containing sign-in / signin', test: (s) => /sign-?in/i.test(base(s)) },
    ],
  },
  {
    page: 'shell',
    rules: [
      { description: 'a file named *shell*', test: (s) => /shell/i.test(base(s)) },
      { description: 'a file in a shell/ folder named *layout*', test: (s) => /(^|\/)shell\/.*layout/i.test(s) },
      {
        description: 'a file named *layout* (not the auth or root layout)',
        test: (s) => /layout/i.test(base(s)) && !/auth|root/i.test(base(s)),
      },
    ],
  },
];

/** Picks the lazy route chunk for a page; on several matches, the shortest source path (printed with the rest). */
export function findRouteChunk(
  manifest: Manifest,
  candidates: string[],
  matcher: RouteMatcher,
): { key: string | null; notes: string[] } {
  const sourced = candidates.filter((key) => /(^|\/)src\//.test(manifest[key]?.src ?? key));
  for (const rule of matcher.rules) {
    const matches = sourced.filter((key) => rule.test(manifest[key]?.src ?? key)).sort((a, b) => a.length - b.length);
    if (matches.length === 0) continue;
    const notes = [`${matcher.page}: chunk of ${matches[0]} (rule: ${rule.description})`];
    if (matches.length > 1) notes.push(`${matcher.page}: also matched, not counted: ${matches.slice(1).join(', ')}`);
    return { key: matches[0]!, notes };
  }
  return { key: null, notes: [`${matcher.page}: no lazy chunk matched; counted the entry alone`] };
}

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/**
 * Initial JS of the login page and of the shell, gzip level 9: the entry's static closure plus
 * the page's lazy route chunk and its static closure. CSS is reported beside it, not counted.
 */
export function measureBundle(distDir: string, goals: Record<string, number>): BundleWeights | { skipped: string } {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath))
    return { skipped: `no ${manifestPath}; build the web app first (npm run build -w web)` };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  if (!manifest[ENTRY]) return { skipped: `the Vite manifest has no '${ENTRY}' entry` };

  try {
    return { entry: manifest[ENTRY].file, pages: weighPages(distDir, manifest, goals) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { skipped: `a file of the manifest is missing (${(error as Error).message}); was web/dist being rebuilt?` };
  }
}

function weighPages(distDir: string, manifest: Manifest, goals: Record<string, number>): PageWeight[] {
  const entryClosure = staticClosure(manifest, ENTRY);
  const lazy = lazyChunks(manifest, ENTRY);
  return matchers.map((matcher): PageWeight => {
    const found = findRouteChunk(manifest, lazy, matcher);
    const keys = new Set(entryClosure);
    if (found.key) for (const key of staticClosure(manifest, found.key)) keys.add(key);
    const files = [...keys].map((key) => {
      const file = manifest[key]!.file;
      return { file, gzipBytes: gzipSize(path.join(distDir, file)) };
    });
    const cssFiles = new Set([...keys].flatMap((key) => manifest[key]!.css ?? []));
    return {
      page: matcher.page,
      routeChunk: found.key,
      files,
      jsGzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
      cssGzipBytes: [...cssFiles].reduce((sum, file) => sum + gzipSize(path.join(distDir, file)), 0),
      cssFiles: [...cssFiles],
      goalBytes: goals[matcher.page] ?? Number.POSITIVE_INFINITY,
      notes: found.notes,
    };
  });
}

/**
 * What a browser really downloads: the server's static serving of web/dist (`registerWebAssets`,
 * the same function `buildApp` registers: the build's brotli and gzip copies, `preCompressed`) on
 * a loopback port, asked over HTTP for each page's JS and CSS with `Accept-Encoding: br`, `gzip`
 * and `identity`. Counts the response bodies' bytes as received (node:http does not decode them)
 * and notes the Content-Encoding of each. Fills `served` of every page.
 */
export async function measureServed(distDir: string, weights: BundleWeights): Promise<void> {
  const app = Fastify({ logger: false });
  await registerWebAssets(app, distDir);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    for (const page of weights.pages) {
      const served = {} as NonNullable<PageWeight['served']>;
      for (const encoding of ['br', 'gzip', 'identity'] as const) {
        const contentEncodings: string[] = [];
        const total = async (files: string[]) => {
          let bytes = 0;
          for (const file of files) {
            const answer = await download(`${address}/${file}`, encoding);
            contentEncodings.push(answer.contentEncoding);
            bytes += answer.bytes;
          }
          return bytes;
        };
        const jsBytes = await total(page.files.map(({ file }) => file));
        const cssBytes = await total(page.cssFiles);
        served[encoding] = { jsBytes, cssBytes, contentEncodings: [...new Set(contentEncodings)] };
      }
      page.served = served;
    }
  } finally {
    await app.close();
  }
}

function download(url: string, encoding: ServedEncoding): Promise<{ bytes: number; contentEncoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`GET ${url}: ${response.statusCode}`));
          return;
        }
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ bytes, contentEncoding: response.headers['content-encoding'] ?? 'none' }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
