import {
  broadcastLimits,
  broadcastMessages,
  mobileNumberError,
  type BroadcastCheck,
  type BroadcastDetail,
  type broadcastRequest,
  type estimateBody,
  type mediaValidateBody,
  type TemplateVariable,
} from '@parley/contracts/broadcasts';
import { errorCatalog } from '@parley/contracts/errors';
import {
  fillVariables,
  templateVariables,
  type TemplateComponent,
  type TemplateMedia,
} from '@parley/contracts/templates';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { CustomerLookup } from '../../platform/customer-lookup';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { Blocklist, RateCard } from '../../platform/messaging/broadcast-ports';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import { createBroadcastsRepository, type OutboxRow } from './broadcasts.repository';
import { blockReasonText, recipientPhone, requestNumbers, resolveRecipients, type Resolution } from './recipients';
import type { BroadcastMediaSet, StoredMedia, TemplateSnapshot } from './stored-broadcast';
import {
  compileMapping,
  keysOf,
  mappingVariables,
  type TemplateShape,
} from '../../platform/messaging/template-mapping';

type BroadcastRequest = z.output<typeof broadcastRequest>;
type MediaType = 'IMAGE' | 'VIDEO' | 'DOCUMENT';

/** The pipeline's side of a send (pipeline.ts): queue in the caller's transaction, retry failed. */
export interface BroadcastQueue {
  enqueue(broadcastId: string, options: { tx: DbOrTx }): Promise<void>;
  retryFailed(enterpriseId: string, broadcastId: string): Promise<number>;
}

/** The read side (broadcasts-read.ts): the detail a send answers with. */
export interface BroadcastDetailReader {
  get(enterpriseId: string, id: string): Promise<BroadcastDetail>;
}

export interface BroadcastsServiceDeps {
  db: Db;
  config: Pick<Config, 'defaultPhoneRegion'>;
  files: FileStore;
  messaging: ChannelMessaging;
  blocklist: Blocklist;
  rates: RateCard;
  customers: CustomerLookup;
  queue: BroadcastQueue;
  reader: BroadcastDetailReader;
}

/**
 * What a message of each kind may carry on WhatsApp (engagement.md §5, §9: a document must be a
 * PDF; Meta's media limits: images 5 MB, video 16 MB, documents 100 MB).
 */
export const broadcastMediaRules: Record<MediaType, { types: readonly string[]; maxBytes: number; label: string }> = {
  IMAGE: { types: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024, label: 'an image' },
  VIDEO: { types: ['video/mp4'], maxBytes: 16 * 1024 * 1024, label: 'a video' },
  DOCUMENT: { types: ['application/pdf'], maxBytes: 100 * 1024 * 1024, label: 'a document' },
};

/** The spec's media load error (engagement.md §8). */
export const mediaNotFound = 'media not found !!';

/** Where a request's problems are reported (the request's own paths). */
export const requestPaths = {
  channel: 'channelId',
  template: 'message.template.templateUId',
  numbers: 'phoneNumber',
  media: 'message.template.media',
  card: (index: number) => `message.template.cards.${index}.media`,
} as const;

interface TemplateRow extends TemplateShape {
  id: string;
  name: string;
  language: string;
  category: string;
  vendorTemplateId: string | null;
}

/** A request checked: its channel and template, numbers, attachments, mapping, and its problems. */
interface Prepared {
  channelId: string;
  template: TemplateRow;
  numbers: string[];
  media: BroadcastMediaSet;
  components: TemplateComponent[];
  mapping: ReturnType<typeof compileMapping>;
  fieldErrors: Record<string, string>;
}

const fileUrl = (fileId: string) => `/api/files/${fileId}`;

/**
 * Broadcast, the request side (issue 8): the variables of a template for the mapping widget, the
 * media check, the pre-send check (every recipient resolved, counts with examples, the estimate),
 * the estimate alone, and the send (broadcast and outbox in one transaction with its job).
 */
export function createBroadcastsService(deps: BroadcastsServiceDeps) {
  const repository = createBroadcastsRepository(deps.db);
  const { files, messaging, blocklist, rates, customers, queue, reader } = deps;
  const region = deps.config.defaultPhoneRegion;

  async function channelOf(enterpriseId: string, channelId: string) {
    const channel = await messaging.channel(enterpriseId, channelId);
    if (!channel)
      throw new AppError('BROADCAST_CHANNEL_UNKNOWN', {
        fieldErrors: { [requestPaths.channel]: errorCatalog.BROADCAST_CHANNEL_UNKNOWN.message },
      });
    return channel;
  }

  /** The enterprise's APPROVED template on this channel (anything else: BROADCAST_TEMPLATE_NOT_APPROVED). */
  async function approvedTemplate(enterpriseId: string, channelId: string, templateId: string): Promise<TemplateRow> {
    const row = await repository.template(enterpriseId, templateId);
    const refuse = (message: string) =>
      new AppError('BROADCAST_TEMPLATE_NOT_APPROVED', { message, fieldErrors: { [requestPaths.template]: message } });
    if (!row || row.channelId !== channelId) throw refuse('Choose an APPROVED template of this channel');
    if (row.status !== 'APPROVED') throw refuse(broadcastMessages.templateNotApproved);
    return {
      id: row.id,
      name: row.name,
      language: row.language,
      category: row.category,
      vendorTemplateId: row.vendorTemplateId,
      components: row.components as TemplateComponent[],
      parameterFormat: row.parameterFormat,
    };
  }

  /** A stored file of the enterprise that fits a message of `format`, or why not. */
  async function checkFile(
    enterpriseId: string,
    fileId: string,
    format: MediaType,
  ): Promise<{ file: { name: string; contentType: string } } | { error: string }> {
    let file: { name: string; contentType: string; size: number };
    try {
      file = (await files.open(enterpriseId, fileId)).file;
    } catch (error) {
      if (error instanceof AppError && error.key === 'NOT_FOUND') return { error: mediaNotFound };
      throw error;
    }
    const rule = broadcastMediaRules[format];
    if (!rule.types.includes(file.contentType)) return { error: broadcastMessages.invalidFileType };
    if (file.size > rule.maxBytes)
      return {
        error: `${rule.label[0]!.toUpperCase()}${rule.label.slice(1)} can be at most ${rule.maxBytes / 1048576} MB`,
      };
    return { file };
  }

  /**
   * The attachments of a request against its template: a media header needs the message's
   * attachment ('Attachment is missing !') of the header's kind (a document a PDF: 'Invalid file
   * type !'); every carousel card needs its own media ('Media missing in card N'). The snapshot's
   * components carry the attachments in place of the template's samples.
   */
  async function checkMedia(enterpriseId: string, template: TemplateRow, request: BroadcastRequest) {
    const errors: Record<string, string> = {};
    const media: BroadcastMediaSet = {};
    const resolve = async (
      given: BroadcastRequest['message']['template']['media'],
      format: MediaType,
      path: string,
      missing: string,
    ): Promise<{ stored: StoredMedia; template: TemplateMedia } | undefined> => {
      if (!given) {
        errors[path] = missing;
        return undefined;
      }
      if (given.type !== format) {
        errors[path] = broadcastMessages.invalidFileType;
        return undefined;
      }
      const checked = await checkFile(enterpriseId, given.fileId, format);
      if ('error' in checked) {
        errors[path] = checked.error;
        return undefined;
      }
      const url = fileUrl(given.fileId);
      return {
        stored: { fileId: given.fileId, fileName: checked.file.name, type: format, url },
        template: { fileId: given.fileId, url, fileName: checked.file.name, contentType: checked.file.contentType },
      };
    };

    const components: TemplateComponent[] = [];
    for (const component of template.components) {
      if (component.type === 'HEADER' && component.format !== 'TEXT') {
        const found = await resolve(
          request.message.template.media,
          component.format,
          requestPaths.media,
          broadcastMessages.attachmentMissing,
        );
        if (found) media.media = found.stored;
        components.push(found ? { ...component, media: found.template } : component);
      } else if (component.type === 'CAROUSEL') {
        const cards: { media?: StoredMedia }[] = [];
        const templateCards = [];
        for (const [index, card] of component.cards.entries()) {
          const header = card.components.find((part) => part.type === 'HEADER');
          if (!header || header.format === 'TEXT') {
            cards.push({});
            templateCards.push(card);
            continue;
          }
          const found = await resolve(
            request.message.template.cards?.[index]?.media,
            header.format,
            requestPaths.card(index),
            broadcastMessages.mediaMissingInCard(index + 1),
          );
          cards.push(found ? { media: found.stored } : {});
          templateCards.push(
            found
              ? {
                  components: card.components.map((part) =>
                    part.type === 'HEADER' ? { ...part, media: found.template } : part,
                  ),
                }
              : card,
          );
        }
        media.cards = cards;
        components.push({ ...component, cards: templateCards });
      } else {
        components.push(component);
      }
    }
    return { errors, media, components };
  }

  /** Every check of the request, before anything is resolved or written. */
  async function prepare(enterpriseId: string, request: BroadcastRequest): Promise<Prepared> {
    const channel = await channelOf(enterpriseId, request.channelId);
    const template = await approvedTemplate(enterpriseId, request.channelId, request.message.template.templateUId);
    const fieldErrors: Record<string, string> = {};
    // A vendor Parley cannot send through yet: every message would fail.
    if (!channel.canSend) fieldErrors[requestPaths.channel] = errorCatalog.CHANNEL_SENDING_UNAVAILABLE.message;
    const numbers = requestNumbers(request.phoneNumber);
    const numbersError = mobileNumberError(numbers);
    if (numbersError) fieldErrors[requestPaths.numbers] = numbersError;
    const media = await checkMedia(enterpriseId, template, request);
    Object.assign(fieldErrors, media.errors);
    const mapping = compileMapping(template, request.columnMapping, await customers.columns(enterpriseId));
    Object.assign(fieldErrors, mapping.fieldErrors);
    return {
      channelId: request.channelId,
      template,
      numbers,
      media: media.media,
      components: media.components,
      mapping,
      fieldErrors,
    };
  }

  function resolve(enterpriseId: string, prepared: Prepared): Promise<Resolution> {
    const carousel = prepared.template.components.find((component) => component.type === 'CAROUSEL');
    return resolveRecipients({
      enterpriseId,
      numbers: prepared.numbers,
      defaultRegion: region,
      keys: keysOf(prepared.template),
      cardCount: carousel?.cards.length ?? 0,
      mapping: prepared.mapping,
      customers,
      blocklist,
    });
  }

  const bodyText = (template: TemplateRow) =>
    template.components.find((component) => component.type === 'BODY')?.text ?? '';

  return {
    /** GET template-variables: the variables of an APPROVED template of the channel. */
    /** The columns of "Map Column Value": name, phoneNumber and the customer attributes. */
    async columns(enterpriseId: string) {
      const columns = await deps.customers.columns(enterpriseId);
      return columns.map((column) => ({ value: column.name, label: column.label }));
    },

    /**
     * Expression variable lookup (§7.2): the {{column}} parts of a URL expression, each with the
     * customer column it reads; 'URL variable not found' when it has none, and the unknown name
     * when one is not a column (the same rules compileMapping applies at send time).
     */
    async expressionVariables(enterpriseId: string, expression: string) {
      const names = templateVariables(expression).map((name) => name.trim());
      const refuse = (message: string) => {
        throw new AppError('VALIDATION', { message, fieldErrors: { expression: message } });
      };
      if (names.length === 0 || names.some((name) => name === '')) refuse(broadcastMessages.urlVariableNotFound);
      const columns = new Map(
        (await deps.customers.columns(enterpriseId)).map((column) => [column.name.toLowerCase(), column]),
      );
      const variables = new Map<string, { name: string; label: string }>();
      for (const name of names) {
        const column = columns.get(name.toLowerCase());
        if (!column) return refuse(`No customer column named ${name}`);
        variables.set(column.name, { name: column.name, label: column.label });
      }
      return { variables: [...variables.values()] };
    },

    /** The Customer's List picker: part of the send screen, so open to whoever may broadcast (engagement.md §6). */
    async pickerCustomers(enterpriseId: string, query: { from: number; perPage: number; search?: string }) {
      return deps.customers.page(enterpriseId, query);
    },

    async templateVariables(enterpriseId: string, channelId: string, templateId: string): Promise<TemplateVariable[]> {
      await channelOf(enterpriseId, channelId);
      return mappingVariables(await approvedTemplate(enterpriseId, channelId, templateId));
    },

    /** POST media/validate: the file is the enterprise's and fits the media type. */
    async validateMedia(enterpriseId: string, body: z.output<typeof mediaValidateBody>) {
      const checked = await checkFile(enterpriseId, body.id, body.mediaType);
      if ('error' in checked) return { valid: false, message: checked.error };
      return {
        valid: true,
        message: `${checked.file.name} can be sent as ${broadcastMediaRules[body.mediaType].label}`,
      };
    },

    /**
     * POST validate, the pre-send check: the request's problems as field errors (answered, not
     * thrown), every recipient resolved with counts and up to five examples of each kind, and the
     * estimated cost of the valid ones.
     */
    async check(enterpriseId: string, request: BroadcastRequest): Promise<BroadcastCheck> {
      const prepared = await prepare(enterpriseId, request);
      const resolution = await resolve(enterpriseId, prepared);
      const estimate = await rates.estimate(
        enterpriseId,
        prepared.template.category,
        resolution.valid.map((recipient) => recipient.phone),
      );
      const few = <T>(items: readonly T[]) => items.slice(0, broadcastLimits.examplesPerKind);
      const body = bodyText(prepared.template);
      return {
        total: resolution.total,
        valid: resolution.valid.length,
        invalid: resolution.invalid.length,
        duplicate: resolution.duplicate.length,
        blocked: resolution.blocked.length,
        examples: {
          valid: few(resolution.valid).map((recipient) => ({
            phone: recipient.phone,
            name: recipient.name,
            preview: fillVariables(body, recipient.values.body),
          })),
          invalid: few(resolution.invalid),
          duplicate: few(resolution.duplicate),
          blocked: few(resolution.blocked).map(({ phone, reason }) => ({ phone, reason })),
        },
        fieldErrors: prepared.fieldErrors,
        estimate,
      };
    },

    /** POST estimate: the rate card's price of the numbers (or of a country and a count). */
    async estimate(enterpriseId: string, body: z.output<typeof estimateBody>) {
      await channelOf(enterpriseId, body.channelId);
      const template = await approvedTemplate(enterpriseId, body.channelId, body.templateUId);
      const numbers = requestNumbers(body.phoneNumber);
      let result;
      if (numbers.length === 0 && body.countryCode && body.noOfRecipients !== undefined) {
        result = await rates.estimate(enterpriseId, template.category, {
          country: body.countryCode.replace(/^\+/, ''),
          count: body.noOfRecipients,
        });
      } else {
        const phones = [
          ...new Set(numbers.map((number) => recipientPhone(number, region)).filter((phone) => phone !== null)),
        ];
        const blocked = phones.length > 0 ? await blocklist.blocked(enterpriseId, phones) : new Map();
        result = await rates.estimate(
          enterpriseId,
          template.category,
          phones.filter((phone) => !blocked.has(phone)),
        );
      }
      return { currencySymbol: result.currencySymbol, estimatedRate: result.estimatedRate };
    },

    /**
     * POST broadcasts: the same checks (BROADCAST_INVALID with the field errors), the recipients
     * resolved (BROADCAST_NO_RECIPIENTS when none can be messaged), then one transaction: the
     * broadcast (template snapshot with the attachments, mapping, QUEUED, the channel's pace), its
     * outbox (valid numbers pending, blocked ones stored as blocked) and its job.
     */
    async send(enterpriseId: string, userId: string | null, request: BroadcastRequest): Promise<BroadcastDetail> {
      const prepared = await prepare(enterpriseId, request);
      if (Object.keys(prepared.fieldErrors).length > 0)
        throw new AppError('BROADCAST_INVALID', { fieldErrors: prepared.fieldErrors });
      const resolution = await resolve(enterpriseId, prepared);
      if (resolution.valid.length === 0)
        throw new AppError('BROADCAST_NO_RECIPIENTS', {
          fieldErrors: { [requestPaths.numbers]: broadcastMessages.noValidRecipients },
        });
      const messagesPerSecond = await repository.messagesPerSecond(enterpriseId, prepared.channelId);
      if (messagesPerSecond === undefined) throw new AppError('BROADCAST_CHANNEL_UNKNOWN');
      const { template } = prepared;
      const snapshot: TemplateSnapshot = {
        name: template.name,
        language: template.language,
        category: template.category,
        parameterFormat: template.parameterFormat === 'NAMED' ? 'NAMED' : 'POSITIONAL',
        components: prepared.components,
        vendorTemplateId: template.vendorTemplateId,
      };
      const rows: OutboxRow[] = [
        ...resolution.valid.map((recipient) => ({
          phone: recipient.phone,
          customerId: recipient.customerId,
          values: recipient.values,
          state: 'pending' as const,
          errorCode: null,
          errorText: null,
        })),
        ...resolution.blocked.map((recipient) => ({
          phone: recipient.phone,
          customerId: null,
          values: {},
          state: 'blocked' as const,
          errorCode: recipient.code,
          errorText: blockReasonText[recipient.code],
        })),
      ];
      const id = await deps.db.transaction(async (tx) => {
        const broadcastId = await repository.insertBroadcast(tx, {
          enterpriseId,
          channelId: prepared.channelId,
          templateId: template.id,
          templateName: template.name,
          templateSnapshot: snapshot as unknown as Record<string, unknown>,
          media: prepared.media as Record<string, unknown>,
          columnMapping: request.columnMapping,
          resourceId: request.resourceId ?? null,
          resourceType: request.resourceType ?? null,
          status: 'QUEUED',
          messagesPerSecond,
          total: rows.length,
          createdBy: userId,
        });
        await repository.insertRecipients(tx, enterpriseId, broadcastId, rows);
        await queue.enqueue(broadcastId, { tx });
        return broadcastId;
      });
      return reader.get(enterpriseId, id);
    },

    /** POST :id/retry-failed: the failed recipients whose error is retryable, queued again. */
    async retryFailed(enterpriseId: string, id: string) {
      if (!(await repository.exists(enterpriseId, id))) throw new AppError('NOT_FOUND');
      const queued = await queue.retryFailed(enterpriseId, id);
      if (queued === 0) throw new AppError('BROADCAST_NOTHING_TO_RETRY');
      return { queued };
    },
  };
}
export type BroadcastsService = ReturnType<typeof createBroadcastsService>;
