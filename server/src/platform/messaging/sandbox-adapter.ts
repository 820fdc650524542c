import type { SandboxPhonePort } from './sandbox-port';
import type { TemplateStatusEvent, VendorAdapter } from './vendor-adapter';
import { parseWhatsAppWebhook, verifyChallenge, verifyHmacSignature } from './whatsapp-webhooks';

/**
 * The built-in Sandbox vendor (vendor 0). Messages go to a simulated phone inside Parley (the
 * sandbox feature, behind SandboxPhonePort); statuses, replies and template verdicts come back as
 * callbacks in Meta's shape, signed with the channel's webhook secret in `x-parley-signature`, and
 * pass through the same verification and parsing as any vendor's webhook.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-parley-signature';

/** Template names starting with this are rejected by the Sandbox's review, to show the rejection flow. */
export const SANDBOX_REJECT_PREFIX = 'sandbox_reject';
export const SANDBOX_REJECT_REASON = 'INVALID_FORMAT';

/** The Sandbox's review verdict of a template: every template is approved unless its name asks otherwise. */
export function sandboxTemplateVerdict(name: string): { status: 'APPROVED' | 'REJECTED'; reason?: string } {
  return name.toLowerCase().startsWith(SANDBOX_REJECT_PREFIX)
    ? { status: 'REJECTED', reason: SANDBOX_REJECT_REASON }
    : { status: 'APPROVED' };
}

/**
 * Sandbox template ids carry the time the review finishes: `sbx_tpl_<ms, base 36>_<random>`. So
 * the verdict can be asked for at any time without a table of reviews.
 */
export function sandboxTemplateId(reviewDoneAt: Date, random: string): string {
  return `sbx_tpl_${reviewDoneAt.getTime().toString(36)}_${random}`;
}

export function sandboxReviewDoneAt(vendorTemplateId: string): Date | null {
  const match = /^sbx_tpl_([0-9a-z]+)_[0-9a-z]+$/.exec(vendorTemplateId);
  if (!match) return null;
  const ms = parseInt(match[1]!, 36);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

export function createSandboxAdapter(options: { phone: SandboxPhonePort }): VendorAdapter {
  const { phone } = options;
  return {
    vendor: 0,

    async sendTemplate(channel, message) {
      const { name, language, category, parameterFormat, components } = message.template;
      return phone.deliver(channel, {
        to: message.to,
        content: {
          type: 'template',
          template: { name, language, category, parameterFormat, components },
          values: message.values,
        },
      });
    },

    async sendSession(channel, message) {
      const content =
        message.kind === 'text'
          ? { type: 'text', text: message.text }
          : message.kind === 'buttons'
            ? // The phone shows WhatsApp's reply buttons; a press comes back as an interactive button_reply.
              { type: 'buttons', text: message.text, buttons: message.buttons }
            : {
                type: 'media',
                mediaType: message.mediaType,
                url: message.url,
                fileName: message.fileName,
                caption: message.caption,
              };
      return phone.deliver(channel, { to: message.to, content });
    },

    verifyWebhook(channel, request) {
      if (request.method === 'GET') return verifyChallenge(request, channel.webhook.verifyToken);
      return verifyHmacSignature(request, SANDBOX_SIGNATURE_HEADER, channel.webhook.secret);
    },

    parseWebhook(_channel, request) {
      return parseWhatsAppWebhook(request.rawBody);
    },

    async testConnection() {
      return { ok: true, message: 'The Sandbox is built in and ready' };
    },

    async submitTemplate(channel, template) {
      const { vendorTemplateId } = await phone.reviewTemplate(channel, {
        name: template.name,
        language: template.language,
      });
      return { vendorTemplateId, status: 'PENDING' };
    },

    async fetchTemplate(_channel, template) {
      if (!template.vendorTemplateId) return null;
      const doneAt = sandboxReviewDoneAt(template.vendorTemplateId);
      if (!doneAt) return null;
      const base = { vendorTemplateId: template.vendorTemplateId, name: template.name, language: template.language };
      if (Date.now() < doneAt.getTime()) return { ...base, status: 'PENDING' } satisfies TemplateStatusEvent;
      const verdict = sandboxTemplateVerdict(template.name);
      return { ...base, ...verdict } satisfies TemplateStatusEvent;
    },

    async deleteTemplate() {
      // The Sandbox keeps no templates of its own: nothing to delete.
    },
  };
}
