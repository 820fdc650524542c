import fs from 'node:fs/promises';
import { channelMessages, vendorIds, vendorSpec } from '@parley/contracts/channels';
import { errorCatalog } from '@parley/contracts/errors';
import {
  exampleValues,
  headerMediaTypes,
  templateFieldErrors,
  templateKind,
  validateTemplate,
  type Template,
  type TemplateComponent,
  type TemplateInput,
  type TemplateMedia,
  type TemplateStatus,
  type TemplateValues,
  type templateListQuery,
  type templateStatusBody,
  type templateTestSendBody,
} from '@parley/contracts/templates';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/postgres-errors';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { VendorAdapters } from '../../platform/messaging/adapters';
import type { ChannelMessaging, MessagingChannel } from '../../platform/messaging/channel-messaging';
import {
  VendorError,
  type TemplateMessage,
  type TemplateStatusEvent,
  type TemplateSubmission,
} from '../../platform/messaging/vendor-adapter';
import { normalizePhone } from '../../platform/phone';
import type { EventBus } from '../../platform/realtime/bus';
import { createTemplatesRepository, type TemplateRow, type TemplateWithChannel } from './templates.repository';

export interface TemplatesServiceDeps {
  db: Db;
  bus: EventBus;
  config: Config;
  files: FileStore;
  adapters: VendorAdapters;
  messaging: ChannelMessaging;
}

/** Channel types that carry templates: WhatsApp (4) and RCS (10). */
const TEMPLATE_CHANNEL_TYPES: readonly number[] = [4, 10];
const FILE_URL = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** How long a vendor's verdict that arrived before its template was stored is kept for it. */
const EARLY_EVENT_TTL_MS = 5 * 60_000;
const EARLY_EVENT_MAX = 1000;

export const portalReason = (vendorName: string) =>
  `Register this template in ${vendorName}'s portal, then record its status here.`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toTemplate(row: TemplateWithChannel): Template {
  const components = row.components as TemplateComponent[];
  return {
    id: row.id,
    templateId: row.name,
    name: row.name,
    channelId: row.channelId,
    channelName: row.channelName,
    language: row.language,
    category: row.category,
    parameter_format: row.parameterFormat,
    type: templateKind(components),
    components,
    status: row.status,
    reason: row.reason,
    vendorTemplateId: row.vendorTemplateId,
    vendorManaged: vendorSpec(row.channelVendor)?.templateApi ?? false,
    submittedAt: iso(row.submittedAt),
    statusAt: row.statusAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const invalid = (fieldErrors: Record<string, string>) => new AppError('TEMPLATE_INVALID', { fieldErrors });

/**
 * Message templates (platform §7.5, §9): every limit checked before anything is written or sent,
 * submission to the channel's vendor before the row is stored (a refusal stores nothing), status
 * from the vendor's webhooks and from Sync, and the test send of an approved template.
 */
export function createTemplatesService(deps: TemplatesServiceDeps) {
  const repository = createTemplatesRepository(deps.db);
  const { messaging, adapters, files, bus, config } = deps;

  /** Verdicts that arrived before the template's row existed (a vendor answering very fast). */
  const earlyEvents = new Map<string, { event: TemplateStatusEvent; at: number }>();
  /** Keys of a row (both) or of an event (the vendor's id when it gives one, else name and language). */
  const earlyKeys = (
    channelId: string,
    subject: { vendorTemplateId?: string | null; name?: string; language?: string },
    options: { both?: boolean } = {},
  ) => {
    const byId = subject.vendorTemplateId ? `${channelId}#id#${subject.vendorTemplateId}` : null;
    const byName = subject.name ? `${channelId}#name#${subject.name}#${subject.language ?? ''}` : null;
    return (options.both ? [byId, byName] : [byId ?? byName]).filter((key): key is string => key !== null);
  };

  async function found(enterpriseId: string, id: string) {
    const row = await repository.get(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND', { message: 'Template not found' });
    return row;
  }

  async function templateChannel(enterpriseId: string, channelId: string) {
    const channel = await messaging.channel(enterpriseId, channelId);
    if (!channel)
      throw new AppError('TEMPLATE_CHANNEL_UNKNOWN', {
        fieldErrors: { channelId: errorCatalog.TEMPLATE_CHANNEL_UNKNOWN.message },
      });
    if (!TEMPLATE_CHANNEL_TYPES.includes(channel.adapter.type))
      throw new AppError('TEMPLATE_CHANNEL_TYPE', {
        fieldErrors: { channelId: errorCatalog.TEMPLATE_CHANNEL_TYPE.message },
      });
    return channel;
  }

  /**
   * Checks every limit. A media sample given by file id is judged by the stored file (resolveMedia),
   * so its URL is the file's and the type the client claims is not taken into account here.
   */
  function checkLimits(input: TemplateInput) {
    input.components = mapMedia(input.components, (media) =>
      media.fileId ? { ...media, url: `/api/files/${media.fileId}`, contentType: '' } : media,
    );
    const issues = validateTemplate(input);
    if (issues.length > 0) throw invalid(templateFieldErrors(issues));
  }

  /**
   * Media headers (the template's and each card's) must name a file of the enterprise uploaded
   * through POST /api/files, of a type the header format takes; the stored URL is /api/files/<id>.
   */
  async function resolveMedia(enterpriseId: string, components: TemplateComponent[]): Promise<TemplateComponent[]> {
    const errors: Record<string, string> = {};
    const resolveHeader = async (
      header: Extract<TemplateComponent, { type: 'HEADER' }>,
      path: string,
      part: string,
      missing: string,
    ): Promise<Extract<TemplateComponent, { type: 'HEADER' }>> => {
      if (header.format === 'TEXT')
        return { type: 'HEADER', format: 'TEXT', text: header.text, example: header.example };
      const format = header.format;
      const fileId = header.media?.fileId ?? FILE_URL.exec(header.media?.url ?? '')?.[1];
      if (!fileId) {
        errors[path] ??= missing;
        return header;
      }
      let file: { name: string; contentType: string };
      try {
        file = (await files.open(enterpriseId, fileId)).file;
      } catch (error) {
        if (error instanceof AppError && error.key === 'NOT_FOUND') {
          errors[path] ??= `${part}: the sample file was not found. Upload it again.`;
          return header;
        }
        throw error;
      }
      const allowed = headerMediaTypes[format];
      if (!allowed.includes(file.contentType)) {
        errors[path] ??=
          `${part}: a ${format} header takes ${allowed.map((type) => type.split('/')[1]).join(', ')} files (this file is ${file.contentType})`;
        return header;
      }
      const media: TemplateMedia = {
        fileId,
        url: `/api/files/${fileId}`,
        fileName: file.name,
        contentType: file.contentType,
      };
      return { type: 'HEADER', format, media };
    };

    const resolved: TemplateComponent[] = [];
    for (const component of components) {
      if (component.type === 'HEADER') {
        resolved.push(
          await resolveHeader(
            component,
            'header',
            'Header',
            `Header: upload a sample ${component.format.toLowerCase()} for the ${component.format} header`,
          ),
        );
      } else if (component.type === 'CAROUSEL') {
        const cards = [];
        for (const [index, card] of component.cards.entries()) {
          const parts = [];
          for (const part of card.components) {
            parts.push(
              part.type === 'HEADER'
                ? await resolveHeader(
                    part,
                    `cards.${index}.header`,
                    `Card ${index + 1}`,
                    `Media missing in card ${index + 1}`,
                  )
                : part,
            );
          }
          cards.push({ components: parts });
        }
        resolved.push({ type: 'CAROUSEL', cards });
      } else {
        resolved.push(component);
      }
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return resolved;
  }

  async function readMedia(enterpriseId: string, media: TemplateMedia) {
    const fileId = media.fileId ?? FILE_URL.exec(media.url)?.[1];
    if (!fileId) throw new VendorError('permanent', 'media', 'The sample media is not a file stored in Parley');
    const { file, path } = await files.open(enterpriseId, fileId);
    return { bytes: await fs.readFile(path), contentType: file.contentType, fileName: file.name };
  }

  /** Submits to the vendor; a vendor without a template API leaves the template PENDING for its portal. */
  async function submit(
    channel: MessagingChannel,
    input: TemplateInput,
    components: TemplateComponent[],
    vendorTemplateId: string | null,
  ): Promise<{ status: TemplateStatus; reason: string | null; vendorTemplateId: string | null }> {
    const adapter = adapters.get(channel.adapter.vendor);
    if (!channel.templateApi || !adapter?.submitTemplate)
      return { status: 'PENDING', reason: portalReason(channel.vendorName), vendorTemplateId };
    const submission: TemplateSubmission = {
      vendorTemplateId,
      name: input.name,
      language: input.language,
      category: input.category,
      parameterFormat: input.parameter_format,
      components,
      readMedia: (media) => readMedia(channel.adapter.enterpriseId, media),
    };
    try {
      const answer = await adapter.submitTemplate(channel.adapter, submission);
      return { status: answer.status, reason: answer.reason ?? null, vendorTemplateId: answer.vendorTemplateId };
    } catch (error) {
      if (error instanceof VendorError)
        throw new AppError('TEMPLATE_SUBMIT_FAILED', {
          message: `${errorCatalog.TEMPLATE_SUBMIT_FAILED.message}: ${error.message}`,
        });
      throw error;
    }
  }

  async function checkNameFree(channelId: string, name: string, language: string, exceptId?: string) {
    if (await repository.nameTaken(channelId, name, language, exceptId)) throw nameTaken();
  }
  const nameTaken = () =>
    new AppError('TEMPLATE_NAME_TAKEN', { fieldErrors: { name: errorCatalog.TEMPLATE_NAME_TAKEN.message } });

  async function publishStatus(row: TemplateRow) {
    await bus.publish({
      enterpriseId: row.enterpriseId,
      name: 'template.status',
      payload: { templateId: row.id, status: row.status, reason: row.reason },
    });
  }

  /**
   * Stores a vendor's verdict: its status (and reason), and its category when the vendor changed it
   * (Meta recategorises templates; an event without a status changes the category only). Publishes
   * 'template.status' when something changed (or when `always`).
   */
  async function applyStatus(
    row: TemplateRow,
    event: { status?: TemplateStatus; reason?: string | null; category?: string },
    options: { always?: boolean } = {},
  ) {
    const status = event.status ?? row.status;
    const reason = event.status ? (event.reason?.trim() ? event.reason.trim() : null) : row.reason;
    const category = event.category ?? row.category;
    let current = row;
    if (row.status !== status || row.reason !== reason || row.category !== category) {
      current =
        (await repository.update(row.enterpriseId, row.id, {
          status,
          reason,
          category,
          ...(row.status !== status || row.reason !== reason ? { statusAt: new Date() } : {}),
        })) ?? row;
    } else if (!options.always) return current;
    await publishStatus(current);
    return current;
  }

  /** A verdict that came in before the row existed, applied once the row is stored. */
  async function applyEarlyEvent(row: TemplateRow) {
    const now = Date.now();
    for (const key of earlyKeys(row.channelId, row, { both: true })) {
      const early = earlyEvents.get(key);
      if (!early) continue;
      earlyEvents.delete(key);
      if (now - early.at <= EARLY_EVENT_TTL_MS) return applyStatus(row, early.event);
    }
    return row;
  }

  return {
    async list(enterpriseId: string, query: z.output<typeof templateListQuery>) {
      const rows = await repository.list(enterpriseId, query);
      return { templates: rows.slice(0, query.perPage).map(toTemplate), more: rows.length > query.perPage };
    },

    async get(enterpriseId: string, id: string) {
      return toTemplate(await found(enterpriseId, id));
    },

    async create(enterpriseId: string, input: TemplateInput) {
      checkLimits(input);
      const channel = await templateChannel(enterpriseId, input.channelId);
      const components = await resolveMedia(enterpriseId, input.components);
      await checkNameFree(input.channelId, input.name, input.language);
      const submitted = await submit(channel, input, components, null);
      const now = new Date();
      let row: TemplateRow;
      try {
        row = await repository.insert({
          enterpriseId,
          channelId: input.channelId,
          name: input.name,
          language: input.language,
          category: input.category,
          parameterFormat: input.parameter_format,
          components,
          status: submitted.status,
          reason: submitted.reason,
          vendorTemplateId: submitted.vendorTemplateId,
          submittedAt: channel.templateApi ? now : null,
          statusAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      await applyEarlyEvent(row);
      return toTemplate(await found(enterpriseId, row.id));
    },

    /**
     * Edits and submits again (Meta edits by its template id). The channel never changes; the name
     * and language do not change either where the vendor knows the template by them.
     */
    async update(enterpriseId: string, id: string, input: TemplateInput) {
      const existing = await found(enterpriseId, id);
      checkLimits(input);
      if (input.channelId !== existing.channelId)
        throw invalid({ channelId: 'The channel of a template cannot be changed: create a new template instead' });
      const channel = await templateChannel(enterpriseId, input.channelId);
      if (channel.templateApi && (input.name !== existing.name || input.language !== existing.language))
        throw invalid(
          input.name !== existing.name
            ? { name: 'The name of a submitted template cannot be changed: create a new template instead' }
            : { language: 'The language of a submitted template cannot be changed: create a new template instead' },
        );
      const components = await resolveMedia(enterpriseId, input.components);
      await checkNameFree(input.channelId, input.name, input.language, id);
      const startedAt = new Date();
      const submitted = await submit(channel, input, components, existing.vendorTemplateId);
      // A verdict that arrived by webhook while the vendor was answering is newer than the answer.
      const latest = await repository.get(enterpriseId, id);
      if (!latest) throw new AppError('NOT_FOUND', { message: 'Template not found' });
      const newer = latest.statusAt >= startedAt;
      let stored: TemplateRow | undefined;
      try {
        stored = await repository.update(enterpriseId, id, {
          name: input.name,
          language: input.language,
          category: input.category,
          parameterFormat: input.parameter_format,
          components,
          vendorTemplateId: submitted.vendorTemplateId,
          submittedAt: channel.templateApi ? startedAt : existing.submittedAt,
          ...(newer ? {} : { status: submitted.status, reason: submitted.reason, statusAt: new Date() }),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      if (!stored) throw new AppError('NOT_FOUND', { message: 'Template not found' });
      // A verdict for the new submission's id that came in before the id was stored.
      const afterEarly = await applyEarlyEvent(stored);
      if (!newer && afterEarly === stored) await publishStatus(stored);
      return toTemplate(await found(enterpriseId, id));
    },

    /** Deletes at the vendor first (a refusal deletes nothing), then the row. */
    async remove(enterpriseId: string, id: string) {
      const row = await found(enterpriseId, id);
      const channel = await messaging.channel(enterpriseId, row.channelId);
      const adapter = channel ? adapters.get(channel.adapter.vendor) : undefined;
      if (channel?.templateApi && adapter?.deleteTemplate) {
        try {
          await adapter.deleteTemplate(channel.adapter, { name: row.name, vendorTemplateId: row.vendorTemplateId });
        } catch (error) {
          // Already gone at the vendor: nothing left to delete there.
          if (!(error instanceof VendorError)) throw error;
          if (error.httpStatus !== 404)
            throw new AppError('TEMPLATE_SUBMIT_FAILED', {
              message: `The vendor did not delete the template: ${error.message}`,
            });
        }
      }
      await repository.remove(enterpriseId, id);
      return { id };
    },

    /** Asks the vendor for the template's status now. */
    async sync(enterpriseId: string, id: string) {
      const row = await found(enterpriseId, id);
      const channel = await templateChannel(enterpriseId, row.channelId);
      const adapter = adapters.get(channel.adapter.vendor);
      if (!channel.templateApi || !adapter?.fetchTemplate)
        throw new AppError('TEMPLATE_VENDOR_API', {
          message: `${channel.vendorName} has no template API: record the status decided in its portal instead`,
        });
      let event: TemplateStatusEvent | null;
      try {
        event = await adapter.fetchTemplate(channel.adapter, {
          name: row.name,
          language: row.language,
          vendorTemplateId: row.vendorTemplateId,
        });
      } catch (error) {
        if (error instanceof VendorError)
          throw new AppError('TEMPLATE_SUBMIT_FAILED', {
            message: `The vendor did not answer with the template's status: ${error.message}`,
          });
        throw error;
      }
      if (!event)
        throw new AppError('TEMPLATE_SUBMIT_FAILED', {
          message: `${channel.vendorName} does not know this template (${row.name}, ${row.language}). Edit and save it to submit it again.`,
        });
      await applyStatus(row, event, { always: true });
      return toTemplate(await found(enterpriseId, id));
    },

    /** Records the vendor portal's decision, for vendors without a template API. */
    async setStatus(enterpriseId: string, id: string, body: z.output<typeof templateStatusBody>) {
      const row = await found(enterpriseId, id);
      const vendor = vendorSpec(row.channelVendor);
      if (vendor?.templateApi) throw new AppError('TEMPLATE_VENDOR_API');
      await applyStatus(row, { status: body.status, reason: body.reason }, { always: true });
      return toTemplate(await found(enterpriseId, id));
    },

    /**
     * Sends an APPROVED template to one number, with the examples as values unless `values` gives
     * others. Keys of `values`:
     * - `1`, `first_name` or `body.1`: a body variable; `header.1`: the header's variable;
     * - `button0` (or `buttons.0`): the URL suffix or offer code of button 0 (buttons count from 0);
     * - `card1.body.1`: a variable of card 1's body (cards count from 1, as the editor shows them);
     *   `card1.button0`: the URL suffix of card 1's button 0.
     * A key naming no variable of the template is refused.
     */
    async testSend(enterpriseId: string, id: string, body: z.output<typeof templateTestSendBody>) {
      const row = await found(enterpriseId, id);
      if (row.status !== 'APPROVED') throw new AppError('TEMPLATE_NOT_APPROVED');
      const to = normalizePhone(body.to, config.defaultPhoneRegion);
      if (!to) throw new AppError('VALIDATION', { fieldErrors: { to: channelMessages.invalidNumber } });
      // A vendor fetches header and card media from Parley's public address. The Sandbox is Parley
      // itself: its phone is shown in the console, which loads /api/files/<id> with the session.
      const stored = row.components as TemplateComponent[];
      const components = row.channelVendor === vendorIds.sandbox ? stored : absoluteMedia(stored, config.publicUrl);
      const values = testValues(components, row.parameterFormat, body.values);
      const message: TemplateMessage = {
        to,
        template: {
          name: row.name,
          language: row.language,
          category: row.category,
          parameterFormat: row.parameterFormat === 'NAMED' ? 'NAMED' : 'POSITIONAL',
          components,
          vendorTemplateId: row.vendorTemplateId,
        },
        values,
      };
      const sent = await messaging.sendTemplate(enterpriseId, row.channelId, {
        message,
        templateId: row.id,
        source: 'test',
      });
      return { messageId: sent.id, vendorMessageId: sent.vendorMessageId ?? '', status: sent.status };
    },

    /** A template status from a channel's webhook: matched by the vendor's id, else by name and language. */
    async applyVendorStatus(channel: MessagingChannel, event: TemplateStatusEvent) {
      const row = await repository.findForVendorEvent(channel.adapter.enterpriseId, channel.adapter.id, event);
      if (!row) {
        // Not ours (made in the vendor's own tools), or its row is being stored right now.
        for (const key of earlyKeys(channel.adapter.id, event)) earlyEvents.set(key, { event, at: Date.now() });
        while (earlyEvents.size > EARLY_EVENT_MAX) earlyEvents.delete(earlyEvents.keys().next().value!);
        return;
      }
      await applyStatus(row, event);
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;

/** The components with every header's media (the template's and each card's) passed through `change`. */
function mapMedia(
  components: TemplateComponent[],
  change: (media: TemplateMedia) => TemplateMedia,
): TemplateComponent[] {
  return components.map((component) => {
    if (component.type === 'HEADER' && component.media) return { ...component, media: change(component.media) };
    if (component.type === 'CAROUSEL')
      return {
        ...component,
        cards: component.cards.map((card) => ({
          components: card.components.map((part) =>
            part.type === 'HEADER' && part.media ? { ...part, media: change(part.media) } : part,
          ),
        })),
      };
    return component;
  });
}

/** Header and card media as absolute URLs (the vendor fetches them from Parley's public address). */
function absoluteMedia(components: TemplateComponent[], publicUrl: string): TemplateComponent[] {
  return mapMedia(components, (media) =>
    media.url.startsWith('/') ? { ...media, url: `${publicUrl}${media.url}` } : media,
  );
}

/** The examples, overridden by the test send's values (keys documented on testSend). */
function testValues(
  components: TemplateComponent[],
  parameterFormat: string,
  given: Record<string, string>,
): TemplateValues {
  const values = exampleValues({ components, parameter_format: parameterFormat });
  const header = components.find((component) => component.type === 'HEADER');
  const carousel = components.find((component) => component.type === 'CAROUSEL');
  if (header && header.format !== 'TEXT' && header.media) values.headerMedia = header.media;
  if (carousel) {
    values.cards = (values.cards ?? []).map((card, index) => {
      const media = carousel.cards[index]?.components.find((part) => part.type === 'HEADER')?.media;
      return media ? { ...card, media } : card;
    });
  }
  const errors: Record<string, string> = {};
  const set = (target: Record<string, string> | undefined, name: string, value: string, key: string) => {
    if (!target || !(name in target)) {
      errors[`values.${key}`] = `This template has no variable ${key}`;
      return;
    }
    if (value.trim() !== '') target[name] = value;
  };
  for (const [key, value] of Object.entries(given)) {
    let match: RegExpExecArray | null;
    if ((match = /^header\.(.+)$/.exec(key))) set(values.header, match[1]!, value, key);
    else if ((match = /^body\.(.+)$/.exec(key))) set(values.body, match[1]!, value, key);
    else if ((match = /^buttons?\.?(\d+)$/.exec(key))) set(values.buttons, match[1]!, value, key);
    else if ((match = /^card(\d+)\.body\.(.+)$/.exec(key)))
      set(values.cards?.[Number(match[1]) - 1]?.body, match[2]!, value, key);
    else if ((match = /^card(\d+)\.buttons?\.?(\d+)$/.exec(key)))
      set(values.cards?.[Number(match[1]) - 1]?.buttons, match[2]!, value, key);
    else set(values.body, key, value, key);
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', { fieldErrors: errors });
  return values;
}
