/**
 * The thread that reads one PDF for `pdf-pages.ts` (decision 024): opens the file with pdf.js (the
 * serverless build that unpdf ships: no canvas, no native code) and answers page requests one at a
 * time with the page's text, releasing each page before the next. A hostile file can only hurt this
 * thread: the parent stops it when its time is up, and its heap is capped (resourceLimits).
 * Plain JavaScript so that it starts the same under tsx, vitest and compiled code.
 *
 * Messages in: { page: n } (1-based), { close: true }. Out: { open: pageCount } once, then
 * { page, text } or { page, error } per request; { failed: reason } when the file cannot be opened.
 */
import fs from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

const { path, maxBytes } = workerData;

/** A text item's string, a line break after it where pdf.js saw the line end. */
function pageText(content) {
  let text = '';
  for (const item of content.items) {
    if (typeof item.str !== 'string') continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text;
}

function reasonOf(error) {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim() || 'unknown error';
}

let document;
try {
  const { size } = await fs.stat(path);
  if (size > maxBytes) {
    parentPort.postMessage({ failed: 'too_large' });
  } else {
    const data = new Uint8Array(await fs.readFile(path));
    // No fonts are loaded into a page (nothing is drawn), no eval, no warnings on stdout.
    document = await getDocumentProxy(data, { verbosity: 0, isEvalSupported: false, disableFontFace: true });
    parentPort.postMessage({ open: document.numPages });
  }
} catch (error) {
  parentPort.postMessage({ failed: reasonOf(error) });
}

parentPort.on('message', async (message) => {
  if (message.close || !document) {
    await document?.destroy().catch(() => undefined);
    parentPort.close();
    return;
  }
  const number = message.page;
  let page;
  try {
    page = await document.getPage(number);
    const content = await page.getTextContent();
    parentPort.postMessage({ page: number, text: pageText(content) });
  } catch (error) {
    parentPort.postMessage({ page: number, error: reasonOf(error) });
  } finally {
    // What the page parsed (fonts, resources) goes before the next one: memory stays flat.
    page?.cleanup();
  }
});
