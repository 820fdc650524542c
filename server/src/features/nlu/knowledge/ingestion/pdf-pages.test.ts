import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeMessages } from '@parley/contracts/knowledge';
import { makePdf } from '../../../../../test/pdf-fixtures';
import { openPdf, pdfPages, PdfReadError, type PdfPage } from './pdf-pages';

let dir: string;
const file = (name: string) => path.join(dir, name);

async function all(pages: AsyncGenerator<PdfPage>): Promise<PdfPage[]> {
  const read: PdfPage[] = [];
  for await (const page of pages) read.push(page);
  return read;
}

async function failure(run: () => Promise<unknown>): Promise<PdfReadError> {
  const error = await run().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PdfReadError);
  return error as PdfReadError;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-pdf-pages-'));
  fs.writeFileSync(
    file('three.pdf'),
    await makePdf([
      'Opening hours. The shop opens at nine and closes at six.',
      { image: true },
      'Refunds. A re-\nfund reaches the card within five days.',
    ]),
  );
  const valid = fs.readFileSync(file('three.pdf'));
  fs.writeFileSync(file('random.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 7)]));
  fs.writeFileSync(file('truncated.pdf'), valid.subarray(0, Math.floor(valid.length / 3)));
  fs.writeFileSync(file('big.pdf'), Buffer.concat([valid, Buffer.alloc(2048)]));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('pdfPages', () => {
  it('reads the text of every page with its number and reports a page without a text layer', async () => {
    const pages = await all(pdfPages(file('three.pdf')));
    expect(pages).toEqual([
      { page: 1, text: 'Opening hours. The shop opens at nine and closes at six.' },
      { page: 2, error: 'Page 2 has no text (a scanned image?)' },
      // The word broken over a line end is joined again; the line break stays.
      { page: 3, text: 'Refunds. A refund reaches the card within five days.' },
    ]);
    expect(pages[1]).toEqual({ page: 2, error: knowledgeMessages.pageNoText(2) });
  });

  it('starts from a later page when asked (a resumed document)', async () => {
    const pdf = await openPdf(file('three.pdf'));
    try {
      expect(pdf.pageCount).toBe(3);
      expect((await all(pdf.pages(3))).map((page) => page.page)).toEqual([3]);
    } finally {
      await pdf.close();
    }
  });

  it('fails with a clear reason on a file that is not a readable PDF, without harming the process', async () => {
    for (const name of ['random.pdf', 'truncated.pdf']) {
      const error = await failure(() => all(pdfPages(file(name))));
      expect(error.message).toMatch(/^The file could not be read as a PDF: \S/);
    }
    // The process still reads PDFs afterwards.
    expect(await all(pdfPages(file('three.pdf')))).toHaveLength(3);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const size = fs.statSync(file('big.pdf')).size;
    const error = await failure(() => openPdf(file('big.pdf'), { maxBytes: size - 1 }));
    expect(error.message).toBe(knowledgeMessages.pdfTooLarge);
    expect(error.message).toBe('The file is larger than 100 MB');
  });

  it('stops reading a document whose time is up, with the reason', async () => {
    const error = await failure(() => all(pdfPages(file('three.pdf'), { timeLimitMs: 1 })));
    expect(error.message).toBe('Reading the file took longer than 0.001 s');
  });

  it('stops a reader that needs more memory than allowed, and the process carries on', async () => {
    const error = await failure(() => all(pdfPages(file('three.pdf'), { maxMemoryMb: 2 })));
    expect(error.message).toBe(knowledgeMessages.pdfTooMuchMemory);
    expect(await all(pdfPages(file('three.pdf')))).toHaveLength(3);
  });
});
