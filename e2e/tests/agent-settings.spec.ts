import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, signInToConsole, test, toast } from '../support/fixtures';

/** Agents.md §2.6–§2.9: an agent designer configures an agent, its knowledge base and its prompt. */

async function createAgent(request: APIRequestContext, token: string, type: 'nlp' | 'prompt') {
  const response = await request.post('/api/agents', {
    headers: { authtoken: token },
    data: { name: `Settings ${type} ${Date.now()}`, description: 'Agent settings story', type },
  });
  const body = (await response.json()) as { status: boolean; data: { id: string } };
  expect(body.status).toBe(true);
  return body.data.id;
}

async function createConfiguration(request: APIRequestContext, token: string, name: string) {
  const response = await request.post('/api/genai/configs', {
    headers: { authtoken: token },
    data: { name, llm: 1, apikey: 'sk-e2e-0123456789abcdef' },
  });
  expect(((await response.json()) as { status: boolean }).status).toBe(true);
}

/** A small, valid one-page PDF. */
function pdfBytes(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n` +
      `2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n` +
      `% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

async function chooseOption(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an agent designer sets the model, threshold and a new GenAI configuration', async ({ page, request }) => {
  const login = demoLogin();
  const token = await apiToken(request, login.email, login.password);
  const agentId = await createAgent(request, token, 'nlp');
  const configName = `Support OpenAI ${Date.now()}`;

  await signInToConsole(page, login);
  await page.goto(`/bots/${agentId}/configuration`);
  const retries = page.getByRole('textbox', { name: 'Entity Extract Retries' });
  await expect(retries).toHaveValue('2');

  await retries.fill('0');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Entity extract retries value cannot be less than 1')).toBeVisible();
  await retries.fill('3');

  await page.getByRole('button', { name: 'Create Configuration' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Configuration' });
  await expect(modal.getByText('Configuration name should not be empty')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('Configuration name should not be empty')).toBeVisible();
  await expect(modal.getByText('API Key should not be empty')).toBeVisible();
  await expect(modal.getByText('LLM Type should not be empty')).toBeVisible();
  await saveScreen(page, 'agent-settings-create-configuration');
  await modal.getByLabel('Configuration Name').fill(configName);
  await modal.getByRole('combobox', { name: 'LLM Type' }).click();
  await page.getByRole('option', { name: 'OpenAI', exact: true }).click();
  await modal.getByLabel('API Key').fill('sk-e2e-secret-0123456789');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Configuration created')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Select Configuration' })).toHaveValue(configName);

  await chooseOption(page, 'Model Type', 'Semantic');
  await page.getByRole('textbox', { name: 'Threshold' }).fill('0.7');
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Hindi' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Configuration updated')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Model Type' })).toHaveValue('Semantic');
  await expect(page.getByRole('textbox', { name: 'Threshold' })).toHaveValue('0.7');
  await expect(page.getByRole('textbox', { name: 'Entity Extract Retries' })).toHaveValue('3');
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('Hindi');
  await expect(page.getByRole('combobox', { name: 'Select Configuration' })).toHaveValue(configName);
  await saveScreen(page, 'agent-settings-configuration');

  await chooseOption(page, 'Model Type', 'SVM');
  await expect(page.getByRole('textbox', { name: 'Threshold' })).toHaveAttribute('readonly', '');
  await chooseOption(page, 'Model Type', 'GPT2');
  await expect(page.getByRole('textbox', { name: 'Threshold' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${agentId}/intents$`));
});

test('an agent designer builds a knowledge base from PDFs and websites', async ({ page, request }) => {
  const login = demoLogin();
  const token = await apiToken(request, login.email, login.password);
  const agentId = await createAgent(request, token, 'nlp');
  const configName = `Knowledge ${Date.now()}`;
  await createConfiguration(request, token, configName);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-kb-'));
  const guide = path.join(folder, 'guide.pdf');
  const prices = path.join(folder, 'prices.pdf');
  const fake = path.join(folder, 'fake.pdf');
  fs.writeFileSync(guide, pdfBytes('guide'));
  fs.writeFileSync(prices, pdfBytes('prices'));
  const executable = Buffer.alloc(512);
  executable.write('MZ', 0, 'latin1');
  executable.writeUInt32LE(0x80, 0x3c);
  executable.write('PE\0\0', 0x80, 'latin1');
  fs.writeFileSync(fake, executable);

  await signInToConsole(page, login);
  await page.goto(`/bots/${agentId}/gen-ai`);
  await expect(page.getByRole('heading', { name: 'GenAI Configuration' })).toBeVisible();
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText('Accepts only pdf file')).toBeVisible();
  await expect(documents.getByRole('button', { name: 'Choose file' })).toBeDisabled();

  await documents.getByRole('switch', { name: 'Get knowledge base from Documents' }).click();
  await expect(documents.getByRole('button', { name: 'Choose file' })).toBeEnabled();
  const chooser = documents.getByLabel('Choose PDF documents');
  await chooser.setInputFiles([guide, prices]);
  await expect(documents.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);
  await documents.getByRole('button', { name: 'Upload All' }).click();
  await expect(toast(page, '2 documents uploaded')).toBeVisible();
  const uploaded = documents.getByRole('list', { name: 'Uploaded Documents' });
  await expect(uploaded.getByRole('listitem')).toHaveCount(2);
  await expect(documents.getByText('Accepts only pdf file')).toBeVisible();

  await chooser.setInputFiles(guide);
  await expect(toast(page, 'File "guide.pdf" is already exist')).toBeVisible();

  await chooser.setInputFiles(fake);
  await documents.getByRole('button', { name: 'Upload fake.pdf' }).click();
  await expect(toast(page, '"fake.pdf" is not a PDF document')).toBeVisible();
  await expect(uploaded.getByText('fake.pdf')).toHaveCount(0);
  await documents.getByRole('button', { name: 'Remove fake.pdf from the selection' }).click();
  await expect(documents.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);

  await documents.getByRole('button', { name: 'Delete prices.pdf' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Document' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'File has been removed')).toBeVisible();
  await expect(uploaded.getByRole('listitem')).toHaveCount(1);
  await expect(uploaded).toContainText('guide.pdf');

  const website = page.getByRole('region', { name: 'Website' });
  await website.getByRole('switch', { name: 'Get knowledge base from Website' }).click();
  await website.getByRole('button', { name: 'Add website URL' }).click();
  await expect(website.getByText('Website Url cannot be empty')).toBeVisible();
  await website.getByPlaceholder('Enter the Website Url').fill('https://example.com/help');
  await website.getByPlaceholder('Enter the Website Url').press('Enter');
  await website.getByPlaceholder('Enter the Website Url').fill('https://example.com/old');
  await website.getByRole('button', { name: 'Add website URL' }).click();
  await expect(website.getByRole('listitem')).toHaveCount(2);
  await website.getByRole('button', { name: 'Remove https://example.com/old' }).click();
  await expect(toast(page, 'Url has been removed')).toBeVisible();
  await expect(website.getByRole('listitem')).toHaveCount(1);

  // Saving with a switch on needs a configuration: the server says so.
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Please select a configuration')).toBeVisible();
  await chooseOption(page, 'Select Configuration', configName);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Configuration updated')).toBeVisible();
  await saveScreen(page, 'agent-settings-knowledge-base');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Website' }).getByRole('listitem')).toHaveText(
    'https://example.com/help',
  );
  await expect(page.getByRole('switch', { name: 'Get knowledge base from Documents' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Select Configuration' })).toHaveValue(configName);
  fs.rmSync(folder, { recursive: true, force: true });
});

test('an agent designer writes the prompt and the data to collect', async ({ page, request }) => {
  const login = demoLogin();
  const token = await apiToken(request, login.email, login.password);
  const agentId = await createAgent(request, token, 'prompt');
  const configName = `Prompt ${Date.now()}`;
  await createConfiguration(request, token, configName);

  await signInToConsole(page, login);
  await page.goto(`/bots/${agentId}/prompt`);
  await expect(page.getByRole('heading', { name: 'Prompt', exact: true })).toBeVisible();
  await expect(page.getByText('No Record')).toBeVisible();

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Prompt is Mandatory')).toBeVisible();
  await expect(page.getByText('Please select any configuration')).toBeVisible();

  await chooseOption(page, 'Select Configuration', configName);
  await page.getByLabel('Prompt Section').fill('You are the front desk of the Hotel Parley. Answer in two sentences.');
  await page.getByRole('switch', { name: 'Do you want to collect data after conversation?' }).click();
  await expect(page.getByRole('button', { name: 'Add Variable' })).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Add variables name , description and fill mandatory fields' }).first(),
  ).toBeVisible();

  await page.getByRole('textbox', { name: 'Variable name 1' }).fill('email');
  await page.getByRole('textbox', { name: 'Description 1' }).fill('The guest email address');
  await page.getByRole('button', { name: 'Add Variable' }).click();
  await page.getByRole('textbox', { name: 'Variable name 2' }).fill('nights');
  await page.getByRole('textbox', { name: 'Description 2' }).fill('How many nights');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Configuration updated')).toBeVisible();
  await saveScreen(page, 'agent-settings-prompt');

  await page.reload();
  await expect(page.getByLabel('Prompt Section')).toHaveValue(/front desk of the Hotel Parley/);
  await expect(page.getByRole('switch', { name: 'Do you want to collect data after conversation?' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Variable name 2' })).toHaveValue('nights');
  await page.getByRole('button', { name: 'Delete variable 2' }).click();
  await page.getByRole('dialog', { name: 'Delete Variable' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('textbox', { name: 'Variable name 2' })).toHaveCount(0);

  // The prompt agent's knowledge base uses the prompt's configuration.
  await page.goto(`/bots/${agentId}/gen-ai/prompt`);
  await expect(page.getByRole('heading', { name: 'Knowledge Base Configuration' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Select Configuration' })).toHaveCount(0);
  await expect(page.getByText(`Uses the prompt section's configuration: ${configName}.`)).toBeVisible();
  await saveScreen(page, 'agent-settings-prompt-knowledge-base');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${agentId}/prompt$`));
});
