import {
  channelMessages as texts,
  channelTypes,
  credentialFields,
  keepsStoredSecret,
  validateCredentials,
  vendorSpec,
  vendorsFor,
  type Channel,
  type ChannelInput,
  type ChannelMessage,
  type ChannelTestResult,
  type sessionMessageBody,
} from '@parley/contracts/channels';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/postgres-errors';
import { AppError } from '../../platform/errors';
import type { VendorAdapters } from '../../platform/messaging/adapters';
import { VendorError } from '../../platform/messaging/vendor-adapter';
import { OutboundError } from '../../platform/outbound-http';
import { normalizePhone } from '../../platform/phone';
import type { SecretBox } from '../../platform/secrets';
import { newWebhook, openSecrets, splitCredentials, toAdapterChannel, toChannel } from './channel-credentials';
import { createChannelsRepository, type ChannelWithDepartment } from './channels.repository';
import type { MediaLinks } from './media-links';
import { toChannelMessage, type MessagingService } from './messaging.service';

/**
 * Channels (platform §3.8, §5, §7.3): CRUD with the vendor's credential form checked against the
 * contracts' table, secrets sealed at rest and masked in answers, the enterprise's vendor offer,
 * Test connection, and the message log of a channel.
 */
export function createChannelsService(deps: {
  db: Db;
  secrets: SecretBox;
  adapters: VendorAdapters;
  config: Pick<Config, 'publicUrl' | 'defaultPhoneRegion'>;
  messaging: MessagingService;
  media: MediaLinks;
}) {
  const repository = createChannelsRepository(deps.db);
  const { secrets: box, adapters, config, messaging, media } = deps;
  const show = (row: ChannelWithDepartment) => toChannel(box, config.publicUrl, row);

  async function found(enterpriseId: string, id: string) {
    const row = await repository.get(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Every check before a write: vendor for the type and in the offer, credentials, department. */
  async function check(
    enterpriseId: string,
    input: ChannelInput,
    options: { storedSecretNames: string[]; currentVendor?: number },
  ) {
    const fieldErrors: Record<string, string> = {};
    if (!vendorsFor(input.type).some((vendor) => vendor.id === input.vendor)) {
      fieldErrors.vendor = texts.vendorNotOffered;
    } else if (input.vendor !== options.currentVendor) {
      // A channel keeps a vendor it already has when the offer shrinks later.
      const offered = await repository.offeredVendors(enterpriseId);
      if (offered.length > 0 && !offered.includes(input.vendor)) fieldErrors.vendor = texts.vendorNotAllowed;
    }
    const credentialErrors = validateCredentials(input.vendor, input.type, input.data, options.storedSecretNames);
    // A masked value stands in for a stored secret only: with none stored, the secret is missing.
    for (const field of credentialFields(input.vendor, input.type)) {
      if (!field.secret || credentialErrors[field.name] !== undefined) continue;
      if (
        keepsStoredSecret(input.data[field.name]) &&
        !options.storedSecretNames.includes(field.name) &&
        field.required
      )
        credentialErrors[field.name] = field.message;
    }
    for (const [field, message] of Object.entries(credentialErrors)) fieldErrors[`data.${field}`] = message;
    if (Object.keys(fieldErrors).length > 0) throw new AppError('CHANNEL_INVALID', { fieldErrors });
    if (input.deptId && !(await repository.departmentExists(enterpriseId, input.deptId)))
      throw new AppError('CHANNEL_DEPARTMENT_UNKNOWN', {
        fieldErrors: { deptId: 'Choose a department of your enterprise' },
      });
  }

  async function save<T>(write: () => Promise<T>) {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CHANNEL_NAME_TAKEN', { fieldErrors: { name: texts.nameTaken } });
      throw error;
    }
  }

  return {
    /**
     * A page of channels. Without `withCredentials` (callers who may not see channels, such as the
     * broadcast screen's pickers) the credentials and the verify token are left out altogether.
     */
    async list(
      enterpriseId: string,
      query: { name?: string; type?: number; from: number; perPage: number },
      options: { withCredentials: boolean } = { withCredentials: true },
    ) {
      // No channel has a type outside the table (and a huge number would not fit the column).
      if (query.type !== undefined && !(query.type in channelTypes)) return { channelConfig: [], more: false };
      const rows = await repository.list(enterpriseId, query);
      const channels = rows.slice(0, query.perPage).map(show);
      return {
        channelConfig: options.withCredentials
          ? channels
          : channels.map((channel) => ({ ...channel, data: {}, webhookVerifyToken: '' })),
        more: rows.length > query.perPage,
      };
    },

    async get(enterpriseId: string, id: string): Promise<Channel> {
      return show(await found(enterpriseId, id));
    },

    async create(enterpriseId: string, userId: string | null, input: ChannelInput): Promise<Channel> {
      await check(enterpriseId, input, { storedSecretNames: [] });
      const { settings, secrets, contactId } = splitCredentials(input.vendor, input.type, input.data, {});
      const { id } = await save(() =>
        repository.insert({
          enterpriseId,
          name: input.name,
          type: input.type,
          vendor: input.vendor,
          departmentId: input.deptId,
          contactId,
          settings,
          secretsEnc: Object.keys(secrets).length > 0 ? box.seal(JSON.stringify(secrets)) : null,
          messagesPerSecond: input.messagesPerSecond,
          ...newWebhook(box),
          createdBy: userId,
        }),
      );
      return show(await found(enterpriseId, id));
    },

    async update(enterpriseId: string, id: string, input: ChannelInput): Promise<Channel> {
      const current = await found(enterpriseId, id);
      // Changing the vendor drops the old vendor's secrets: they belong to another account.
      const stored = current.vendor === input.vendor ? openSecrets(box, current) : {};
      await check(enterpriseId, input, { storedSecretNames: Object.keys(stored), currentVendor: current.vendor });
      const { settings, secrets, contactId } = splitCredentials(input.vendor, input.type, input.data, stored);
      const updated = await save(() =>
        repository.update(enterpriseId, id, {
          name: input.name,
          type: input.type,
          vendor: input.vendor,
          departmentId: input.deptId,
          contactId,
          settings,
          secretsEnc: Object.keys(secrets).length > 0 ? box.seal(JSON.stringify(secrets)) : null,
          messagesPerSecond: input.messagesPerSecond,
        }),
      );
      if (!updated) throw new AppError('NOT_FOUND');
      return show(await found(enterpriseId, id));
    },

    async remove(enterpriseId: string, id: string) {
      if (!(await repository.remove(enterpriseId, id))) throw new AppError('NOT_FOUND');
      return { id };
    },

    /** The vendor's cheapest authenticated call with the stored credentials; failures in words. */
    async test(enterpriseId: string, id: string): Promise<ChannelTestResult> {
      const row = await found(enterpriseId, id);
      const vendor = vendorSpec(row.vendor);
      const vendorName = vendor?.name ?? `Vendor ${row.vendor}`;
      const adapter = adapters.get(row.vendor);
      if (!vendor?.testConnection || !adapter?.testConnection)
        throw new AppError('CHANNEL_TEST_UNAVAILABLE', { message: texts.testUnavailable(vendorName) });
      try {
        return await adapter.testConnection(toAdapterChannel(box, config.publicUrl, row));
      } catch (error) {
        if (error instanceof VendorError) {
          if (error.kind === 'auth')
            return { ok: false, message: `${vendorName} refused the credentials: ${error.message}` };
          if (error.kind === 'retryable')
            return { ok: false, message: `Could not reach ${vendorName}: ${error.message}` };
          return { ok: false, message: `${vendorName} answered with an error: ${error.message}` };
        }
        if (error instanceof OutboundError)
          return { ok: false, message: `Could not reach ${vendorName}: ${error.message}` };
        throw error;
      }
    },

    async getOffer(enterpriseId: string) {
      return { vendors: await repository.offeredVendors(enterpriseId) };
    },

    async setOffer(enterpriseId: string, vendors: number[]) {
      const unknown = vendors.filter((vendor) => !vendorSpec(vendor));
      if (unknown.length > 0)
        throw new AppError('VALIDATION', {
          message: `Unknown vendor: ${unknown.join(', ')}`,
          fieldErrors: { vendors: `Unknown vendor: ${unknown.join(', ')}` },
        });
      const offered = [...new Set(vendors)].sort((a, b) => a - b);
      await repository.setOfferedVendors(enterpriseId, offered);
      return { vendors: offered };
    },

    async messages(
      enterpriseId: string,
      id: string,
      query: { customerNumber?: string; from: number; perPage: number },
    ): Promise<{ messages: ChannelMessage[]; more: boolean }> {
      await found(enterpriseId, id);
      const customerNumber = query.customerNumber
        ? (normalizePhone(query.customerNumber, config.defaultPhoneRegion) ?? query.customerNumber)
        : undefined;
      const rows = await repository.listMessages(enterpriseId, id, { ...query, customerNumber });
      return { messages: rows.slice(0, query.perPage).map(toChannelMessage), more: rows.length > query.perPage };
    },

    /** A text, or a Parley file through a public expiring link, inside the 24-hour window. */
    async send(enterpriseId: string, id: string, body: z.output<typeof sessionMessageBody>): Promise<ChannelMessage> {
      if (body.kind === 'text') {
        return messaging.sendSessionWith(enterpriseId, id, {
          message: { kind: 'text', to: body.to, text: body.text },
          source: 'session',
        });
      }
      await found(enterpriseId, id);
      let link;
      try {
        link = await media.link(enterpriseId, body.fileId);
      } catch (error) {
        if (error instanceof AppError && error.key === 'NOT_FOUND')
          throw new AppError('VALIDATION', {
            message: 'Attachment is missing !',
            fieldErrors: { fileId: 'Attachment is missing !' },
          });
        throw error;
      }
      return messaging.sendSessionWith(
        enterpriseId,
        id,
        {
          message: {
            kind: 'media',
            to: body.to,
            mediaType: body.mediaType,
            url: link.url,
            fileName: link.fileName,
            caption: body.caption,
          },
          source: 'session',
        },
        { fileId: body.fileId, contentType: link.contentType },
      );
    },
  };
}
export type ChannelsService = ReturnType<typeof createChannelsService>;
