import { templateVariables } from '@parley/contracts/templates';
import {
  bearer,
  fakeId,
  startFakeServer,
  type FailKind,
  type FakeReply,
  type FakeVendor,
  type RecordedRequest,
} from './fake-server';
import { signedMetaWebhook } from './meta-webhooks';

/**
 * A fake WhatsApp Cloud API (graph.facebook.com) for tests: the phone numbers, WhatsApp Business
 * Accounts and app it knows are given at start; it checks the Bearer token of each, the shape of
 * messages and templates as Meta documents them, answers with Meta's success bodies and with
 * Meta's error envelope `{error:{message, type, code, error_data:{details}, fbtrace_id}}`.
 *
 * Point an adapter at it with `baseUrl: fake.baseUrl` (or PARLEY_VENDOR_BASE_URLS
 * `{"metaCloud": fake.baseUrl}`) and give the channel `fake.credentials()`.
 */

export interface FakeMetaAccount {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appId: string;
  appSecret: string;
  displayPhoneNumber: string;
  verifiedName: string;
}

export interface FakeMetaTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  parameterFormat: string;
  components: unknown[];
  status: string;
  rejectedReason: string;
}

export interface FakeMetaMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  type: string;
  payload: Record<string, unknown>;
}

export interface FakeMeta extends FakeVendor {
  /** The Graph API base to give the adapter: `<url>/v23.0`. */
  baseUrl: string;
  accounts: FakeMetaAccount[];
  /** Channel credentials of an account (the first by default). */
  credentials(account?: FakeMetaAccount): Record<string, string>;
  /** Templates by id. */
  templates: Map<string, FakeMetaTemplate>;
  /** Registers a template as if created in WhatsApp Manager (APPROVED unless told). */
  addTemplate(template: Partial<FakeMetaTemplate> & { name: string }): FakeMetaTemplate;
  /** Changes a template's status, by id or by name. */
  setTemplateStatus(idOrName: string, status: string, rejectedReason?: string): FakeMetaTemplate;
  /** Messages accepted, in order. */
  sent: FakeMetaMessage[];
  /** Upload handles issued (handle → file name, length, type). */
  handles: Map<string, { fileName: string; length: number; type: string; bytes: Buffer }>;
  /** A webhook body (meta-webhooks.ts) as Meta posts it: raw JSON signed with the account's app secret. */
  signedWebhook(body: unknown, account?: FakeMetaAccount): { payload: string; headers: Record<string, string> };
  /** POSTs a webhook body, signed, to a running server's callback URL; answers its status and text. */
  postWebhook(url: string, body: unknown, account?: FakeMetaAccount): Promise<{ status: number; text: string }>;
}

const defaults: FakeMetaAccount = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  accessToken: 'EAAfake-meta-token',
  appId: '1234567890',
  appSecret: 'fake-meta-app-secret',
  displayPhoneNumber: '+91 98765 43210',
  verifiedName: 'Parley Test Business',
};

const fbtrace = () => fakeId('Afake');

export function metaErrorReply(
  status: number,
  code: number,
  message: string,
  details?: string,
  subcode?: number,
): FakeReply {
  return {
    status,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(subcode !== undefined ? { error_subcode: subcode } : {}),
        ...(details !== undefined ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
        fbtrace_id: fbtrace(),
      },
    },
  };
}

const invalid = (details: string) => metaErrorReply(400, 100, '(#100) Invalid parameter', details);
const authFailure = () => metaErrorReply(401, 190, 'Invalid OAuth access token - Cannot parse access token', undefined);

/** Meta's answer for each failure a test can provoke. */
function failureReply(kind: Exclude<FailKind, 'hang'>): FakeReply {
  switch (kind) {
    case 'auth':
      return authFailure();
    case 'permanent':
      return metaErrorReply(
        400,
        132001,
        '(#132001) Template name does not exist in the translation',
        'template name (order_update) does not exist in en_US',
      );
    case 'throughput':
      return metaErrorReply(400, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.');
    case 'maintenance':
      return metaErrorReply(
        400,
        131057,
        '(#131057) Account in maintenance mode',
        'Business Account is in maintenance mode',
      );
    case 'server':
      return metaErrorReply(500, 131000, 'Something went wrong', 'Message failed to send due to an unknown error.');
    case 'outsideWindow':
      return metaErrorReply(
        400,
        131047,
        '(#131047) Re-engagement message',
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      );
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const mediaTypes = ['image', 'video', 'document', 'audio'] as const;

export async function startFakeMeta(
  options: {
    accounts?: Partial<FakeMetaAccount>[];
    /** Refuse templates the fake does not know (132001); by default unknown templates are accepted. */
    strictTemplates?: boolean;
  } = {},
): Promise<FakeMeta> {
  const accounts: FakeMetaAccount[] = (options.accounts?.length ? options.accounts : [{}]).map((account, index) => ({
    ...defaults,
    ...(index > 0
      ? {
          phoneNumberId: `${defaults.phoneNumberId}${index}`,
          wabaId: `${defaults.wabaId}${index}`,
          accessToken: `${defaults.accessToken}-${index}`,
          appId: `${defaults.appId}${index}`,
        }
      : {}),
    ...account,
  }));
  const templates = new Map<string, FakeMetaTemplate>();
  const sent: FakeMetaMessage[] = [];
  const sessions = new Map<string, { fileName: string; length: number; type: string; token: string }>();
  const handles = new Map<string, { fileName: string; length: number; type: string; bytes: Buffer }>();

  const tokenOk = (request: RecordedRequest, token: string) =>
    bearer(request.headers) === token || request.query.access_token === token;

  function sendMessage(account: FakeMetaAccount, request: RecordedRequest): FakeReply {
    const body = request.json;
    if (!isObject(body)) return invalid('The request body must be JSON');
    if (body.messaging_product !== 'whatsapp') return invalid('messaging_product must be "whatsapp"');
    const to = String(body.to ?? '').replace(/^\+/, '');
    if (!/^\d{7,15}$/.test(to)) return invalid(`The parameter to (${String(body.to ?? '')}) is not a phone number`);
    const type = String(body.type ?? 'text');
    if (type === 'text') {
      const text = isObject(body.text) ? body.text.body : undefined;
      if (typeof text !== 'string' || text.trim() === '') return invalid('text.body is required');
    } else if ((mediaTypes as readonly string[]).includes(type)) {
      const media = body[type];
      if (!isObject(media) || (typeof media.link !== 'string' && typeof media.id !== 'string'))
        return invalid(`${type}.link or ${type}.id is required`);
      if (typeof media.link === 'string' && !/^https?:\/\//.test(media.link))
        return invalid(`${type}.link must be an http(s) URL`);
    } else if (type === 'template') {
      const problem = checkTemplateMessage(account, body.template);
      if (problem) return problem;
    } else if (type === 'interactive') {
      const problem = checkReplyButtons(body.interactive);
      if (problem) return problem;
    } else return invalid(`Unsupported message type ${type}`);
    const id = `wamid.${Buffer.from(fakeId('')).toString('base64')}`;
    sent.push({ id, phoneNumberId: account.phoneNumberId, to, type, payload: body });
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: String(body.to), wa_id: to }],
        messages: [{ id, ...(type === 'template' ? { message_status: 'accepted' } : {}) }],
      },
    };
  }

  /** Reply buttons as Meta documents them: a body of up to 1,024 characters, 1–3 unique buttons. */
  function checkReplyButtons(interactive: unknown): FakeReply | undefined {
    if (!isObject(interactive) || interactive.type !== 'button')
      return invalid('interactive.type must be "button" (the only kind this fake takes)');
    const text = isObject(interactive.body) ? interactive.body.text : undefined;
    if (typeof text !== 'string' || text.trim() === '') return invalid('interactive.body.text is required');
    if (text.length > 1024) return invalid('interactive.body.text can have at most 1024 characters');
    const buttons = isObject(interactive.action) ? interactive.action.buttons : undefined;
    if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 3)
      return invalid('interactive.action.buttons must hold 1 to 3 buttons');
    const ids = new Set<string>();
    const titles = new Set<string>();
    for (const button of buttons) {
      const reply = isObject(button) && button.type === 'reply' && isObject(button.reply) ? button.reply : undefined;
      if (!reply || typeof reply.id !== 'string' || typeof reply.title !== 'string')
        return invalid('each button needs type "reply" and reply.id and reply.title');
      if (reply.id === '' || reply.id.length > 256) return invalid('reply.id must have 1 to 256 characters');
      if (reply.title === '' || [...reply.title].length > 20)
        return invalid('reply.title must have 1 to 20 characters');
      if (ids.has(reply.id) || titles.has(reply.title)) return invalid('button ids and titles must be unique');
      ids.add(reply.id);
      titles.add(reply.title);
    }
    return undefined;
  }

  function checkTemplateMessage(account: FakeMetaAccount, template: unknown): FakeReply | undefined {
    if (!isObject(template) || typeof template.name !== 'string' || template.name === '')
      return invalid('template.name is required');
    const language = isObject(template.language) ? template.language.code : undefined;
    if (typeof language !== 'string' || language === '') return invalid('template.language.code is required');
    if (template.components !== undefined && !Array.isArray(template.components))
      return invalid('template.components must be a list');
    for (const component of (template.components as unknown[] | undefined) ?? []) {
      if (!isObject(component) || typeof component.type !== 'string') return invalid('Each component needs a type');
      if (component.type === 'button' && (component.index === undefined || typeof component.sub_type !== 'string'))
        return invalid('A button component needs sub_type and index');
    }
    const known = [...templates.values()].find(
      (item) => item.wabaId === account.wabaId && item.name === template.name && item.language === language,
    );
    if (!known) {
      if (!options.strictTemplates) return undefined;
      return metaErrorReply(
        404,
        132001,
        '(#132001) Template name does not exist in the translation',
        `template name (${template.name}) does not exist in ${language}`,
      );
    }
    if (known.status === 'PAUSED')
      return metaErrorReply(400, 132015, '(#132015) Template is Paused', 'Template is paused due to low quality');
    if (known.status === 'DISABLED')
      return metaErrorReply(400, 132016, '(#132016) Template is Disabled', 'Template has been disabled');
    if (known.status !== 'APPROVED')
      return metaErrorReply(
        404,
        132001,
        '(#132001) Template name does not exist in the translation',
        `template name (${known.name}) is not approved in ${language}`,
      );
    const bodyText = known.components.find((part) => isObject(part) && String(part.type).toUpperCase() === 'BODY');
    const expected = isObject(bodyText) ? new Set(templateVariables(String(bodyText.text ?? ''))).size : 0;
    const given = ((template.components as unknown[] | undefined) ?? []).find(
      (part) => isObject(part) && part.type === 'body',
    );
    const count = isObject(given) && Array.isArray(given.parameters) ? given.parameters.length : 0;
    if (count !== expected)
      return metaErrorReply(
        400,
        132000,
        '(#132000) Number of parameters does not match the expected number of params',
        `body: number of localizable_params (${count}) does not match the expected number of params (${expected})`,
      );
    return undefined;
  }

  function createTemplate(account: FakeMetaAccount, request: RecordedRequest): FakeReply {
    const body = request.json;
    if (!isObject(body)) return invalid('The request body must be JSON');
    const name = String(body.name ?? '');
    if (!/^[a-z0-9_]{1,512}$/.test(name)) return invalid('name must be lowercase letters, digits and underscores');
    if (typeof body.language !== 'string' || body.language === '') return invalid('language is required');
    if (!['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(String(body.category)))
      return invalid('category must be MARKETING, UTILITY or AUTHENTICATION');
    if (!Array.isArray(body.components) || body.components.length === 0) return invalid('components are required');
    const problem = checkSubmittedComponents(body.components);
    if (problem) return problem;
    const duplicate = [...templates.values()].find(
      (item) => item.wabaId === account.wabaId && item.name === name && item.language === body.language,
    );
    if (duplicate)
      return metaErrorReply(
        400,
        100,
        'Invalid parameter',
        `Content in this language already exists: ${name} (${body.language})`,
        2388024,
      );
    const template: FakeMetaTemplate = {
      id: fakeId('9'),
      wabaId: account.wabaId,
      name,
      language: body.language,
      category: String(body.category),
      parameterFormat: String(body.parameter_format ?? 'POSITIONAL'),
      components: body.components,
      status: 'PENDING',
      rejectedReason: 'NONE',
    };
    templates.set(template.id, template);
    return { status: 200, body: { id: template.id, status: template.status, category: template.category } };
  }

  function checkSubmittedComponents(components: unknown[]): FakeReply | undefined {
    const headers: Json[] = [];
    for (const component of components) {
      if (!isObject(component) || typeof component.type !== 'string') return invalid('Each component needs a type');
      if ('media' in component) return invalid('Unknown field media in component');
      if (component.type.toUpperCase() === 'HEADER') headers.push(component);
      if (component.type.toUpperCase() === 'CAROUSEL' && Array.isArray(component.cards))
        for (const card of component.cards)
          for (const part of isObject(card) && Array.isArray(card.components) ? card.components : []) {
            if (isObject(part) && 'media' in part) return invalid('Unknown field media in card component');
            if (isObject(part) && String(part.type).toUpperCase() === 'HEADER') headers.push(part);
          }
    }
    for (const header of headers) {
      if (header.format === 'TEXT') continue;
      const handle =
        isObject(header.example) && Array.isArray(header.example.header_handle)
          ? header.example.header_handle[0]
          : undefined;
      if (typeof handle !== 'string' || !handles.has(handle))
        return metaErrorReply(
          400,
          100,
          'Invalid parameter',
          `A ${String(header.format)} header needs example.header_handle from the resumable upload API`,
          2388273,
        );
    }
    return undefined;
  }

  function listTemplates(account: FakeMetaAccount, request: RecordedRequest): FakeReply {
    const fields = (request.query.fields ?? 'id,name,language,status,category').split(',');
    const data = [...templates.values()]
      .filter((item) => item.wabaId === account.wabaId)
      .filter((item) => !request.query.name || item.name.includes(request.query.name))
      .map((item) => {
        const all: Json = {
          id: item.id,
          name: item.name,
          language: item.language,
          status: item.status,
          category: item.category,
          components: item.components,
          parameter_format: item.parameterFormat,
          rejected_reason: item.rejectedReason,
        };
        return Object.fromEntries(
          fields.map((field) => [field, all[field]]).filter(([, value]) => value !== undefined),
        );
      });
    return { status: 200, body: { data, paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } } };
  }

  function deleteTemplates(account: FakeMetaAccount, request: RecordedRequest): FakeReply {
    const name = request.query.name;
    if (!name) return invalid('name is required');
    const matching = [...templates.values()].filter(
      (item) =>
        item.wabaId === account.wabaId &&
        item.name === name &&
        (!request.query.hsm_id || item.id === request.query.hsm_id),
    );
    if (matching.length === 0)
      return metaErrorReply(400, 100, 'Invalid parameter', `Message template "${name}" was not found`, 2593002);
    for (const item of matching) templates.delete(item.id);
    return { status: 200, body: { success: true } };
  }

  function editTemplate(template: FakeMetaTemplate, request: RecordedRequest): FakeReply {
    const body = request.json;
    if (!isObject(body)) return invalid('The request body must be JSON');
    if (body.components !== undefined) {
      if (!Array.isArray(body.components) || body.components.length === 0) return invalid('components are required');
      const problem = checkSubmittedComponents(body.components);
      if (problem) return problem;
      template.components = body.components;
    }
    if (body.category !== undefined) template.category = String(body.category);
    template.status = 'PENDING';
    template.rejectedReason = 'NONE';
    return { status: 200, body: { success: true } };
  }

  const fake = await startFakeServer((request, failure) => {
    const path = request.path.replace(/^\/v\d+\.\d+/, '');
    const parts = path.split('/').filter(Boolean);

    // Resumable upload, second step: POST /upload:<session> with `Authorization: OAuth <token>`.
    if (parts.length === 1 && parts[0]!.startsWith('upload:') && request.method === 'POST') {
      const session = sessions.get(parts[0]!);
      if (!session) return invalid('Unknown upload session');
      const header = String(request.headers.authorization ?? '');
      if (header !== `OAuth ${session.token}`) return authFailure();
      if (failure) return failureReply(failure);
      if (request.headers.file_offset !== '0') return invalid('file_offset must be 0 for a new upload');
      if (request.rawBody.length !== session.length)
        return invalid(`file_length was ${session.length} but ${request.rawBody.length} bytes arrived`);
      const handle = `4::${Buffer.from(fakeId('h')).toString('base64')}`;
      handles.set(handle, {
        fileName: session.fileName,
        length: session.length,
        type: session.type,
        bytes: request.rawBody,
      });
      return { status: 200, body: { h: handle } };
    }

    const [id, edge] = parts;
    const phone = accounts.find((account) => account.phoneNumberId === id);
    const waba = accounts.find((account) => account.wabaId === id);
    const app = accounts.find((account) => account.appId === id);
    const template = id ? templates.get(id) : undefined;
    const owner =
      phone ?? waba ?? app ?? (template ? accounts.find((account) => account.wabaId === template.wabaId) : undefined);
    if (!owner)
      return metaErrorReply(
        400,
        100,
        `Unsupported ${request.method.toLowerCase()} request. Object with ID '${id ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        undefined,
        33,
      );
    if (!tokenOk(request, owner.accessToken)) return authFailure();
    if (failure) return failureReply(failure);

    if (phone && !edge && request.method === 'GET') {
      const all: Json = {
        id: phone.phoneNumberId,
        display_phone_number: phone.displayPhoneNumber,
        verified_name: phone.verifiedName,
        quality_rating: 'GREEN',
      };
      const fields = (request.query.fields ?? 'id,display_phone_number,verified_name').split(',');
      return { status: 200, body: Object.fromEntries(fields.map((field) => [field, all[field]])) };
    }
    if (phone && edge === 'messages' && request.method === 'POST') return sendMessage(phone, request);
    if (waba && edge === 'message_templates') {
      if (request.method === 'POST') return createTemplate(waba, request);
      if (request.method === 'GET') return listTemplates(waba, request);
      if (request.method === 'DELETE') return deleteTemplates(waba, request);
    }
    if (app && edge === 'uploads' && request.method === 'POST') {
      const length = Number(request.query.file_length);
      if (!request.query.file_name || !Number.isInteger(length) || length <= 0 || !request.query.file_type)
        return invalid('file_name, file_length and file_type are required');
      const session = `upload:${Buffer.from(fakeId('s')).toString('base64url')}`;
      sessions.set(session, {
        fileName: request.query.file_name,
        length,
        type: request.query.file_type,
        token: app.accessToken,
      });
      return { status: 200, body: { id: session } };
    }
    if (template && !edge && request.method === 'POST') return editTemplate(template, request);
    return invalid(`Unsupported request ${request.method} ${request.path}`);
  });

  const first = accounts[0]!;
  const findTemplate = (idOrName: string) => {
    const found = templates.get(idOrName) ?? [...templates.values()].find((item) => item.name === idOrName);
    if (!found) throw new Error(`The fake Meta has no template ${idOrName}`);
    return found;
  };

  return {
    ...fake,
    baseUrl: `${fake.url}/v23.0`,
    accounts,
    credentials: (account = first) => ({
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      accessToken: account.accessToken,
      appSecret: account.appSecret,
      appId: account.appId,
      contactId: account.displayPhoneNumber.replace(/[^\d]/g, ''),
    }),
    templates,
    signedWebhook: (body, account = first) => signedMetaWebhook(body, account.appSecret),
    async postWebhook(url, body, account = first) {
      const { payload, headers } = signedMetaWebhook(body, account.appSecret);
      const answer = await fetch(url, { method: 'POST', headers, body: payload });
      return { status: answer.status, text: await answer.text() };
    },
    addTemplate(input) {
      const template: FakeMetaTemplate = {
        id: fakeId('9'),
        wabaId: first.wabaId,
        language: 'en_US',
        category: 'UTILITY',
        parameterFormat: 'POSITIONAL',
        components: [],
        status: 'APPROVED',
        rejectedReason: 'NONE',
        ...input,
      };
      templates.set(template.id, template);
      return template;
    },
    setTemplateStatus(idOrName, status, rejectedReason = 'NONE') {
      const template = findTemplate(idOrName);
      template.status = status;
      template.rejectedReason = rejectedReason;
      return template;
    },
    sent,
    handles,
    reset() {
      fake.reset();
      sent.length = 0;
    },
  };
}
