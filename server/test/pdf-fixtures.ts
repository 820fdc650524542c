import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One page of a test PDF: its text (wrapped into lines), or a drawing with no text layer (a scan). */
export type FixturePage = string | { image: true };

const LINE_CHARS = 90;

function wrap(text: string): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > LINE_CHARS) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF made with pdf-lib: A4 pages of Helvetica text (ASCII), or a drawn box where `{ image: true }`. */
export async function makePdf(pages: readonly FixturePage[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const content of pages) {
    const page = document.addPage([595, 842]);
    if (typeof content !== 'string') {
      page.drawRectangle({ x: 60, y: 300, width: 400, height: 400, borderWidth: 2 });
      continue;
    }
    let y = 800;
    for (const line of wrap(content)) {
      if (y < 40) break;
      page.drawText(line, { x: 40, y, size: 10, font });
      y -= 14;
    }
  }
  return document.save();
}

const WORDS = (
  'the customer may return an item within thirty days of delivery for a full refund when it is unused and in its ' +
  'original packaging refunds reach the card that paid for the order within five working days orders above fifty ' +
  'dollars ship free to every address in the country support answers every day from nine to six'
).split(' ');

/**
 * A page of ordinary prose: `words` words (about 300 by default) in sentences of 8–20 words that
 * name the page ("Page 12 says …"), so a test can tell where each passage came from.
 */
export function proseText(page: number, words = 300): string {
  const sentences: string[] = [];
  let count = 0;
  let at = page * 31;
  while (count < words) {
    const length = 8 + ((at * 7) % 13);
    const body = Array.from({ length }, (_, i) => WORDS[(at + i * 5) % WORDS.length]).join(' ');
    sentences.push(`Page ${page} says ${body}.`);
    count += length + 3;
    at += 1;
  }
  return sentences.join(' ');
}
