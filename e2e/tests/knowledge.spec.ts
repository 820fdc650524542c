import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Issue 20: a designer builds a prompt agent's knowledge base from a PDF and a website with no LLM
 * account, watches Train index it, asks in Try it and opens the answer's source. The website is
 * served by this test on 127.0.0.2, the one address the e2e server's outbound rules allow.
 */

/** A PDF with a text layer: one page per paragraph. */
async function policyPdf(pages: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    let y = 780;
    for (const line of text.match(/.{1,85}(\s|$)/g) ?? []) {
      page.drawText(line.trim(), { x: 50, y, size: 11, font });
      y -= 16;
    }
  }
  return Buffer.from(await pdf.save());
}

const PAGES = [
  'Welcome to the Harbour Hotel. This guide explains check-in, breakfast and parking for our guests.',
  'Breakfast is served in the garden restaurant from 7 am to 10:30 am every day. Room service breakfast costs 12 euros per person.',
  'Check-out is at 11 am. A late check-out until 2 pm costs 30 euros and must be asked for at the front desk the day before.',
];

const SITE: Record<string, string> = {
  '/robots.txt': 'User-agent: *\nDisallow: /private/\n',
  '/': `<!doctype html><html><head><title>Harbour Hotel</title></head><body>
    <nav><a href="/spa">Spa</a> <a href="/private/staff">Staff</a> <a href="https://elsewhere.example/">Partner</a></nav>
    <main><h1>Harbour Hotel</h1><p>A small hotel by the old harbour with twenty rooms and a garden.</p></main></body></html>`,
  '/spa': `<!doctype html><html><head><title>Spa</title></head><body><main><h1>Spa and pool</h1>
    <h2>Opening hours</h2><p>The indoor pool and the sauna are open from 8 am to 9 pm. Towels are provided at the spa desk.</p>
    </main></body></html>`,
  '/private/staff': '<html><body><p>Staff rota: nobody should read this.</p></body></html>',
};

async function answerIn(page: Page, question: string) {
  const panel = page.getByRole('complementary', { name: 'Try it' });
  await panel.getByRole('textbox', { name: 'Message' }).fill(question);
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
  const log = panel.getByRole('log', { name: 'Test chat messages' });
  const answers = log.getByLabel('Agent answered');
  const count = await answers.count();
  await expect(answers).toHaveCount(count + 1, { timeout: 30_000 });
  return answers.last();
}

test('a designer builds a knowledge base from a PDF and a website, then Try it answers with its source', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  const requested: string[] = [];
  const site = http.createServer((incoming, response) => {
    requested.push(incoming.url ?? '');
    const body = SITE[incoming.url ?? ''];
    if (body === undefined) return void response.writeHead(404).end('Not found');
    response.writeHead(200, { 'content-type': incoming.url === '/robots.txt' ? 'text/plain' : 'text/html' });
    response.end(body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve));
  const siteUrl = `http://127.0.0.2:${(site.address() as AddressInfo).port}/`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-kb-'));
  const guide = path.join(folder, 'guest guide.pdf');
  fs.writeFileSync(guide, await policyPdf(PAGES));

  const login = demoLogin();
  const token = await apiToken(request, login.email, login.password);
  const created = await request.post('/api/agents', {
    headers: { authtoken: token },
    data: { name: `Hotel desk ${Date.now()}`, description: 'Answers guests', type: 'prompt' },
  });
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;

  await signInToConsole(page, login);
  await page.goto(`/bots/${agentId}/prompt`);
  await page.getByRole('combobox', { name: 'Select Configuration' }).click();
  await page.getByRole('option', { name: 'Offline (no LLM): answers from your documents' }).click();
  await page.getByLabel('Prompt Section').fill('You are the front desk of the Harbour Hotel.');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Configuration updated')).toBeVisible();

  await page.goto(`/bots/${agentId}/gen-ai/prompt`);
  const website = page.getByRole('region', { name: 'Website' });
  await website.getByRole('switch', { name: 'Get knowledge base from Website' }).click();
  await website.getByPlaceholder('Enter the Website Url').fill(siteUrl);
  await website.getByPlaceholder('Enter the Website Url').press('Enter');
  const documents = page.getByRole('region', { name: 'Documents' });
  await documents.getByRole('switch', { name: 'Get knowledge base from Documents' }).click();
  await documents.getByLabel('Choose PDF documents').setInputFiles(guide);
  await documents.getByRole('button', { name: 'Upload All' }).click();
  await expect(documents.getByRole('list', { name: 'Uploaded Documents' })).toContainText('guest guide.pdf');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Configuration updated')).toBeVisible();
  const index = page.getByRole('region', { name: 'Knowledge base index' });
  await expect(index).toContainText('Nothing is indexed yet');

  await page.getByRole('button', { name: 'Train Agent' }).click();
  await expect(page.getByText('Please wait while we are building the knowledge base!!')).toBeVisible();
  await expect(index.getByText(/^Indexed \d+ passages? from 1 document and 2 web pages/)).toBeVisible({
    timeout: 90_000,
  });
  const sources = index.getByRole('table', { name: 'Indexed sources' });
  // The PDF, the two pages of the site, and the page robots.txt kept the crawler out of.
  await expect(sources.getByRole('row')).toHaveCount(5);
  await expect(sources.getByRole('row', { name: /guest guide\.pdf/ })).toContainText('3 / 3');
  await expect(sources).toContainText(`${siteUrl}spa`);
  const privateRow = sources.getByRole('row', { name: /private\/staff/ });
  await expect(privateRow).toContainText('Failed');
  await privateRow.getByRole('button', { name: '1 problem' }).click();
  await expect(privateRow).toContainText('Disallowed by robots.txt');
  expect(requested).not.toContain('/private/staff');
  await saveScreen(page, 'knowledge-base-indexed');

  await page.getByRole('button', { name: 'Try it' }).click();
  const late = await answerIn(page, 'Until when can I have a late check-out?');
  await expect(late).toContainText('2 pm');
  const pdfSource = late.getByRole('link', { name: 'View Source' });
  await expect(pdfSource).toHaveAttribute(
    'href',
    new RegExp(`/api/agents/${agentId}/documents/[0-9a-f-]+/content#page=3$`),
  );
  const opened = context.waitForEvent('request', (candidate) => candidate.url().includes('/content'));
  await pdfSource.click();
  expect((await opened).url()).toMatch(/\/content$/);

  const pool = await answerIn(page, 'When is the pool open?');
  await expect(pool).toContainText('8 am to 9 pm');
  await expect(pool.getByRole('link', { name: 'View Source' })).toHaveAttribute('href', `${siteUrl}spa`);
  await saveScreen(page, 'knowledge-try-it-source');

  const unknown = await answerIn(page, 'Who won the football world cup in 1998?');
  await expect(unknown).not.toContainText('pool');
  await expect(unknown.getByRole('link', { name: 'View Source' })).toHaveCount(0);

  site.close();
  fs.rmSync(folder, { recursive: true, force: true });
});
