import {
  channelBody,
  channelTypes,
  credentialFields,
  validateCredentials,
  vendorSpec,
  vendorsFor,
  type Channel,
  type ChannelBody,
  type VendorSpec,
} from '@parley/contracts/channels';
import { validateWithSchema, type FieldErrors } from '../../../lib/form-validation';

/** What the channel side panel holds. Credential values are keyed by the vendor table's field names. */
export interface ChannelFormValues {
  name: string;
  type: number;
  vendor: number | null;
  deptId: string | null;
  messagesPerSecond: number | string;
  credentials: Record<string, string>;
}

/** Error keys: 'name', 'type', 'vendor', 'deptId', 'messagesPerSecond', and 'data.<field>' for credentials. */
export const credentialKey = (field: string) => `data.${field}`;

export const DEFAULT_CHANNEL_TYPE = 4;
export const DEFAULT_MESSAGES_PER_SECOND = 80;

/** Vendors the select offers: those serving the type within the enterprise's offer, plus the stored one. */
export function vendorChoices(
  type: number,
  offer: readonly number[] | undefined,
  editing: Channel | null,
): VendorSpec[] {
  const offered = vendorsFor(type, offer);
  if (editing && editing.type === type && !offered.some((vendor) => vendor.id === editing.vendor)) {
    const stored = vendorSpec(editing.vendor);
    if (stored) return [stored, ...offered];
  }
  return offered;
}

/** The credential values for a vendor and type, keeping what was typed for fields of the same name. */
export function credentialValues(
  vendor: number | null,
  type: number,
  previous: Record<string, string> = {},
): Record<string, string> {
  if (vendor === null) return {};
  return Object.fromEntries(
    credentialFields(vendor, type).map((field) => [field.name, previous[field.name] ?? field.defaultValue ?? '']),
  );
}

export function initialChannelValues(editing: Channel | null, offer: readonly number[] | undefined): ChannelFormValues {
  if (editing) {
    const stored = { ...editing.data };
    if (stored.contactId === undefined && editing.contactId) stored.contactId = editing.contactId;
    return {
      name: editing.name,
      type: editing.type,
      vendor: editing.vendor,
      deptId: editing.deptId,
      messagesPerSecond: editing.messagesPerSecond,
      credentials: credentialValues(editing.vendor, editing.type, stored),
    };
  }
  const choices = vendorsFor(DEFAULT_CHANNEL_TYPE, offer);
  const vendor = choices[0]?.id ?? null;
  return {
    name: '',
    type: DEFAULT_CHANNEL_TYPE,
    vendor,
    deptId: null,
    messagesPerSecond: DEFAULT_MESSAGES_PER_SECOND,
    credentials: credentialValues(vendor, DEFAULT_CHANNEL_TYPE),
  };
}

/**
 * A new channel type: the vendor stays when it serves the type, otherwise it is reset (to the only
 * vendor left when there is just one). Values typed into fields the new form also has are kept.
 */
export function changeType(
  values: ChannelFormValues,
  type: number,
  offer: readonly number[] | undefined,
  editing: Channel | null,
): ChannelFormValues {
  const choices = vendorChoices(type, offer, editing);
  const keeps = values.vendor !== null && choices.some((vendor) => vendor.id === values.vendor);
  const vendor = keeps ? values.vendor : choices.length === 1 ? choices[0]!.id : null;
  if (vendor !== values.vendor) return changeVendor({ ...values, type }, vendor, editing);
  return { ...values, type, credentials: credentialValues(vendor, type, values.credentials) };
}

/**
 * A new vendor: values typed into fields of the same name are kept, but not secrets (they belong
 * to the other vendor's account); going back to the stored vendor brings its masked secrets back.
 */
export function changeVendor(
  values: ChannelFormValues,
  vendor: number | null,
  editing: Channel | null,
): ChannelFormValues {
  const fields = vendor === null ? [] : credentialFields(vendor, values.type);
  const previous = { ...values.credentials };
  for (const field of fields) {
    if (!field.secret) continue;
    if (editing && editing.vendor === vendor && editing.data[field.name] !== undefined)
      previous[field.name] = editing.data[field.name]!;
    else delete previous[field.name];
  }
  return { ...values, vendor, credentials: credentialValues(vendor, values.type, previous) };
}

/** Secret fields the server holds for this channel's vendor (blank or masked keeps them; the type may change). */
export function storedSecrets(editing: Channel | null, values: Pick<ChannelFormValues, 'vendor' | 'type'>): string[] {
  if (!editing || values.vendor === null || editing.vendor !== values.vendor) return [];
  return credentialFields(values.vendor, values.type)
    .filter((field) => field.secret && editing.data[field.name] !== undefined)
    .map((field) => field.name);
}

/** The request body: only the chosen vendor's fields; blank optional fields are left out. */
export function toChannelBody(values: ChannelFormValues): ChannelBody {
  const data: Record<string, string> = {};
  if (values.vendor !== null) {
    for (const field of credentialFields(values.vendor, values.type)) {
      const value = values.credentials[field.name] ?? '';
      if (value === '' && !field.required) continue;
      data[field.name] = field.kind === 'mobile' ? value.replace(/[\s-]/g, '') : value;
    }
  }
  return {
    name: values.name,
    type: values.type,
    vendor: values.vendor ?? Number.NaN,
    deptId: values.deptId,
    data,
    messagesPerSecond: values.messagesPerSecond === '' ? Number.NaN : Number(values.messagesPerSecond),
  };
}

/** Every message the form shows before it is sent: the contract's schema, then the §5 credential checks. */
export function validateChannelForm(values: ChannelFormValues, secretsKept: readonly string[]): FieldErrors {
  const body = toChannelBody(values);
  const errors = validateWithSchema(channelBody, body);
  if (errors.messagesPerSecond !== undefined && !Number.isFinite(body.messagesPerSecond as number))
    errors.messagesPerSecond = 'Enter a number from 1 to 1000';
  if (values.vendor === null) errors.vendor = 'Choose a vendor';
  if (!(values.type in channelTypes)) errors.type = 'Choose a channel type';
  if (values.vendor !== null) {
    for (const [field, message] of Object.entries(
      validateCredentials(values.vendor, values.type, values.credentials, secretsKept),
    ))
      errors[credentialKey(field)] = message;
  }
  delete errors.data;
  return errors;
}

const topLevelFields = new Set(['name', 'type', 'vendor', 'deptId', 'messagesPerSecond']);

/** The server's fieldErrors on the form's keys: credential fields may come as 'data.x' or 'x'. */
export function serverFieldErrors(fieldErrors: FieldErrors | undefined, values: ChannelFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const credentialNames = new Set(Object.keys(values.credentials));
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    const target = topLevelFields.has(key)
      ? key
      : key.startsWith('data.')
        ? key
        : credentialNames.has(key)
          ? credentialKey(key)
          : key;
    errors[target] ??= message;
  }
  if (errors.vendor === undefined && errors['data'] !== undefined) errors.vendor = errors['data'];
  return errors;
}
