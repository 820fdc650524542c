import {
  VendorError,
  whatsappErrorKind,
  type AdapterChannel,
  type HttpAdapterOptions,
  type TemplateStatusEvent,
  type TemplateSubmission,
  type VendorAdapter,
} from './vendor-adapter';
import {
  callVendor,
  describeFailure,
  excerpt,
  isObject,
  kindOfStatus,
  trimSlash,
  withQuery,
  type Json,
  type VendorAnswer,
} from './vendor-http';
import { parseWhatsAppWebhook, verifyChallenge, verifyHmacSignature } from './whatsapp-webhooks';
import {
  cloudSessionPayload,
  cloudSubmissionComponents,
  cloudTemplatePayload,
  submissionMedia,
} from './whatsapp-payloads';
import type { TemplateMedia } from '@parley/contracts/templates';
import { metaTemplateCategories, metaTemplateStatus } from './whatsapp-template-status';

/**
 * WhatsApp Cloud API, straight from Meta (vendor 19; reference/whatsapp.md §3). Messages go to
 * POST /{phone-number-id}/messages with the system user's token; templates to the WhatsApp
 * Business Account's /message_templates, media samples through the resumable upload API of the
 * app; webhooks are Meta's GET challenge and the X-Hub-Signature-256 of the app secret.
 */

const VENDOR = 'Meta';
export const metaDefaultBaseUrl = 'https://graph.facebook.com/v23.0';

/** Meta's `{error:{code, message, error_data:{details}}}` as a VendorError. */
export function metaError(answer: VendorAnswer, action = 'message'): VendorError {
  const error = isObject(answer.json) && isObject(answer.json.error) ? answer.json.error : undefined;
  if (!error) {
    const kind = kindOfStatus(answer.status);
    const code = `HTTP ${answer.status}`;
    return new VendorError(
      kind,
      code,
      describeFailure(VENDOR, kind, code, excerpt(answer.text), { credential: 'access token', action }),
      answer.status,
    );
  }
  const code = String(error.code ?? `HTTP ${answer.status}`);
  const details = isObject(error.error_data) ? error.error_data.details : undefined;
  const detail = String(details ?? error.error_user_msg ?? error.message ?? '').trim();
  const kind = whatsappErrorKind(code, answer.status);
  return new VendorError(
    kind,
    code,
    describeFailure(VENDOR, kind, code, detail, { credential: 'access token', action }),
    answer.status,
  );
}

export function createMetaCloudAdapter(options: HttpAdapterOptions): VendorAdapter {
  const { http } = options;
  const base = trimSlash(options.baseUrl ?? metaDefaultBaseUrl);

  const credential = (channel: AdapterChannel, name: string, label: string) => {
    const value = channel.credentials[name]?.trim();
    if (!value) throw new VendorError('permanent', 'credentials', `The channel has no ${label}`);
    return value;
  };
  const auth = (channel: AdapterChannel) => ({
    authorization: `Bearer ${credential(channel, 'accessToken', 'access token')}`,
  });

  async function graph(
    channel: AdapterChannel,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: Json,
    action = 'message',
  ): Promise<Json> {
    const answer = await callVendor(http, VENDOR, {
      url: `${base}/${path}`,
      method,
      headers: { ...auth(channel), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (answer.status < 200 || answer.status >= 300) throw metaError(answer, action);
    if (!isObject(answer.json))
      throw new VendorError(
        'retryable',
        'malformed',
        `${VENDOR} answered with something other than JSON: ${excerpt(answer.text)}`,
      );
    return answer.json;
  }

  async function send(channel: AdapterChannel, payload: Json) {
    const phoneNumberId = credential(channel, 'phoneNumberId', 'phone number id');
    const answer = await graph(channel, 'POST', `${encodeURIComponent(phoneNumberId)}/messages`, payload);
    const first = Array.isArray(answer.messages) ? answer.messages[0] : undefined;
    const id = isObject(first) ? first.id : undefined;
    if (typeof id !== 'string' || id === '')
      throw new VendorError('permanent', 'malformed', `${VENDOR} accepted the message but returned no message id`);
    return { vendorMessageId: id };
  }

  /** Meta's resumable upload: a session on the app, then the bytes → a handle for the template example. */
  async function uploadSample(channel: AdapterChannel, submission: TemplateSubmission, media: TemplateMedia) {
    const appId = channel.credentials.appId?.trim();
    if (!appId) throw new VendorError('permanent', 'app_id', 'Media headers need the App id to upload the sample');
    if (!submission.readMedia)
      throw new VendorError('permanent', 'media', `The header sample ${media.fileName || media.url} cannot be read`);
    const file = await submission.readMedia(media);
    const session = await graph(
      channel,
      'POST',
      withQuery(`${encodeURIComponent(appId)}/uploads`, {
        file_name: file.fileName,
        file_length: file.bytes.length,
        file_type: file.contentType,
      }),
      undefined,
      'sample upload',
    );
    if (typeof session.id !== 'string')
      throw new VendorError('permanent', 'malformed', `${VENDOR} opened no upload session for the header sample`);
    const answer = await callVendor(http, VENDOR, {
      url: `${base}/${session.id}`,
      method: 'POST',
      headers: {
        authorization: `OAuth ${credential(channel, 'accessToken', 'access token')}`,
        file_offset: '0',
        'content-type': file.contentType || 'application/octet-stream',
      },
      body: file.bytes,
    });
    if (answer.status < 200 || answer.status >= 300) throw metaError(answer, 'sample upload');
    const handle = isObject(answer.json) ? answer.json.h : undefined;
    if (typeof handle !== 'string' || handle === '')
      throw new VendorError('permanent', 'malformed', `${VENDOR} returned no handle for the header sample`);
    return handle;
  }

  return {
    vendor: 19,

    sendTemplate: async (channel, message) => send(channel, cloudTemplatePayload(message)),

    sendSession: async (channel, message) => send(channel, cloudSessionPayload(message)),

    verifyWebhook(channel, request) {
      if (request.method === 'GET') return verifyChallenge(request, channel.webhook.verifyToken);
      const secret = channel.credentials.appSecret?.trim();
      if (!secret)
        return { kind: 'reject', status: 401, reason: 'The channel has no app secret to check the signature' };
      return verifyHmacSignature(request, 'x-hub-signature-256', secret);
    },

    parseWebhook: (_channel, request) => parseWhatsAppWebhook(request.rawBody),

    async testConnection(channel) {
      try {
        const phoneNumberId = credential(channel, 'phoneNumberId', 'phone number id');
        const answer = await graph(
          channel,
          'GET',
          withQuery(encodeURIComponent(phoneNumberId), { fields: 'display_phone_number,verified_name' }),
          undefined,
          'request',
        );
        const name = typeof answer.verified_name === 'string' ? answer.verified_name : 'the WhatsApp number';
        const number = typeof answer.display_phone_number === 'string' ? ` (${answer.display_phone_number})` : '';
        return { ok: true, message: `Connected to ${name}${number}` };
      } catch (error) {
        if (error instanceof VendorError) return { ok: false, message: error.message };
        throw error;
      }
    },

    async submitTemplate(channel, submission) {
      const handles = new Map<TemplateMedia, string>();
      for (const media of submissionMedia(submission.components))
        handles.set(media, await uploadSample(channel, submission, media));
      const components = cloudSubmissionComponents(submission.components, handles);
      if (submission.vendorTemplateId) {
        await graph(
          channel,
          'POST',
          encodeURIComponent(submission.vendorTemplateId),
          { category: submission.category, components },
          'template',
        );
        return { vendorTemplateId: submission.vendorTemplateId, status: 'PENDING' };
      }
      const wabaId = credential(channel, 'wabaId', 'WABA id');
      const answer = await graph(
        channel,
        'POST',
        `${encodeURIComponent(wabaId)}/message_templates`,
        {
          name: submission.name,
          language: submission.language,
          category: submission.category,
          parameter_format: submission.parameterFormat,
          components,
        },
        'template',
      );
      if (typeof answer.id !== 'string' && typeof answer.id !== 'number')
        throw new VendorError('permanent', 'malformed', `${VENDOR} accepted the template but returned no id`);
      const status = metaTemplateStatus(answer.status ?? 'PENDING') ?? 'PENDING';
      return { vendorTemplateId: String(answer.id), status };
    },

    async fetchTemplate(channel, template) {
      const wabaId = credential(channel, 'wabaId', 'WABA id');
      const answer = await graph(
        channel,
        'GET',
        withQuery(`${encodeURIComponent(wabaId)}/message_templates`, {
          name: template.name,
          fields: 'id,name,language,status,category,rejected_reason',
        }),
        undefined,
        'request',
      );
      const list = Array.isArray(answer.data) ? answer.data.filter(isObject) : [];
      const found =
        (template.vendorTemplateId ? list.find((item) => String(item.id) === template.vendorTemplateId) : undefined) ??
        list.find((item) => item.name === template.name && item.language === template.language);
      if (!found) return null;
      const event: TemplateStatusEvent = {
        vendorTemplateId: String(found.id),
        name: String(found.name),
        language: String(found.language),
        status: metaTemplateStatus(found.status) ?? 'PENDING',
      };
      const reason = found.rejected_reason;
      if (typeof reason === 'string' && reason !== '' && reason !== 'NONE') event.reason = reason;
      const category = String(found.category ?? '').toUpperCase();
      if (metaTemplateCategories.has(category)) event.category = category;
      return event;
    },

    async deleteTemplate(channel, template) {
      const wabaId = credential(channel, 'wabaId', 'WABA id');
      await graph(
        channel,
        'DELETE',
        withQuery(`${encodeURIComponent(wabaId)}/message_templates`, {
          name: template.name,
          hsm_id: template.vendorTemplateId ?? undefined,
        }),
        undefined,
        'template',
      );
    },
  };
}
