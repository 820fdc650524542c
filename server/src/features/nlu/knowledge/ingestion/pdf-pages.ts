/**
 * The text of a PDF, page by page (issue 20, decision 024). pdf.js (unpdf's serverless build) runs
 * in a worker thread of its own (`pdf-worker.mjs`) that answers one page at a time and releases it
 * before the next, so memory stays flat in the number of pages. A hostile file cannot take the
 * process down or hang it: the thread's heap is capped, and it is stopped when the document's time
 * is up; either way the caller gets a PdfReadError with a reason a person understands.
 */
import fs from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { knowledgeLimits, knowledgeMessages } from '@parley/contracts/knowledge';

export type PdfPage = { page: number; text: string } | { page: number; error: string };

/** The whole file could not be read (or not to the end): `message` says why. */
export class PdfReadError extends Error {
  constructor(
    message: string,
    /** The page being read when it stopped, if it got that far. */
    readonly atPage: number | null = null,
  ) {
    super(message);
    this.name = 'PdfReadError';
  }
}

export interface PdfReadOptions {
  /** Larger files are refused (100 MB by default). */
  maxBytes?: number;
  /** Time pdf.js may spend on the document, opening and every page together (5 min by default). */
  timeLimitMs?: number;
  /** Heap of the reading thread (256 MB by default). */
  maxMemoryMb?: number;
}

export interface OpenPdf {
  pageCount: number;
  /** Pages from `fromPage` (1-based) to the end: text, or why the page has none. */
  pages(fromPage?: number): AsyncGenerator<PdfPage>;
  close(): Promise<void>;
}

const DEFAULT_TIME_LIMIT_MS = 5 * 60_000;
const DEFAULT_MEMORY_MB = 256;
const workerUrl = new URL('./pdf-worker.mjs', import.meta.url);

type WorkerReply =
  { open: number } | { failed: string } | { page: number; text: string } | { page: number; error: string };

/** A page's text as passages want it: words split over a line end joined, lines kept, blank runs cut. */
function cleanText(text: string): string {
  return text
    .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Opens the PDF at `filePath` in its reading thread. Throws PdfReadError when the file is too
 * large, is not a readable PDF, or takes too long or too much memory to open.
 */
export async function openPdf(filePath: string, options: PdfReadOptions = {}): Promise<OpenPdf> {
  const maxBytes = options.maxBytes ?? knowledgeLimits.pdfMaxBytes;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const { size } = await fs.stat(filePath);
  if (size > maxBytes) throw new PdfReadError(knowledgeMessages.pdfTooLarge);

  const worker = new Worker(workerUrl, {
    workerData: { path: filePath, maxBytes },
    resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb ?? DEFAULT_MEMORY_MB },
    stdout: true,
    stderr: true,
  });
  // pdf.js may print warnings about odd files: they are not this process's output.
  worker.stdout.resume();
  worker.stderr.resume();
  let spentMs = 0;
  let closed = false;
  let stopped: PdfReadError | null = null;
  let pending: { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void } | null = null;

  const stop = (error: PdfReadError) => {
    stopped ??= error;
    pending?.reject(stopped);
    pending = null;
    void worker.terminate();
  };
  worker.on('message', (reply: WorkerReply) => {
    const waiting = pending;
    pending = null;
    waiting?.resolve(reply);
  });
  worker.on('error', (error: Error & { code?: string }) =>
    stop(
      new PdfReadError(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? knowledgeMessages.pdfTooMuchMemory
          : knowledgeMessages.pdfUnreadable(error.message),
      ),
    ),
  );
  worker.on('exit', () => {
    if (!closed) stop(new PdfReadError(knowledgeMessages.pdfUnreadable('the reader stopped')));
  });

  /** The thread's next answer, within what is left of the document's time. */
  function next(page: number | null, request?: object): Promise<WorkerReply> {
    if (stopped) return Promise.reject(stopped);
    const started = performance.now();
    return new Promise<WorkerReply>((resolve, reject) => {
      const timer = setTimeout(
        () => stop(new PdfReadError(knowledgeMessages.pdfTimeout(timeLimitMs / 1000, page), page)),
        Math.max(0, timeLimitMs - spentMs),
      );
      pending = {
        resolve: (reply) => {
          clearTimeout(timer);
          spentMs += performance.now() - started;
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      if (request) worker.postMessage(request);
    });
  }

  async function close() {
    if (closed) return;
    closed = true;
    pending?.reject(new PdfReadError('closed'));
    pending = null;
    await worker.terminate();
  }

  let opened: WorkerReply;
  try {
    opened = await next(null);
  } catch (error) {
    await close();
    throw error;
  }
  if ('failed' in opened) {
    await close();
    throw new PdfReadError(
      opened.failed === 'too_large' ? knowledgeMessages.pdfTooLarge : knowledgeMessages.pdfUnreadable(opened.failed),
    );
  }
  if (!('open' in opened)) {
    await close();
    throw new PdfReadError(knowledgeMessages.pdfUnreadable('unexpected answer'));
  }
  const pageCount = opened.open;

  return {
    pageCount,
    async *pages(fromPage = 1) {
      for (let number = Math.max(1, fromPage); number <= pageCount; number += 1) {
        const reply = await next(number, { page: number });
        if ('error' in reply) {
          yield { page: number, error: knowledgeMessages.pageUnreadable(number, reply.error) };
        } else if ('text' in reply) {
          const text = cleanText(reply.text);
          yield text ? { page: number, text } : { page: number, error: knowledgeMessages.pageNoText(number) };
        }
      }
    },
    close,
  };
}

/**
 * Text per page of the PDF at `filePath`, from `fromPage` on: `{ page, text }`, or `{ page, error }`
 * for a page with no text layer ('Page 3 has no text (a scanned image?)') or one pdf.js could not
 * read. Throws PdfReadError when the whole file cannot be read (see openPdf) or its time runs out.
 */
export async function* pdfPages(
  filePath: string,
  options: PdfReadOptions & { fromPage?: number } = {},
): AsyncGenerator<PdfPage> {
  const pdf = await openPdf(filePath, options);
  try {
    yield* pdf.pages(options.fromPage);
  } finally {
    await pdf.close();
  }
}
