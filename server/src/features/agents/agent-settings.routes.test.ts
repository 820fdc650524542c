import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agentLimits, defaultAgentConfig } from '@parley/contracts/agents';
import { agentDocuments, agents } from '../../db/schema/agents';
import { files } from '../../db/schema/platform';
import { detectContentType } from '../../platform/files';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let designer: Tenant;
let stranger: Tenant;
let configId: string;
let strangerConfigId: string;

type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: Record<string, unknown>;
};

/** A small, valid PDF: one empty page. */
function pdf(text = 'Hello'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n` +
      `2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n` +
      `% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}
/** A Windows executable: what a renamed .exe looks like. */
function executable(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

function multipart(parts: { name: string; bytes: Buffer; field?: string }[]) {
  const boundary = `----parley${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.name}"\r\n` +
          `Content-Type: application/pdf\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

async function upload(agentId: string, parts: { name: string; bytes: Buffer; field?: string }[], token = admin.token) {
  const { payload, contentType } = multipart(parts);
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/agents/${agentId}/documents`,
    payload,
    headers: { ...as(token), 'content-type': contentType },
  });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

let counter = 0;
async function createAgent(tenant: Tenant, type: 'nlp' | 'prompt' | null = 'nlp') {
  counter += 1;
  const [row] = await context.database.db
    .insert(agents)
    .values({
      enterpriseId: tenant.enterpriseId,
      name: `Agent ${counter}`,
      description: 'About',
      type,
      outOfScopeMessage: defaultAgentConfig.outOfScopeMessage,
    })
    .returning();
  return row!.id;
}

async function createConfiguration(tenant: Tenant, name: string) {
  const { statusCode, body } = await call(
    'POST',
    '/api/genai/configs',
    { name, llm: 1, apikey: 'sk-test-0123456789abcdef' },
    tenant.token,
  );
  expect(statusCode).toBe(200);
  return body.data.id as string;
}

async function documentRows(agentId: string) {
  return context.database.db.select().from(agentDocuments).where(eq(agentDocuments.agentId, agentId));
}
async function fileRows(enterpriseId: string) {
  return context.database.db.select().from(files).where(eq(files.enterpriseId, enterpriseId));
}

const config = {
  entityExtractRetries: 3,
  outOfScopeMessage: 'Out of my depth',
  modelType: 'Semantic',
  confidenceThreshold: 0.7,
  language: 'hi',
  openaiKey: null as string | null,
};

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  designer = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [2] });
  stranger = await createTenant(context);
  configId = await createConfiguration(admin, 'Main OpenAI');
  strangerConfigId = await createConfiguration(stranger, 'Foreign OpenAI');
});
afterAll(async () => {
  await context?.close();
});

describe('test fixtures', () => {
  it('builds PDFs that are PDFs by their bytes and executables that are not', async () => {
    expect(await detectContentType(pdf(), 'a.pdf')).toBe('application/pdf');
    expect(await detectContentType(executable(), 'fake.pdf')).not.toBe('application/pdf');
  });
});

describe('agent configuration', () => {
  it('saves the configuration, keeps it and bumps updatedAt', async () => {
    const id = await createAgent(admin);
    const [before] = await context.database.db.select().from(agents).where(eq(agents.id, id));
    const saved = await call('PUT', `/api/agents/${id}/config`, config);
    expect(saved.statusCode).toBe(200);
    expect(saved.body.message).toBe('Configuration updated');
    expect(saved.body.data).toEqual(config);
    const [after] = await context.database.db.select().from(agents).where(eq(agents.id, id));
    expect(after).toMatchObject({ modelType: 'Semantic', confidenceThreshold: expect.closeTo(0.7), language: 'hi' });
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
  });

  it('refuses retries below 1 with the spec message and a threshold outside 0..200', async () => {
    const id = await createAgent(admin);
    const retries = await call('PUT', `/api/agents/${id}/config`, { ...config, entityExtractRetries: 0 });
    expect(retries.statusCode).toBe(400);
    expect(retries.body.fieldErrors?.entityExtractRetries).toBe('Entity extract retries value cannot be less than 1');
    const threshold = await call('PUT', `/api/agents/${id}/config`, { ...config, confidenceThreshold: 201 });
    expect(threshold.statusCode).toBe(400);
    expect(threshold.body.fieldErrors?.confidenceThreshold).toBe('Threshold must be between 0 and 200');
  });

  it('needs a configuration for OpenAi and GPT2 and accepts one of the enterprise', async () => {
    const id = await createAgent(admin);
    for (const modelType of ['OpenAi', 'GPT2']) {
      const missing = await call('PUT', `/api/agents/${id}/config`, { ...config, modelType });
      expect(missing.statusCode).toBe(400);
      expect(missing.body.message).toBe('Please select a configuration');
      expect(missing.body.fieldErrors?.openaiKey).toBe('Please select a configuration');
    }
    const saved = await call('PUT', `/api/agents/${id}/config`, {
      ...config,
      modelType: 'OpenAi',
      openaiKey: configId,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data.openaiKey).toBe(configId);
  });

  it("refuses another enterprise's configuration and an unknown one", async () => {
    const id = await createAgent(admin);
    for (const openaiKey of [strangerConfigId, crypto.randomUUID()]) {
      const refused = await call('PUT', `/api/agents/${id}/config`, { ...config, modelType: 'OpenAi', openaiKey });
      expect(refused.statusCode).toBe(400);
      expect(refused.body.message).toBe('The selected configuration does not exist. Choose another or create one.');
    }
    const [row] = await context.database.db.select().from(agents).where(eq(agents.id, id));
    expect(row!.genAiIntegrationId).toBeNull();
  });

  it('keeps the stored threshold for SVM (read-only there)', async () => {
    const id = await createAgent(admin);
    await call('PUT', `/api/agents/${id}/config`, { ...config, confidenceThreshold: 0.8 });
    const svm = await call('PUT', `/api/agents/${id}/config`, { ...config, modelType: 'SVM', confidenceThreshold: 42 });
    expect(svm.statusCode).toBe(200);
    expect(svm.body.data.confidenceThreshold).toBeCloseTo(0.8);
  });

  it("answers 404 for another enterprise's agent and an unknown one, and changes nothing", async () => {
    const foreign = await createAgent(stranger);
    expect((await call('PUT', `/api/agents/${foreign}/config`, config)).statusCode).toBe(404);
    expect((await call('PUT', `/api/agents/${crypto.randomUUID()}/config`, config)).statusCode).toBe(404);
    const [row] = await context.database.db.select().from(agents).where(eq(agents.id, foreign));
    expect(row!.modelType).toBe('SVM');
  });

  it('is open to agent designers (NLP.EDIT)', async () => {
    const id = await createAgent(admin);
    expect((await call('PUT', `/api/agents/${id}/config`, config, designer.token)).statusCode).toBe(200);
  });
});

describe('knowledge base configuration', () => {
  it('reads the defaults of a new agent', async () => {
    const id = await createAgent(admin);
    const read = await call('GET', `/api/agents/${id}/genai-config`);
    expect(read.statusCode).toBe(200);
    expect(read.body.data).toEqual({
      kbFromWebsite: false,
      websitesUrls: [],
      kbFromDoc: false,
      documents: [],
      genAiConfigId: null,
      crawlDepth: 1,
      crawlMaxPages: 25,
    });
  });

  it('saves websites and the configuration of an nlp agent', async () => {
    const id = await createAgent(admin);
    const body = {
      kbFromWebsite: true,
      websitesUrls: ['https://example.com/help'],
      kbFromDoc: false,
      documents: [],
      genAiConfigId: configId,
      crawlDepth: 2,
      crawlMaxPages: 40,
    };
    const saved = await call('PUT', `/api/agents/${id}/genai-config`, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toEqual({ ...body, documents: [] });
    expect((await call('GET', `/api/agents/${id}/genai-config`)).body.data).toEqual({ ...body, documents: [] });
    // A client that leaves the crawl settings out keeps them; out of range is refused.
    const { crawlDepth: _depth, crawlMaxPages: _pages, ...withoutCrawl } = body;
    expect((await call('PUT', `/api/agents/${id}/genai-config`, withoutCrawl)).body.data).toMatchObject({
      crawlDepth: 2,
      crawlMaxPages: 40,
    });
    const deep = await call('PUT', `/api/agents/${id}/genai-config`, { ...body, crawlDepth: 4, crawlMaxPages: 0 });
    expect(deep.statusCode).toBe(400);
    expect(deep.body.fieldErrors).toMatchObject({
      crawlDepth: 'The crawl depth is 0 to 3',
      crawlMaxPages: 'A website gives 1 to 200 pages',
    });
  });

  it('needs a URL when the website switch is on, a document when the document switch is on', async () => {
    const id = await createAgent(admin);
    const website = await call('PUT', `/api/agents/${id}/genai-config`, {
      kbFromWebsite: true,
      websitesUrls: [],
      kbFromDoc: false,
      genAiConfigId: configId,
    });
    expect(website.statusCode).toBe(400);
    expect(website.body.message).toBe('Please add at least one website URL');
    const document = await call('PUT', `/api/agents/${id}/genai-config`, {
      kbFromWebsite: false,
      websitesUrls: [],
      kbFromDoc: true,
      genAiConfigId: configId,
    });
    expect(document.statusCode).toBe(400);
    expect(document.body.message).toBe('Please upload at least one document');
    // With a document uploaded, the switch may be on.
    expect((await upload(id, [{ name: 'guide.pdf', bytes: pdf() }])).statusCode).toBe(200);
    const saved = await call('PUT', `/api/agents/${id}/genai-config`, {
      kbFromWebsite: false,
      websitesUrls: [],
      kbFromDoc: true,
      genAiConfigId: configId,
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.body.data.documents as { fileName: string }[]).map((doc) => doc.fileName)).toEqual(['guide.pdf']);
  });

  it('refuses an empty and a non-http URL', async () => {
    const id = await createAgent(admin);
    const base = { kbFromWebsite: true, kbFromDoc: false, genAiConfigId: configId };
    const empty = await call('PUT', `/api/agents/${id}/genai-config`, { ...base, websitesUrls: ['  '] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.message).toBe('Website Url cannot be empty');
    const ftp = await call('PUT', `/api/agents/${id}/genai-config`, { ...base, websitesUrls: ['ftp://x.org'] });
    expect(ftp.body.message).toBe('Please enter a valid website URL (http or https)');
  });

  it('needs a configuration on an nlp agent when a switch is on, and one of the enterprise', async () => {
    const id = await createAgent(admin);
    const base = { kbFromWebsite: true, websitesUrls: ['https://example.com'], kbFromDoc: false };
    const missing = await call('PUT', `/api/agents/${id}/genai-config`, { ...base, genAiConfigId: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.body.message).toBe('Please select a configuration');
    const foreign = await call('PUT', `/api/agents/${id}/genai-config`, { ...base, genAiConfigId: strangerConfigId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body.code).toBe(5003);
    // Both switches off: nothing is needed.
    const off = await call('PUT', `/api/agents/${id}/genai-config`, {
      kbFromWebsite: false,
      websitesUrls: [],
      kbFromDoc: false,
      genAiConfigId: null,
    });
    expect(off.statusCode).toBe(200);
  });

  it("takes a prompt agent's configuration from its prompt section", async () => {
    const id = await createAgent(admin, 'prompt');
    const base = { kbFromWebsite: true, websitesUrls: ['https://example.com'], kbFromDoc: false, genAiConfigId: null };
    const missing = await call('PUT', `/api/agents/${id}/genai-config`, base);
    expect(missing.statusCode).toBe(400);
    expect(missing.body.message).toBe('Please select a configuration in the prompt section.');
    await call('PUT', `/api/agents/${id}/prompt`, {
      openaiKey: configId,
      prompt: 'Be kind',
      extractData: false,
      userData: [],
    });
    const saved = await call('PUT', `/api/agents/${id}/genai-config`, base);
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data.genAiConfigId).toBe(configId);
  });

  it("answers 404 for another enterprise's agent", async () => {
    const foreign = await createAgent(stranger);
    expect((await call('GET', `/api/agents/${foreign}/genai-config`)).statusCode).toBe(404);
    const put = await call('PUT', `/api/agents/${foreign}/genai-config`, {
      kbFromWebsite: false,
      websitesUrls: [],
      kbFromDoc: false,
    });
    expect(put.statusCode).toBe(404);
  });
});

describe('prompt configuration', () => {
  const prompt = {
    openaiKey: '',
    prompt: '  You are the front desk of a hotel.\nAnswer briefly.  ',
    extractData: true,
    userData: [{ name: 'email', description: 'The guest email' }],
  };

  it('saves the prompt and its variables', async () => {
    const id = await createAgent(admin, 'prompt');
    const saved = await call('PUT', `/api/agents/${id}/prompt`, { ...prompt, openaiKey: configId });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toEqual({
      openaiKey: configId,
      prompt: 'You are the front desk of a hotel.\nAnswer briefly.',
      extractData: true,
      userData: [{ name: 'email', description: 'The guest email' }],
    });
    const [row] = await context.database.db.select().from(agents).where(eq(agents.id, id));
    expect(row!.promptConfig?.userData).toHaveLength(1);
  });

  it('asks for a prompt, a configuration and complete variables', async () => {
    const id = await createAgent(admin, 'prompt');
    const empty = await call('PUT', `/api/agents/${id}/prompt`, { ...prompt, openaiKey: configId, prompt: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.fieldErrors?.prompt).toBe('Prompt is Mandatory');
    const noConfig = await call('PUT', `/api/agents/${id}/prompt`, { ...prompt, openaiKey: null });
    expect(noConfig.body.fieldErrors?.openaiKey).toBe('Please select any configuration');
    const incomplete = await call('PUT', `/api/agents/${id}/prompt`, {
      ...prompt,
      openaiKey: configId,
      userData: [{ name: 'email', description: ' ' }],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.body.fieldErrors?.userData).toBe('Add variables name , description and fill mandatory fields');
    const none = await call('PUT', `/api/agents/${id}/prompt`, { ...prompt, openaiKey: configId, userData: [] });
    expect(none.body.fieldErrors?.userData).toBe('Add variables name , description and fill mandatory fields');
    // Collecting nothing: no variables needed.
    const plain = await call('PUT', `/api/agents/${id}/prompt`, {
      ...prompt,
      openaiKey: configId,
      extractData: false,
      userData: [],
    });
    expect(plain.statusCode).toBe(200);
  });

  it("refuses another enterprise's configuration and agent", async () => {
    const id = await createAgent(admin, 'prompt');
    const foreignConfig = await call('PUT', `/api/agents/${id}/prompt`, { ...prompt, openaiKey: strangerConfigId });
    expect(foreignConfig.statusCode).toBe(400);
    expect(foreignConfig.body.code).toBe(5003);
    const foreign = await createAgent(stranger, 'prompt');
    expect((await call('PUT', `/api/agents/${foreign}/prompt`, { ...prompt, openaiKey: configId })).statusCode).toBe(
      404,
    );
  });
});

describe('documents', () => {
  it('uploads several PDFs at once, lists them oldest first, and deletes one with its file', async () => {
    const id = await createAgent(admin);
    const uploaded = await upload(id, [
      { name: 'manual.pdf', bytes: pdf('one') },
      { name: 'prices.pdf', bytes: pdf('two') },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const documents = uploaded.body.data.documents as { id: string; fileName: string; size: number }[];
    expect(documents.map((doc) => doc.fileName)).toEqual(['manual.pdf', 'prices.pdf']);
    expect(documents[0]!.size).toBe(pdf('one').length);

    const listed = await call('GET', `/api/agents/${id}/genai-config`);
    expect((listed.body.data.documents as { fileName: string }[]).map((doc) => doc.fileName)).toEqual([
      'manual.pdf',
      'prices.pdf',
    ]);

    const [row] = await context.database.db
      .select()
      .from(agentDocuments)
      .where(eq(agentDocuments.id, documents[0]!.id));
    const removed = await call('DELETE', `/api/agents/${id}/documents/${documents[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.body.message).toBe('File has been removed');
    expect(await documentRows(id)).toHaveLength(1);
    const file = await context.database.db.select().from(files).where(eq(files.id, row!.fileId));
    expect(file).toHaveLength(0);
  });

  it("shows an uploaded PDF in the browser ('View Source'), only to its own enterprise", async () => {
    const id = await createAgent(admin);
    const uploaded = await upload(id, [{ name: 'menu card.pdf', bytes: pdf('menu') }]);
    const [document] = uploaded.body.data.documents as { id: string }[];
    const shown = await context.app.inject({
      method: 'GET',
      url: `/api/agents/${id}/documents/${document!.id}/content`,
      headers: as(admin.token),
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toBe('inline; filename="menu%20card.pdf"');
    expect(shown.rawPayload.equals(pdf('menu'))).toBe(true);
    const foreign = await context.app.inject({
      method: 'GET',
      url: `/api/agents/${id}/documents/${document!.id}/content`,
      headers: as(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses an executable renamed .pdf and stores nothing, even beside a real PDF', async () => {
    const id = await createAgent(stranger);
    const before = (await fileRows(stranger.enterpriseId)).length;
    const refused = await upload(
      id,
      [
        { name: 'good.pdf', bytes: pdf() },
        { name: 'fake.pdf', bytes: executable() },
      ],
      stranger.token,
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.body.message).toBe('"fake.pdf" is not a PDF document');
    expect(await documentRows(id)).toHaveLength(0);
    expect(await fileRows(stranger.enterpriseId)).toHaveLength(before);
  });

  it('refuses a duplicate name, in the request or already uploaded, whatever the case', async () => {
    const id = await createAgent(admin);
    expect((await upload(id, [{ name: 'Guide.pdf', bytes: pdf() }])).statusCode).toBe(200);
    const again = await upload(id, [{ name: 'guide.PDF', bytes: pdf('other') }]);
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe('File "guide.PDF" is already exist');
    const twice = await upload(id, [
      { name: 'faq.pdf', bytes: pdf() },
      { name: 'FAQ.pdf', bytes: pdf() },
    ]);
    expect(twice.statusCode).toBe(409);
    expect(twice.body.message).toBe('File "FAQ.pdf" is already exist');
    expect((await documentRows(id)).map((row) => row.fileName)).toEqual(['Guide.pdf']);
  });

  it('refuses a document larger than the limit with 413', async () => {
    const id = await createAgent(admin);
    const big = Buffer.concat([pdf(), Buffer.alloc(agentLimits.documentMaxBytes, 32)]);
    const refused = await upload(id, [{ name: 'huge.pdf', bytes: big }]);
    expect(refused.statusCode).toBe(413);
    expect(await documentRows(id)).toHaveLength(0);
  });

  it('refuses uploads beyond the document limit', async () => {
    const id = await createAgent(admin);
    const [file] = await context.database.db
      .insert(files)
      .values({
        enterpriseId: admin.enterpriseId,
        name: 'x.pdf',
        contentType: 'application/pdf',
        size: 1,
        storageKey: 'x',
      })
      .returning();
    await context.database.db.insert(agentDocuments).values(
      Array.from({ length: agentLimits.documentsMax }, (_, index) => ({
        enterpriseId: admin.enterpriseId,
        agentId: id,
        fileId: file!.id,
        fileName: `doc-${index}.pdf`,
        size: 1,
      })),
    );
    const full = await upload(id, [{ name: 'one-more.pdf', bytes: pdf() }]);
    expect(full.statusCode).toBe(409);
    expect(full.body.code).toBe(5009);
  });

  it('asks for at least one file, sent as multipart', async () => {
    const id = await createAgent(admin);
    const none = await upload(id, []);
    expect(none.statusCode).toBe(400);
    const json = await call('POST', `/api/agents/${id}/documents`, { files: [] });
    expect(json.statusCode).toBe(415);
  });

  it("answers 404 for another enterprise's agent and document", async () => {
    const foreign = await createAgent(stranger);
    expect((await upload(foreign, [{ name: 'a.pdf', bytes: pdf() }])).statusCode).toBe(404);
    expect(await documentRows(foreign)).toHaveLength(0);

    const uploaded = await upload(foreign, [{ name: 'theirs.pdf', bytes: pdf() }], stranger.token);
    const theirs = (uploaded.body.data.documents as { id: string }[])[0]!.id;
    const mine = await createAgent(admin);
    expect((await call('DELETE', `/api/agents/${mine}/documents/${theirs}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/agents/${foreign}/documents/${theirs}`)).statusCode).toBe(404);
    const still = await context.database.db
      .select()
      .from(agentDocuments)
      .where(and(eq(agentDocuments.id, theirs), eq(agentDocuments.agentId, foreign)));
    expect(still).toHaveLength(1);
  });
});
