import { z } from 'zod';
import { messages } from './messages';
import { defineRoute, idParam, pageQuery } from './envelope';

/**
 * Channels, vendors and their credentials (platform §3.8, §5, §7.3). One table drives the
 * credential form of every vendor, the server's validation and which secrets are sealed at rest.
 * Texts quoted from the spec are verbatim.
 */

/** Numeric channel types of platform §3.8 (2 is not shown in the spec). */
export const channelTypes = {
  0: 'SMS',
  1: 'Email',
  3: 'Facebook Messenger',
  4: 'WhatsApp',
  5: 'Telegram',
  6: 'Google Business Messenger',
  9: 'IVRS',
  10: 'RCS',
  11: 'Instagram',
  12: 'Web',
} as const;
export type ChannelType = keyof typeof channelTypes;
export const channelTypeIds = Object.keys(channelTypes).map(Number) as ChannelType[];

/** The name-based list of §3.8 (typeString). */
export const channelTypeNames: Record<ChannelType, string> = {
  0: 'SMS',
  1: 'EMAIL',
  3: 'FB_MESSENGER',
  4: 'WHATSAPP',
  5: 'TELEGRAM',
  6: 'GOOGLE_BUSINESS_MESSENGER',
  9: 'IVRS',
  10: 'RCS',
  11: 'INSTAGRAM',
  12: 'WEB',
};

/** Messages of platform §5, verbatim, plus the few the spec does not list. */
export const channelMessages = {
  authIdRequired: 'Auth id is required',
  authTokenRequired: 'Auth Token is required',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  regionRequired: 'Region is required',
  environmentRequired: 'Environment is required',
  clientIdRequired: 'Client id is required',
  wabaPhoneRequired: 'Valid Waba Phone Number is required',
  contactIdValidRequired: 'Valid contact id is required',
  contactIdRequired: 'Contact ID is required',
  senderIdRequired: 'Sender id is required',
  ipRequired: 'Ip address is required',
  portRequired: 'Port is required',
  fieldRequired: messages.fieldRequired,
  invalidNumber: 'Invalid number format',
  // Beyond the spec:
  nameRequired: messages.required('Channel name'),
  nameTaken: 'A channel with this name already exists',
  leadingWhitespace: 'Cannot start with a space',
  vendorNotOffered: 'This vendor is not offered for this channel type',
  vendorNotAllowed: 'Your enterprise does not offer this vendor. An administrator can change the offered vendors.',
  invalidChoice: 'Choose one of the options',
  invalidPort: 'Port 1 to 65535',
  invalidEmail: 'Please enter a valid email address',
  invalidIp: 'Please enter an IPv4 or IPv6 address',
  sendingUnavailable: (vendor: string) =>
    `Sending through ${vendor} is not available in Parley yet. The channel can be configured, but messages cannot be sent through it.`,
  testUnavailable: (vendor: string) => `${vendor} has no call Parley can use to test the credentials`,
  saved: 'Channel saved',
  deleted: 'Channel deleted',
} as const;

/** Vendor ids. The managed multi-channel provider is 8 (platform §3.8: "vendor 8" in the designer). */
export const vendorIds = {
  sandbox: 0,
  karix: 1,
  karixRcm: 2,
  kaleyra: 3,
  kaleyraV2: 4,
  airtel: 5,
  sinch: 6,
  sap365: 7,
  multiChannel: 8,
  mailchimp: 9,
  vi: 10,
  ngn: 11,
  tataTele: 12,
  jio: 13,
  syniverse: 14,
  tanla: 15,
  mobeep: 16,
  routeMobile: 17,
  smsPortal: 18,
  metaCloud: 19,
} as const;
export type VendorId = (typeof vendorIds)[keyof typeof vendorIds];

export type CredentialKind = 'text' | 'password' | 'mobile' | 'select' | 'email' | 'number' | 'ip';

export interface CredentialField {
  name: string;
  label: string;
  kind: CredentialKind;
  required: boolean;
  /** The message shown when a required field is empty (platform §5). */
  message: string;
  /** Sealed at rest and only ever returned masked. */
  secret?: boolean;
  options?: readonly { value: string; label: string }[];
  defaultValue?: string;
  placeholder?: string;
  hint?: string;
}

const f = {
  username: {
    name: 'username',
    label: 'Username',
    kind: 'text',
    required: true,
    message: channelMessages.usernameRequired,
  },
  password: {
    name: 'password',
    label: 'Password',
    kind: 'password',
    required: true,
    message: channelMessages.passwordRequired,
    secret: true,
  },
  contactMobile: {
    name: 'contactId',
    label: 'Contact ID (Mobile Number)',
    kind: 'mobile',
    required: true,
    message: channelMessages.contactIdValidRequired,
    placeholder: '919876543210',
  },
  contactWaba: {
    name: 'contactId',
    label: 'WABA Phone Number',
    kind: 'mobile',
    required: true,
    message: channelMessages.wabaPhoneRequired,
    placeholder: '919876543210',
  },
  contactId: {
    name: 'contactId',
    label: 'Contact ID',
    kind: 'text',
    required: true,
    message: channelMessages.contactIdRequired,
  },
  wabaId: { name: 'wabaId', label: 'WABA ID', kind: 'text', required: false, message: channelMessages.fieldRequired },
  accKey: {
    name: 'accKey',
    label: 'Access Key',
    kind: 'password',
    required: true,
    message: channelMessages.authTokenRequired,
    secret: true,
  },
  authKey: {
    name: 'authKey',
    label: 'Auth Key',
    kind: 'password',
    required: true,
    message: channelMessages.authTokenRequired,
    secret: true,
  },
  authToken: {
    name: 'authToken',
    label: 'Auth Token',
    kind: 'password',
    required: true,
    message: channelMessages.authTokenRequired,
    secret: true,
  },
  environment: {
    name: 'environment',
    label: 'Environment',
    kind: 'select',
    required: true,
    message: channelMessages.environmentRequired,
    options: [
      { value: 'sandbox', label: 'Sandbox' },
      { value: 'production', label: 'Production' },
    ],
  },
  sender: {
    name: 'sender',
    label: 'Sender ID',
    kind: 'text',
    required: true,
    message: channelMessages.senderIdRequired,
  },
  clientId: {
    name: 'clientId',
    label: 'Client ID',
    kind: 'text',
    required: true,
    message: channelMessages.clientIdRequired,
  },
  clientSecret: {
    name: 'clientSecret',
    label: 'Client Secret',
    kind: 'password',
    required: true,
    message: channelMessages.fieldRequired,
    secret: true,
  },
  customerId: {
    name: 'customerId',
    label: 'Customer ID',
    kind: 'text',
    required: true,
    message: channelMessages.fieldRequired,
  },
} as const satisfies Record<string, CredentialField>;

const kaleyraFields: readonly CredentialField[] = [
  {
    name: 'apiKey',
    label: 'API Key',
    kind: 'password',
    required: true,
    message: channelMessages.authTokenRequired,
    secret: true,
  },
  { name: 'sid', label: 'SID', kind: 'text', required: true, message: channelMessages.authIdRequired },
  f.contactWaba,
  f.wabaId,
];

const viFields: readonly CredentialField[] = [
  f.clientId,
  f.clientSecret,
  {
    name: 'templateClientId',
    label: 'Template Client ID',
    kind: 'text',
    required: true,
    message: channelMessages.clientIdRequired,
  },
  {
    name: 'templateClientSecret',
    label: 'Template Client Secret',
    kind: 'password',
    required: true,
    message: channelMessages.fieldRequired,
    secret: true,
  },
  f.contactId,
];

export interface VendorSpec {
  id: VendorId;
  name: string;
  /** Channel types this vendor serves (platform §3.8). */
  serves: readonly ChannelType[];
  /** Credential fields; `byType` replaces them for one channel type (Airtel RCS, Airtel SMS, ...). */
  fields: readonly CredentialField[];
  byType?: Partial<Record<ChannelType, readonly CredentialField[]>>;
  /** Channel types Parley can send through (an adapter exists). */
  sends: readonly ChannelType[];
  /** True when the vendor has a cheap authenticated call for 'Test connection'. */
  testConnection: boolean;
  /** True when templates are submitted to the vendor through its API (else they are registered in its portal). */
  templateApi: boolean;
  /** Shown under the vendor choice. */
  note?: string;
}

/** Every vendor of platform §3.8, plus Parley's built-in Sandbox and Meta's Cloud API (direct). */
export const vendors: readonly VendorSpec[] = [
  {
    id: 0,
    name: 'Sandbox',
    serves: [4, 10, 0],
    fields: [
      {
        name: 'contactId',
        label: 'Sandbox Business Number',
        kind: 'mobile',
        required: true,
        message: channelMessages.contactIdValidRequired,
        placeholder: '919000000001',
      },
      {
        name: 'failureRate',
        label: 'Simulated Failure Rate (%)',
        kind: 'number',
        required: false,
        message: channelMessages.fieldRequired,
        defaultValue: '0',
        hint: 'Share of messages the Sandbox phone fails with a real WhatsApp error code, 0 to 100',
      },
    ],
    sends: [4, 10, 0],
    testConnection: true,
    templateApi: true,
    note: 'Built into Parley: messages arrive on the Sandbox phone in this console, with real statuses.',
  },
  {
    id: 19,
    name: 'WhatsApp Cloud API (Meta)',
    serves: [4],
    fields: [
      {
        name: 'phoneNumberId',
        label: 'Phone Number ID',
        kind: 'text',
        required: true,
        message: channelMessages.authIdRequired,
      },
      { name: 'wabaId', label: 'WABA ID', kind: 'text', required: true, message: channelMessages.fieldRequired },
      {
        name: 'accessToken',
        label: 'Access Token',
        kind: 'password',
        required: true,
        message: channelMessages.authTokenRequired,
        secret: true,
      },
      {
        name: 'appSecret',
        label: 'App Secret',
        kind: 'password',
        required: true,
        message: channelMessages.fieldRequired,
        secret: true,
        hint: 'Checks the X-Hub-Signature-256 of every webhook',
      },
      {
        name: 'appId',
        label: 'App ID',
        kind: 'text',
        required: false,
        message: channelMessages.fieldRequired,
        hint: 'Needed to upload media samples of templates',
      },
      f.contactWaba,
    ],
    sends: [4],
    testConnection: true,
    templateApi: true,
  },
  {
    id: 1,
    name: 'Karix',
    serves: [0, 4],
    fields: [f.username, f.password, f.contactMobile],
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 2,
    name: 'Karix RCM',
    serves: [4, 10, 0],
    fields: [
      f.environment,
      f.accKey,
      f.contactMobile,
      f.wabaId,
      { name: 'webhookId', label: 'Webhook ID', kind: 'text', required: false, message: channelMessages.fieldRequired },
    ],
    byType: { 0: [f.accKey, f.sender, f.username] },
    sends: [4],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 7,
    name: 'SAP365',
    serves: [5],
    fields: [
      {
        name: 'accountName',
        label: 'Account Name',
        kind: 'text',
        required: true,
        message: channelMessages.usernameRequired,
      },
      f.accKey,
      f.contactId,
    ],
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  { id: 3, name: 'Kaleyra', serves: [4], fields: kaleyraFields, sends: [4], testConnection: false, templateApi: false },
  {
    id: 4,
    name: 'Kaleyra v2',
    serves: [4],
    fields: [
      ...kaleyraFields,
      {
        name: 'region',
        label: 'Region',
        kind: 'select',
        required: false,
        message: channelMessages.regionRequired,
        options: [
          { value: 'ind', label: 'India' },
          { value: 'sg', label: 'Singapore' },
          { value: 'eu', label: 'Europe' },
          { value: 'na', label: 'Namibia' },
        ],
      },
    ],
    sends: [4],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 5,
    name: 'Airtel',
    serves: [4, 10, 0],
    fields: [
      f.username,
      f.password,
      f.customerId,
      f.contactMobile,
      {
        name: 'businessId',
        label: 'Business ID',
        kind: 'text',
        required: true,
        message: channelMessages.fieldRequired,
      },
    ],
    byType: {
      10: [
        f.customerId,
        { name: 'agentId', label: 'Agent ID', kind: 'text', required: true, message: channelMessages.fieldRequired },
        {
          name: 'subAccountId',
          label: 'Sub-account ID',
          kind: 'text',
          required: true,
          message: channelMessages.fieldRequired,
        },
      ],
      0: [
        f.username,
        f.password,
        f.customerId,
        { name: 'entityId', label: 'Entity ID', kind: 'text', required: true, message: channelMessages.fieldRequired },
        { ...f.contactId, defaultValue: 'ARTLTV' },
      ],
    },
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 6,
    name: 'Sinch',
    serves: [5, 4],
    fields: [
      { name: 'appId', label: 'App ID', kind: 'text', required: true, message: channelMessages.fieldRequired },
      { name: 'projectId', label: 'Project ID', kind: 'text', required: true, message: channelMessages.fieldRequired },
      { name: 'keyId', label: 'Key ID', kind: 'text', required: true, message: channelMessages.clientIdRequired },
      {
        name: 'keySecret',
        label: 'Key Secret',
        kind: 'password',
        required: true,
        message: channelMessages.authTokenRequired,
        secret: true,
      },
      {
        name: 'region',
        label: 'Region',
        kind: 'select',
        required: true,
        message: channelMessages.regionRequired,
        options: [
          { value: 'eu', label: 'Europe' },
          { value: 'us', label: 'United States' },
        ],
      },
      {
        name: 'webhookSecret',
        label: 'Webhook Secret',
        kind: 'password',
        required: false,
        message: channelMessages.fieldRequired,
        secret: true,
        hint: "The secret set on the Sinch webhook: Parley checks each callback's signature with it",
      },
      f.contactId,
    ],
    sends: [4],
    testConnection: true,
    templateApi: false,
  },
  {
    id: 9,
    name: 'Mailchimp',
    serves: [1],
    fields: [
      { name: 'fromEmail', label: 'From Email', kind: 'email', required: true, message: channelMessages.fieldRequired },
      f.authKey,
      {
        name: 'subAccount',
        label: 'Sub-account',
        kind: 'text',
        required: true,
        message: channelMessages.fieldRequired,
      },
      { name: 'fromName', label: 'From Name', kind: 'text', required: true, message: channelMessages.fieldRequired },
    ],
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 8,
    name: 'Multi-channel provider',
    serves: [6, 4, 3, 9, 11, 12, 1, 0],
    fields: [f.authKey, f.contactId],
    byType: {
      0: [
        { name: 'country', label: 'Country', kind: 'text', required: true, message: channelMessages.fieldRequired },
        { name: 'operator', label: 'Operator', kind: 'text', required: true, message: channelMessages.fieldRequired },
        f.contactId,
        f.username,
        f.password,
        { name: 'ipAddress', label: 'IP Address', kind: 'ip', required: true, message: channelMessages.ipRequired },
        { name: 'port', label: 'Port', kind: 'number', required: true, message: channelMessages.portRequired },
      ],
      9: [
        f.authKey,
        f.contactId,
        {
          name: 'interface',
          label: 'Interface',
          kind: 'select',
          required: true,
          message: channelMessages.fieldRequired,
          options: [
            { value: 'PHONE', label: 'Phone' },
            { value: 'WHATSAPP', label: 'WhatsApp' },
          ],
        },
      ],
    },
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  { id: 10, name: 'VI', serves: [10], fields: viFields, sends: [], testConnection: false, templateApi: false },
  {
    id: 11,
    name: 'NGN',
    serves: [0],
    fields: [f.accKey, f.sender, f.username],
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 12,
    name: 'Tata Tele',
    serves: [0],
    fields: [
      { name: 'user', label: 'User', kind: 'text', required: true, message: channelMessages.usernameRequired },
      {
        name: 'pswd',
        label: 'Password',
        kind: 'password',
        required: true,
        message: channelMessages.passwordRequired,
        secret: true,
      },
      f.sender,
      { name: 'PE_ID', label: 'PE ID', kind: 'text', required: true, message: channelMessages.fieldRequired },
    ],
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 13,
    name: 'Jio',
    serves: [10],
    fields: [
      f.clientId,
      f.clientSecret,
      {
        name: 'WebhookVerificationToken',
        label: 'Webhook Verification Token',
        kind: 'password',
        required: true,
        message: channelMessages.fieldRequired,
        secret: true,
      },
    ],
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 14,
    name: 'Syniverse',
    serves: [4, 0],
    fields: [
      { name: 'namespace', label: 'Namespace', kind: 'text', required: true, message: channelMessages.fieldRequired },
      f.contactId,
      { name: 'companyId', label: 'Company ID', kind: 'text', required: true, message: channelMessages.fieldRequired },
      { name: 'appId', label: 'App ID', kind: 'text', required: true, message: channelMessages.fieldRequired },
      f.authToken,
      { ...f.wabaId, required: true },
    ],
    byType: { 0: [f.contactId, f.authToken] },
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 15,
    name: 'Tanla',
    serves: [10],
    fields: [...viFields, f.environment],
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 16,
    name: 'Mobeep',
    serves: [0],
    fields: [
      f.username,
      f.password,
      f.sender,
      {
        name: 'principalEntityId',
        label: 'Principal Entity ID',
        kind: 'text',
        required: true,
        message: channelMessages.fieldRequired,
      },
    ],
    sends: [],
    testConnection: false,
    templateApi: false,
  },
  {
    id: 17,
    name: 'Route Mobile',
    serves: [4, 0],
    fields: [f.username, f.password, f.contactMobile],
    sends: [4],
    testConnection: true,
    templateApi: false,
  },
  {
    id: 18,
    name: 'SMS portal',
    serves: [0],
    fields: [f.accKey, f.sender, f.username],
    sends: [],
    testConnection: false,
    templateApi: false,
  },
];

export function vendorSpec(id: number): VendorSpec | undefined {
  return vendors.find((vendor) => vendor.id === id);
}

/** The credential fields of a vendor for one channel type. */
export function credentialFields(vendorId: number, type: number): readonly CredentialField[] {
  const vendor = vendorSpec(vendorId);
  if (!vendor) return [];
  return vendor.byType?.[type as ChannelType] ?? vendor.fields;
}

/** Vendors offered for a channel type, restricted by the enterprise's offer when it has one. */
export function vendorsFor(type: number, offered?: readonly number[] | null): VendorSpec[] {
  return vendors.filter(
    (vendor) =>
      vendor.serves.includes(type as ChannelType) && (!offered || offered.length === 0 || offered.includes(vendor.id)),
  );
}

export function canSend(vendorId: number, type: number): boolean {
  return vendorSpec(vendorId)?.sends.includes(type as ChannelType) ?? false;
}

/** Mobile pattern of platform §5: optional country prefix 91 or 1, then ten digits starting 1 to 9. */
export const mobilePattern = /^(?:\+?(?:91|1))?[1-9]\d{9}$/;
const ipv4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;
const ipv6 = /^[0-9a-f:]+$/i;
const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A value sent back unchanged by the form (blank or masked): the server keeps the stored secret. */
export function keepsStoredSecret(value: string | undefined): boolean {
  return value === undefined || value === '' || value.includes('…') || value === '••••';
}

/**
 * Checks the credential form of a vendor and channel type; field name → message. `contactId` is
 * checked with the other fields. Secret fields may be left blank or masked when `storedSecrets`
 * lists them (editing keeps the stored secret).
 */
export function validateCredentials(
  vendorId: number,
  type: number,
  values: Record<string, string | undefined>,
  storedSecrets: readonly string[] = [],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of credentialFields(vendorId, type)) {
    const raw = values[field.name];
    if (field.secret && keepsStoredSecret(raw) && storedSecrets.includes(field.name)) continue;
    // A masked value stands for a stored secret: without one it is as good as empty.
    const value = field.secret && keepsStoredSecret(raw) ? '' : (raw ?? '');
    if (value.trim() === '') {
      if (field.required) errors[field.name] = field.message;
      else if (value !== '') errors[field.name] = channelMessages.leadingWhitespace;
      continue;
    }
    // The spec's free-text validator rejects values that start with whitespace.
    if (/^\s/.test(value)) {
      errors[field.name] = channelMessages.leadingWhitespace;
      continue;
    }
    if (value.length > 2000) {
      errors[field.name] = 'At most 2000 characters';
      continue;
    }
    switch (field.kind) {
      case 'mobile':
        if (!mobilePattern.test(value.replace(/[\s-]/g, ''))) errors[field.name] = channelMessages.invalidNumber;
        break;
      case 'select':
        if (!field.options?.some((option) => option.value === value))
          errors[field.name] = channelMessages.invalidChoice;
        break;
      case 'email':
        if (!email.test(value)) errors[field.name] = channelMessages.invalidEmail;
        break;
      case 'ip':
        if (!ipv4.test(value) && !(value.includes(':') && ipv6.test(value)))
          errors[field.name] = channelMessages.invalidIp;
        break;
      case 'number': {
        const number = Number(value);
        if (field.name === 'port') {
          if (!Number.isInteger(number) || number < 1 || number > 65535)
            errors[field.name] = channelMessages.invalidPort;
        } else if (field.name === 'failureRate') {
          if (!Number.isFinite(number) || number < 0 || number > 100) errors[field.name] = 'A number from 0 to 100';
        } else if (!Number.isFinite(number)) errors[field.name] = 'Please enter a number';
        break;
      }
      default:
        break;
    }
  }
  return errors;
}

const channelName = z
  .string({ error: channelMessages.nameRequired })
  .trim()
  .min(1, channelMessages.nameRequired)
  .max(100, 'At most 100 characters');

/**
 * Create or edit a channel (platform §3.7: name, type, deptId, vendor, contactId, data). `data`
 * holds the credential fields of the vendor (contactId included, mirrored to the top level);
 * secret fields sent blank or masked keep the stored value.
 */
export const channelBody = z.object({
  name: channelName,
  type: z.coerce
    .number()
    .int()
    .refine((value) => value in channelTypes, 'Choose a channel type'),
  vendor: z.coerce
    .number()
    .int()
    .refine((value) => vendorSpec(value) !== undefined, 'Choose a vendor'),
  deptId: z.uuid('Choose a department').nullable().default(null),
  data: z.record(z.string().max(64), z.string().max(4000)).default({}),
  /** Sending pace (messages per second); WhatsApp's default is 80, up to 1,000 after an upgrade. */
  messagesPerSecond: z.coerce.number().int().min(1, 'At least 1').max(1000, 'At most 1000').default(80),
});
export type ChannelBody = z.input<typeof channelBody>;
export type ChannelInput = z.output<typeof channelBody>;

export const channel = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.number().int(),
  typeString: z.string(),
  vendor: z.number().int(),
  vendorString: z.string(),
  deptId: z.uuid().nullable(),
  departmentName: z.string().nullable(),
  contactId: z.string(),
  /** Credential fields; secret ones masked (absent when none is stored). */
  data: z.record(z.string(), z.string()),
  messagesPerSecond: z.number().int(),
  /** Whether Parley can send through this vendor and type today. */
  canSend: z.boolean(),
  /** The public callback URL to give the vendor. */
  webhookUrl: z.string(),
  /** Meta's GET verification token (hub.verify_token) for this channel. */
  webhookVerifyToken: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channel>;

export const channelListQuery = pageQuery.extend({
  name: z.string().trim().max(100).optional(),
  type: z.coerce.number().int().min(0).max(99).optional(),
});

export const channelTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type ChannelTestResult = z.infer<typeof channelTestResult>;

/** The vendors the enterprise offers (empty: all). */
export const vendorOfferBody = z.object({ vendors: z.array(z.number().int()).max(100) });
export const vendorOffer = z.object({ vendors: z.array(z.number().int()) });

/** A text or media message inside the 24-hour customer-service window. */
export const sessionMessageBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    to: z.string().trim().min(1, 'This Field is Mandatory').max(32),
    text: z.string().trim().min(1, 'This Field is Mandatory').max(4096, 'At most 4096 characters'),
  }),
  z.object({
    kind: z.literal('media'),
    to: z.string().trim().min(1, 'This Field is Mandatory').max(32),
    mediaType: z.enum(['image', 'video', 'document', 'audio']),
    /** A file uploaded through POST /api/files. */
    fileId: z.uuid('Attachment is missing !'),
    caption: z.string().trim().max(1024).default(''),
  }),
]);
export type SessionMessageBody = z.input<typeof sessionMessageBody>;

/** Delivery statuses, in the order they may move; failed is terminal. */
export const messageStatuses = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export const messageStatusRank: Record<MessageStatus | 'received', number> = {
  accepted: 0,
  received: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
};

export const channelMessage = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  direction: z.enum(['out', 'in']),
  customerNumber: z.string(),
  vendorMessageId: z.string().nullable(),
  kind: z.string(),
  /** What was sent or received, as the preview renders it. */
  content: z.record(z.string(), z.unknown()),
  status: z.string(),
  statusAt: z.string(),
  errorCode: z.string().nullable(),
  errorText: z.string().nullable(),
  source: z.string(),
  createdAt: z.string(),
});
export type ChannelMessage = z.infer<typeof channelMessage>;

export const channelRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/channels',
    summary: 'Channels of the enterprise (platform §7.3 e/enterprise/channels), credentials masked',
    query: channelListQuery,
    data: z.object({ channelConfig: z.array(channel), more: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/channels/:id',
    summary: 'One channel, credentials masked',
    params: idParam,
    data: z.object({ channelConfig: channel }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/channels',
    summary: 'Creates a channel; secret credentials are encrypted at rest',
    body: channelBody,
    data: z.object({ channelConfig: channel }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/channels/:id',
    summary: 'Updates a channel; a blank or masked secret keeps the stored one',
    params: idParam,
    body: channelBody,
    data: z.object({ channelConfig: channel }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/channels/:id',
    summary: 'Deletes a channel with its templates and message log',
    params: idParam,
    data: z.object({ id: z.uuid() }),
  }),
  test: defineRoute({
    method: 'POST',
    path: '/api/channels/:id/test',
    summary: "Calls the vendor's cheapest authenticated endpoint with the stored credentials",
    params: idParam,
    data: channelTestResult,
  }),
  getOffer: defineRoute({
    method: 'GET',
    path: '/api/channels/vendor-offer',
    summary: 'The vendors the enterprise offers when channels are created (empty: all)',
    data: vendorOffer,
  }),
  setOffer: defineRoute({
    method: 'PUT',
    path: '/api/channels/vendor-offer',
    summary: 'Restricts the vendors offered when channels are created (empty: all)',
    body: vendorOfferBody,
    data: vendorOffer,
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/api/channels/:id/messages',
    summary: 'Messages sent and received on a channel, newest first',
    params: idParam,
    query: pageQuery.extend({ customerNumber: z.string().trim().max(32).optional() }),
    data: z.object({ messages: z.array(channelMessage), more: z.boolean() }),
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/channels/:id/messages',
    summary: "Sends a text or media message inside the customer's 24-hour window",
    params: idParam,
    body: sessionMessageBody,
    data: channelMessage,
  }),
} as const;

/** Public callback paths (no session; each vendor's own verification applies). */
export const webhookPath = (key: string) => `/api/webhooks/channels/${key}`;

// ---------------------------------------------------------------------------------------------
// Sandbox phone (issue 7): what each Sandbox number received, replies as the customer.

export const sandboxConversation = z.object({
  phone: z.string(),
  customerName: z.string().nullable(),
  lastMessageAt: z.string(),
  lastText: z.string(),
  count: z.number().int(),
});
export type SandboxConversation = z.infer<typeof sandboxConversation>;

export const sandboxMessage = z.object({
  id: z.uuid(),
  /** to_phone: Parley sent it; from_phone: the customer replied. */
  direction: z.enum(['to_phone', 'from_phone']),
  phone: z.string(),
  vendorMessageId: z.string(),
  /** The message as sent: { type: 'template', template: {...components, values} } or { type: 'text', text } ... */
  content: z.record(z.string(), z.unknown()),
  status: z.string(),
  errorCode: z.string().nullable(),
  errorText: z.string().nullable(),
  createdAt: z.string(),
  statusAt: z.string(),
});
export type SandboxMessage = z.infer<typeof sandboxMessage>;

export const sandboxReplyBody = z.object({
  text: z.string().trim().min(1, 'Type a message').max(4096, 'At most 4096 characters'),
  /** Reply to a button of a received message (a quick reply). */
  buttonPayload: z.string().max(256).optional(),
  /** Or the id of a reply button of a received interactive message (it reaches Parley as a button_reply). */
  buttonReplyId: z.string().max(256).optional(),
});

/** A Sandbox channel as the phone lists it (readable with MSG_TEMPLATES alone, unlike the channel list). */
export const sandboxChannel = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.number().int(),
  /** The business number the phone's messages come from. */
  contactId: z.string(),
  /** The simulated failure rate, percent. */
  failureRate: z.number(),
});
export type SandboxChannel = z.infer<typeof sandboxChannel>;

export const sandboxRoutes = {
  channels: defineRoute({
    method: 'GET',
    path: '/api/sandbox/channels',
    summary: "The enterprise's Sandbox channels, for the Sandbox phone",
    data: z.object({ channels: z.array(sandboxChannel) }),
  }),
  conversations: defineRoute({
    method: 'GET',
    path: '/api/sandbox/channels/:id/conversations',
    summary: 'The Sandbox phone: numbers that received messages on a Sandbox channel, latest first',
    params: idParam,
    data: z.object({ conversations: z.array(sandboxConversation) }),
  }),
  thread: defineRoute({
    method: 'GET',
    path: '/api/sandbox/channels/:id/conversations/:phone',
    summary: 'What one Sandbox number received and sent, oldest first',
    params: z.object({ id: z.uuid(), phone: z.string().regex(/^\+?\d{6,16}$/, 'Not a phone number') }),
    data: z.object({ messages: z.array(sandboxMessage) }),
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/api/sandbox/channels/:id/conversations/:phone/replies',
    summary: 'Replies as the customer: the message reaches Parley as an inbound webhook',
    params: z.object({ id: z.uuid(), phone: z.string().regex(/^\+?\d{6,16}$/, 'Not a phone number') }),
    body: sandboxReplyBody,
    data: sandboxMessage,
  }),
} as const;
