import {
  canSend,
  channelTypeNames,
  credentialFields,
  keepsStoredSecret,
  vendorSpec,
  webhookPath,
  type Channel,
  type ChannelType,
} from '@parley/contracts/channels';
import { maskSecret } from '@parley/contracts/integrations';
import type { AdapterChannel } from '../../platform/messaging/vendor-adapter';
import type { MessagingChannel } from '../../platform/messaging/channel-messaging';
import { randomToken, type SecretBox } from '../../platform/secrets';
import type { ChannelRow, ChannelWithDepartment } from './channels.repository';

/**
 * How a channel's credentials live at rest and leave the server: plain fields in `settings`,
 * secret fields (CredentialField.secret) sealed together in `secrets_enc`, the webhook's verify
 * token and HMAC key sealed in `webhook_secret_enc`. Answers carry secrets masked, never in full.
 */

export interface WebhookSecrets {
  verifyToken: string;
  secret: string;
}

export function openJson<T extends object>(box: SecretBox, sealed: string | null, fallback: T): T {
  if (!sealed) return fallback;
  try {
    return JSON.parse(box.open(sealed)) as T;
  } catch {
    return fallback;
  }
}

export const openSecrets = (box: SecretBox, row: Pick<ChannelRow, 'secretsEnc'>) =>
  openJson<Record<string, string>>(box, row.secretsEnc, {});

export const openWebhook = (box: SecretBox, row: Pick<ChannelRow, 'webhookSecretEnc'>) =>
  openJson<WebhookSecrets>(box, row.webhookSecretEnc, { verifyToken: '', secret: '' });

/** A new channel's callback: a random key for its URL, a verify token and an HMAC key, sealed. */
export function newWebhook(box: SecretBox) {
  const secrets: WebhookSecrets = { verifyToken: randomToken(18), secret: randomToken(32) };
  return { webhookKey: randomToken(24), webhookSecretEnc: box.seal(JSON.stringify(secrets)) };
}

/**
 * Splits a validated credential form into plain settings and secrets. Only the vendor's fields for
 * this type are kept; a blank or masked secret keeps the stored one; a blank optional field takes
 * its default. Mobile numbers are stored without spaces and dashes.
 */
export function splitCredentials(
  vendor: number,
  type: number,
  data: Record<string, string | undefined>,
  storedSecrets: Record<string, string>,
) {
  const settings: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const field of credentialFields(vendor, type)) {
    const raw = data[field.name];
    if (field.secret) {
      if (!keepsStoredSecret(raw)) secrets[field.name] = raw!.trim();
      else if (storedSecrets[field.name] !== undefined) secrets[field.name] = storedSecrets[field.name]!;
      continue;
    }
    let value = (raw ?? '').trim();
    if (value === '' && !field.required && field.defaultValue !== undefined) value = field.defaultValue;
    if (value === '') continue;
    settings[field.name] = field.kind === 'mobile' ? value.replace(/[\s-]/g, '') : value;
  }
  return { settings, secrets, contactId: settings.contactId ?? '' };
}

export function webhookUrl(publicUrl: string, key: string) {
  return `${publicUrl}${webhookPath(key)}`;
}

/** The channel as answers show it: credentials with secrets masked. */
export function toChannel(box: SecretBox, publicUrl: string, row: ChannelWithDepartment): Channel {
  const masked = Object.fromEntries(
    Object.entries(openSecrets(box, row)).map(([field, value]) => [field, maskSecret(value)]),
  );
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    typeString: channelTypeNames[row.type as ChannelType] ?? String(row.type),
    vendor: row.vendor,
    vendorString: vendorSpec(row.vendor)?.name ?? `Vendor ${row.vendor}`,
    deptId: row.departmentId,
    departmentName: row.departmentName,
    contactId: row.contactId,
    data: { ...row.settings, ...masked },
    messagesPerSecond: row.messagesPerSecond,
    canSend: canSend(row.vendor, row.type),
    webhookUrl: webhookUrl(publicUrl, row.webhookKey),
    webhookVerifyToken: openWebhook(box, row).verifyToken,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The channel as adapters see it: every credential decrypted. Never sent to a client. */
export function toAdapterChannel(box: SecretBox, publicUrl: string, row: ChannelRow): AdapterChannel {
  const webhook = openWebhook(box, row);
  return {
    id: row.id,
    enterpriseId: row.enterpriseId,
    type: row.type,
    vendor: row.vendor,
    contactId: row.contactId,
    credentials: { ...row.settings, ...openSecrets(box, row) },
    webhook: {
      key: row.webhookKey,
      url: webhookUrl(publicUrl, row.webhookKey),
      verifyToken: webhook.verifyToken,
      secret: webhook.secret,
    },
  };
}

export function toMessagingChannel(box: SecretBox, publicUrl: string, row: ChannelRow): MessagingChannel {
  const vendor = vendorSpec(row.vendor);
  return {
    adapter: toAdapterChannel(box, publicUrl, row),
    name: row.name,
    canSend: canSend(row.vendor, row.type),
    templateApi: vendor?.templateApi ?? false,
    vendorName: vendor?.name ?? `Vendor ${row.vendor}`,
  };
}
