import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { OFFLINE_GENAI_CONFIG } from '@parley/contracts/integrations';
import type { Db } from './db/client';
import { agentDocuments, agents } from './db/schema/agents';
import { createFileStore } from './platform/files';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A page of a demo PDF: its heading and paragraphs. */
export interface PdfSection {
  heading: string;
  paragraphs: string[];
}

/** The console's help (docs/help.md): the '## ' sections, each a page of "Parley help.pdf". */
const HELP_FILE = new URL('../../docs/help.md', import.meta.url);

const POLICY: PdfSection[] = [
  {
    heading: 'Orders',
    paragraphs: [
      'You can order on our website, in the mobile app or by WhatsApp. Every order gets an order number of the form DE-123456, sent to you by email and WhatsApp as soon as the payment is accepted.',
      'You can change or cancel an order free of charge until it is packed, usually within two hours of ordering. After that, cancel it by refusing the delivery or return it once it arrives.',
    ],
  },
  {
    heading: 'Delivery',
    paragraphs: [
      'Standard delivery takes three to five working days and is free for orders above 499 rupees; below that it costs 49 rupees. Express delivery arrives the next working day in metro cities for 149 rupees when you order before 2 pm.',
      'We send a tracking link by WhatsApp when the parcel leaves our warehouse. If a delivery attempt fails, the courier tries again the next working day, twice at most, before the parcel comes back to us and we refund you.',
    ],
  },
  {
    heading: 'Returns and refunds',
    paragraphs: [
      'You can return most items within 30 days of delivery, unused and in their original packaging. Start a return from your orders page or by sending the word RETURN with your order number on WhatsApp; we collect the parcel from your address free of charge.',
      'Refunds go back to the card, UPI account or wallet you paid with within five working days after the returned item reaches our warehouse. Cash on delivery orders are refunded by bank transfer. Innerwear, perishable food and gift cards cannot be returned.',
    ],
  },
  {
    heading: 'Payments and invoices',
    paragraphs: [
      'We accept credit and debit cards, UPI, net banking, our wallet and cash on delivery for orders up to 10,000 rupees. Your invoice with GST is attached to the delivery email and can be downloaded from the orders page for seven years.',
      'If a payment failed but money left your account, it comes back automatically within seven working days. Write to support@demo-enterprise.example with your order number if it does not.',
    ],
  },
];

/** The sections of a Markdown text under its '## ' headings (the title and intro are left out). */
export function markdownSections(markdown: string): PdfSection[] {
  const sections: PdfSection[] = [];
  for (const block of markdown.split(/^## /m).slice(1)) {
    const [heading = '', ...body] = block.split('\n');
    const paragraphs = body
      .join('\n')
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
      .filter((paragraph) => paragraph.length > 0);
    sections.push({ heading: heading.trim(), paragraphs });
  }
  return sections;
}

/** Lines of `text` that fit `width` points in `font` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** A real, text-layer PDF: the title on the first page, then one page per section. */
export async function buildPdf(title: string, sections: readonly PdfSection[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Parley demo seed');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height, margin] = [595, 842, 56];
  sections.forEach((section, index) => {
    const page = pdf.addPage([width, height]);
    let y = height - margin;
    if (index === 0) {
      page.drawText(title, { x: margin, y: y - 8, size: 20, font: bold, color: rgb(0.1, 0.2, 0.45) });
      y -= 48;
    }
    page.drawText(section.heading, { x: margin, y, size: 15, font: bold });
    y -= 28;
    for (const paragraph of section.paragraphs) {
      for (const line of wrap(paragraph, regular, 11, width - 2 * margin)) {
        page.drawText(line, { x: margin, y, size: 11, font: regular });
        y -= 16;
      }
      y -= 10;
    }
    page.drawText(`${title} · page ${index + 1}`, {
      x: margin,
      y: 32,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.4),
    });
  });
  return Buffer.from(await pdf.save());
}

/**
 * The demo Support Concierge's knowledge base (issue 20 item 6): the enterprise's orders, delivery
 * and returns policy, and the console's own help, as two PDFs in its documents. It answers with no
 * LLM (the Offline configuration): the first start builds the index (buildKnowledgeOnReady).
 */
export async function seedDemoKnowledge(
  tx: Tx,
  options: { enterpriseId: string; agentId: string; uploadedBy: string | null; dataDir: string },
): Promise<void> {
  const files = createFileStore({ db: tx as Db, dataDir: options.dataDir });
  const documents = [
    { name: 'Demo Enterprise orders, delivery and returns.pdf', sections: POLICY },
    { name: 'Parley help.pdf', sections: markdownSections(fs.readFileSync(HELP_FILE, 'utf8')) },
  ];
  const startedAt = Date.now();
  for (const [index, document] of documents.entries()) {
    const bytes = await buildPdf(document.name.replace(/\.pdf$/, ''), document.sections);
    const file = await files.save({
      enterpriseId: options.enterpriseId,
      uploadedBy: options.uploadedBy,
      name: document.name,
      bytes,
      allowedTypes: ['application/pdf'],
    });
    await tx.insert(agentDocuments).values({
      enterpriseId: options.enterpriseId,
      agentId: options.agentId,
      fileId: file.id,
      fileName: document.name,
      size: file.size,
      createdAt: new Date(startedAt + index),
    });
  }
  const [agent] = await tx
    .select({ promptConfig: agents.promptConfig })
    .from(agents)
    .where(and(eq(agents.enterpriseId, options.enterpriseId), eq(agents.id, options.agentId)));
  await tx
    .update(agents)
    .set({
      knowledgeConfig: { kbFromWebsite: false, websitesUrls: [], kbFromDoc: true, genAiConfigId: null },
      promptConfig: {
        prompt: agent?.promptConfig?.prompt ?? '',
        extractData: agent?.promptConfig?.extractData ?? false,
        userData: agent?.promptConfig?.userData ?? [],
        openaiKey: OFFLINE_GENAI_CONFIG.id,
      },
    })
    .where(and(eq(agents.enterpriseId, options.enterpriseId), eq(agents.id, options.agentId)));
}
