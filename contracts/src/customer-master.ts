import { z } from 'zod';
import { defineRoute, emptyData, idParam, pageQuery } from './envelope';

/**
 * Customer master (engagement.md §2.1–§2.8, §3, §4, §5, §7.1, §8, §9): attribute definitions,
 * customers, segments (the spec's tags / labels), groups and CSV uploads. Texts quoted from the
 * spec are verbatim, typos included.
 */
export const customerMessages = {
  required: 'This field is required',
  saveFailed: 'Save Failed. Please check for errors in fields',
  noRecord: 'No Record Found',
  noUploads: 'No Record',
  noErrors: 'No Errors Found',
  uploaded: 'Uploaded Succesfully',
  uploadInProgress: 'We are in the process of adding your current file ...',
  whitespaceOnly: (label: string) => `Whitespace only present in the field - ${label}`,
  fieldRequired: (label: string) => `${label} is required`,
  minLength: (n: number) => `Minimum length must be ${n} characters.`,
  maxLength: (n: number) => `Maximum length must be ${n} characters.`,
  // Beyond the spec (its list stops at the four above):
  onlyLetters: (label: string) => `${label} can contain only letters`,
  onlyLettersDigits: (label: string) => `${label} can contain only letters and digits`,
  wholeNumber: (label: string) => `${label} must be a whole number`,
  decimalNumber: (label: string) => `${label} must be a number`,
  email: (label: string) => `${label} must be a valid email address`,
  charNotAllowed: (label: string, chars: string) => `${label} cannot contain ${chars}`,
  notAnOption: (label: string, options: string[]) => `${label} must be one of: ${options.join(', ')}`,
  phoneInvalid: 'Enter a valid phone number with its country code, e.g. +91 98765 43210',
  fieldNameTaken: 'A field with this name already exists',
  fieldNameReserved: 'name and phoneNumber are standard fields',
  fieldNameInvalid: 'Field Name: letters, digits and _ only, starting with a letter',
  minAboveMax: 'Min length cannot be greater than max length',
  defaultValuesRequired: 'Give the dropdown options, comma separated',
  segmentTaken: 'A segment with this name already exists',
  groupTaken: 'A group with this name already exists',
  phoneTaken: 'A customer with this phone number already exists',
  selectOne: 'Select at least one',
  fieldCreated: 'Field created',
  fieldUpdated: 'Field updated',
  fieldDeleted: 'Field deleted',
  fieldMoved: 'Order saved',
  customerCreated: 'Customer created',
  customerUpdated: 'Customer updated',
  customerDeleted: 'Customer deleted',
  segmentCreated: 'Segment created',
  groupCreated: 'Group created',
  movedToGroups: 'Customers moved to the groups',
  labelsAttached: 'Labels attached',
  csvOnly: 'Invalid File Format !',
  csvUnreadable: 'This file is not a readable CSV file (UTF-8 text with a header row).',
  csvNoHeader: 'The first line of the file must be its header row',
  csvNoRows: 'The file has a header row but no data rows',
  mappingRequired: 'Map the mandatory fields name and phoneNumber to columns of your file',
  uploadNotDraft: 'This upload has already been submitted',
  duplicateInFile: (line: number) => `Duplicate phone number: the same number is on line ${line}`,
  duplicateExisting: 'A customer with this phone number already exists (tick Replace Existing Records to update it)',
  rowTooLong: 'This row is longer than 64 kB',
  rowColumns: (expected: number, got: number) => `This row has ${got} columns; the header has ${expected}`,
  rowQuoting: 'This row has an unclosed quote',
  rowStrayQuote: (column: number) =>
    `Column ${column} has a quote inside a value that does not start with one: put the whole value in quotes and write the quote twice ("")`,
  rowTextAfterQuote: (column: number) =>
    `Column ${column} has text after its closing quote: a quote inside a quoted value is written twice ("")`,
  rowEncoding: 'This row is not UTF-8 text (save the file as CSV UTF-8)',
  formulaCell: (label: string) =>
    `${label} starts like a spreadsheet formula (=, +, -, @); remove that first character or put text before it`,
} as const;

export const fieldTypes = ['text', 'textarea', 'selectbox-singlevalue', 'selectbox-multiplevalue'] as const;
export type FieldType = (typeof fieldTypes)[number];
export const fieldTypeLabels: Record<FieldType, string> = {
  text: 'Textbox',
  textarea: 'Textarea',
  'selectbox-singlevalue': 'Dropdown',
  'selectbox-multiplevalue': 'Dropdown (multiple selection)',
};
export const isTextField = (type: FieldType) => type === 'text' || type === 'textarea';
export const isDropdownField = (type: FieldType) => !isTextField(type);

export const inputTypes = ['alphabets', 'alphanumeric', 'number', 'decimal', 'email'] as const;
export type InputType = (typeof inputTypes)[number];
export const inputTypeLabels: Record<InputType, string> = {
  alphabets: 'Alphabets',
  alphanumeric: 'Alphanumeric',
  number: 'Number',
  decimal: 'Decimal',
  email: 'Email',
};
/** Input types offered per field type (§2.3: textarea only alphabets and alphanumeric). */
export const inputTypesFor: Record<'text' | 'textarea', readonly InputType[]> = {
  text: inputTypes,
  textarea: ['alphabets', 'alphanumeric'],
};

export const customerLimits = {
  pageSize: 10,
  pickerPageSize: 15,
  uploadsPageSize: 10,
  errorsPageSize: 15,
  fieldsMax: 100,
  fieldNameMax: 60,
  fieldLabelMax: 100,
  helptextMax: 300,
  optionsMax: 200,
  optionMax: 100,
  /** Longest value of a user-defined text field. */
  valueMax: 5000,
  nameMax: 200,
  socialMax: 200,
  segmentNameMax: 100,
  /** Largest CSV accepted (bytes). */
  uploadMaxBytes: 512 * 1024 * 1024,
  /** Longest CSV row (bytes); a longer one is rejected as an error row, not read into memory. */
  rowMaxBytes: 64 * 1024,
  previewRows: 10,
  /** The dry run checks this many rows of the file. */
  previewCheckRows: 5000,
  searchDebounceMs: 300,
} as const;

/** A customer attribute definition (user-defined, or one of the two standard rows). */
export const customerField = z.object({
  id: z.string(),
  fieldName: z.string(),
  fieldLabel: z.string(),
  fieldHelptext: z.string(),
  mandatory: z.boolean(),
  fieldType: z.enum(fieldTypes),
  inputType: z.enum(inputTypes).nullable(),
  minLength: z.number().int().nullable(),
  maxLength: z.number().int().nullable(),
  allowSpecialChars: z.boolean(),
  allowedChars: z.array(z.string()),
  commaIncluded: z.boolean(),
  defaultValues: z.array(z.string()),
  index: z.number().int(),
  /** The fixed name / phone number rows: listed first, never editable. */
  standard: z.boolean(),
});
export type CustomerField = z.infer<typeof customerField>;

/** engagement.md §3 "Standard definitions (fixed, not editable)". */
export const standardFields: readonly CustomerField[] = [
  {
    id: 'name',
    fieldName: 'name',
    fieldLabel: 'Name',
    fieldHelptext: 'Name of the customer',
    mandatory: true,
    fieldType: 'text',
    inputType: 'alphanumeric',
    minLength: 2,
    maxLength: 30,
    allowSpecialChars: true,
    allowedChars: [],
    commaIncluded: false,
    defaultValues: [],
    index: -2,
    standard: true,
  },
  {
    id: 'phoneNumber',
    fieldName: 'phoneNumber',
    fieldLabel: 'Phone Number',
    fieldHelptext: 'Phone number including the country code',
    mandatory: true,
    fieldType: 'text',
    inputType: 'alphanumeric',
    minLength: 10,
    maxLength: 100000,
    allowSpecialChars: true,
    allowedChars: ['+'],
    commaIncluded: false,
    defaultValues: [],
    index: -1,
    standard: true,
  },
];
export const standardFieldNames = ['name', 'phoneNumber'] as const;

const required = z.string({ error: customerMessages.required }).trim().min(1, customerMessages.required);
const optionalLength = z
  .union([z.number(), z.string().trim()])
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: 'Enter a whole number, 0 or more' });
      return z.NEVER;
    }
    return n;
  });

/** Add / edit field body (§2.3, §5 "Field definition"). */
export const customerFieldBody = z
  .object({
    fieldName: required
      .max(customerLimits.fieldNameMax, `At most ${customerLimits.fieldNameMax} characters`)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, customerMessages.fieldNameInvalid)
      .refine(
        (name) => !standardFieldNames.some((s) => s.toLowerCase() === name.toLowerCase()),
        customerMessages.fieldNameReserved,
      ),
    fieldLabel: required.max(customerLimits.fieldLabelMax, `At most ${customerLimits.fieldLabelMax} characters`),
    fieldHelptext: required.max(customerLimits.helptextMax, `At most ${customerLimits.helptextMax} characters`),
    mandatory: z.boolean({ error: customerMessages.required }),
    fieldType: z.enum(fieldTypes, { error: customerMessages.required }),
    inputType: z.enum(inputTypes).nullable().optional(),
    minLength: optionalLength,
    maxLength: optionalLength,
    allowSpecialChars: z.boolean().default(false),
    /** The allowed characters, one character each (the form takes them comma separated). */
    allowedChars: z.array(z.string().length(1, 'One character each')).max(100).default([]),
    commaIncluded: z.boolean().default(false),
    /** Dropdown options (the form takes them comma separated); trimmed, blanks dropped, each once. */
    defaultValues: z
      .array(z.string().trim().max(customerLimits.optionMax))
      .max(customerLimits.optionsMax)
      .default([])
      .transform((values) => [...new Set(values.filter((value) => value !== ''))]),
  })
  .superRefine((value, ctx) => {
    if (isTextField(value.fieldType)) {
      const allowed = inputTypesFor[value.fieldType as 'text' | 'textarea'];
      if (!value.inputType) ctx.addIssue({ code: 'custom', path: ['inputType'], message: customerMessages.required });
      else if (!allowed.includes(value.inputType))
        ctx.addIssue({ code: 'custom', path: ['inputType'], message: 'Not an input type of this field type' });
      if (value.minLength !== null && value.maxLength !== null && value.minLength > value.maxLength)
        ctx.addIssue({ code: 'custom', path: ['minLength'], message: customerMessages.minAboveMax });
    } else if (value.fieldType === 'selectbox-singlevalue' || value.fieldType === 'selectbox-multiplevalue') {
      if (value.defaultValues.length === 0)
        ctx.addIssue({ code: 'custom', path: ['defaultValues'], message: customerMessages.defaultValuesRequired });
    }
  })
  .transform((value) =>
    isTextField(value.fieldType)
      ? value
      : // Input type and special-character settings apply only to text and textarea (§5).
        {
          ...value,
          inputType: null,
          minLength: null,
          maxLength: null,
          allowSpecialChars: false,
          allowedChars: [],
          commaIncluded: false,
        },
  );
export type CustomerFieldBody = z.input<typeof customerFieldBody>;

/** Every value a user-defined field can hold: text, or a list for a multi-select dropdown. */
export type FieldValue = string | string[];

const LETTERS = /\p{L}|\p{M}/u;
const DIGITS = /\p{Nd}/u;
const PLAIN_TEXT = /^[\p{L}\p{M}\p{Nd} ]*$/u;

/**
 * The one validator of a value against its definition: the customer form (web), the customer save
 * (server) and the CSV import use it. Returns the first message, or null when the value is valid.
 * A blank optional value is valid (and stored as absent).
 */
export function validateFieldValue(field: CustomerField, raw: FieldValue | null | undefined): string | null {
  const label = field.fieldLabel;
  if (Array.isArray(raw)) {
    const values = raw.map((value) => value.trim()).filter((value) => value !== '');
    if (values.length === 0) return field.mandatory ? customerMessages.fieldRequired(label) : null;
    if (field.fieldType !== 'selectbox-multiplevalue' && values.length > 1)
      return customerMessages.notAnOption(label, field.defaultValues);
    const unknown = values.find((value) => !field.defaultValues.includes(value));
    return unknown === undefined ? null : customerMessages.notAnOption(label, field.defaultValues);
  }
  const text = raw ?? '';
  if (text.length > 0 && text.trim() === '') return customerMessages.whitespaceOnly(label);
  const value = text.trim();
  if (value === '') return field.mandatory ? customerMessages.fieldRequired(label) : null;
  if (isDropdownField(field.fieldType)) {
    const values = field.fieldType === 'selectbox-multiplevalue' ? splitOptions(value) : [value];
    return values.every((option) => field.defaultValues.includes(option))
      ? null
      : customerMessages.notAnOption(label, field.defaultValues);
  }
  const length = [...value].length;
  if (field.minLength !== null && length < field.minLength) return customerMessages.minLength(field.minLength);
  if (field.maxLength !== null && length > field.maxLength) return customerMessages.maxLength(field.maxLength);
  if (length > customerLimits.valueMax) return customerMessages.maxLength(customerLimits.valueMax);
  switch (field.inputType) {
    case 'number':
      return /^[-+]?\d+$/.test(value) ? null : customerMessages.wholeNumber(label);
    case 'decimal':
      return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(value) ? null : customerMessages.decimalNumber(label);
    case 'email':
      return /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]{2,}$/.test(value) ? null : customerMessages.email(label);
    case 'alphabets':
    case 'alphanumeric':
    case null: {
      // Fast path (imports check millions of values): only letters, digits and spaces.
      if (PLAIN_TEXT.test(value) && !(field.inputType === 'alphabets' && DIGITS.test(value))) return null;
      const bad = new Set<string>();
      let digitsSeen = false;
      for (const char of value) {
        if (LETTERS.test(char) || char === ' ') continue;
        if (DIGITS.test(char)) {
          digitsSeen = true;
          continue;
        }
        if (char === ',' ? field.allowSpecialChars && field.commaIncluded : specialAllowed(field, char)) continue;
        bad.add(char);
      }
      if (field.inputType === 'alphabets' && digitsSeen) return customerMessages.onlyLetters(label);
      if (bad.size > 0) {
        if (!field.allowSpecialChars)
          return field.inputType === 'alphabets'
            ? customerMessages.onlyLetters(label)
            : customerMessages.onlyLettersDigits(label);
        return customerMessages.charNotAllowed(label, [...bad].map((char) => `"${char}"`).join(' '));
      }
      return null;
    }
    default:
      return null;
  }
}

/** With special characters allowed and an empty list, any character but the comma is allowed. */
function specialAllowed(field: CustomerField, char: string): boolean {
  if (!field.allowSpecialChars) return false;
  return field.allowedChars.length === 0 || field.allowedChars.includes(char);
}

/** A multi-select value written as text (a CSV cell): options separated by `|` or `;`. */
export function splitOptions(value: string): string[] {
  return value
    .split(/[|;]/)
    .map((option) => option.trim())
    .filter((option) => option !== '');
}

/** Segments are the spec's tags / labels; groups are separate lists. */
export const segment = z.object({ id: z.uuid(), name: z.string(), count: z.number().int() });
export type Segment = z.infer<typeof segment>;
export const group = z.object({ id: z.uuid(), name: z.string() });
export type Group = z.infer<typeof group>;

export const nameBody = z.object({
  name: z
    .string({ error: customerMessages.required })
    .trim()
    .min(1, customerMessages.required)
    .max(customerLimits.segmentNameMax, `At most ${customerLimits.segmentNameMax} characters`),
});

export const customer = z.object({
  id: z.uuid(),
  name: z.string(),
  /** E.164, e.g. +919876543210. */
  phoneNumber: z.string(),
  whatsAppNumber: z.string().nullable(),
  facebookId: z.string().nullable(),
  instaId: z.string().nullable(),
  twitterId: z.string().nullable(),
  tags: z.array(segment.pick({ id: true, name: true })),
  groups: z.array(group),
  /** User-defined values keyed by field id. */
  data: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customer>;

const socialId = z
  .string()
  .trim()
  .max(customerLimits.socialMax, `At most ${customerLimits.socialMax} characters`)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/**
 * Customer save (§5 "Customer form"). The server also checks `data` against the definitions with
 * `validateFieldValue` and answers every failing field in `fieldErrors` (keys `data.<fieldId>`).
 */
export const customerBody = z.object({
  name: z
    .string({ error: customerMessages.required })
    .trim()
    .min(1, customerMessages.required)
    .max(customerLimits.nameMax, `At most ${customerLimits.nameMax} characters`),
  /** Any written form with the country code (or a number of the default region); stored in E.164. */
  phoneNumber: z.string({ error: customerMessages.required }).trim().min(1, customerMessages.required).max(40),
  whatsAppNumber: socialId,
  facebookId: socialId,
  instaId: socialId,
  twitterId: socialId,
  tags: z.array(z.uuid()).max(200).default([]),
  groups: z.array(z.uuid()).max(200).default([]),
  data: z.record(z.string(), z.union([z.string().max(customerLimits.valueMax + 1), z.array(z.string())])).default({}),
});
export type CustomerBody = z.input<typeof customerBody>;

/** Customers list query (§3): `tags` is the selected segment, `groups` a group filter. */
export const customersQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(customerLimits.pageSize),
  search: z.string().trim().max(100).optional(),
  tags: z.uuid().optional(),
  groups: z.uuid().optional(),
});

export const customerListRow = z.object({
  id: z.uuid(),
  name: z.string(),
  phoneNumber: z.string(),
  /** Display text per user-defined field id (multi-select values joined with ", "). */
  details: z.record(z.string(), z.string()),
});
export type CustomerListRow = z.infer<typeof customerListRow>;

export const fieldHeader = z.object({ id: z.string(), label: z.string() });

export const mapCustomersBody = z.object({
  ids: z.array(z.uuid()).min(1, customerMessages.selectOne).max(200),
  customerIds: z.array(z.uuid()).min(1, customerMessages.selectOne).max(1000),
});

export const uploadStates = ['WAITING', 'COMPLETED', 'ERROR'] as const;
export type UploadState = (typeof uploadStates)[number];

export const headerMappingRow = z.object({
  /** System header: a field name (name, phoneNumber or a user-defined fieldName). */
  src: z.string().min(1).max(100),
  /** The file's header it takes its values from, or '' for none. */
  des: z.string().max(500),
});

export const customerUpload = z.object({
  id: z.uuid(),
  fileName: z.string(),
  segmentId: z.uuid().nullable(),
  segmentName: z.string().nullable(),
  replace: z.boolean(),
  state: z.enum(uploadStates),
  totalLines: z.number().int(),
  acceptedLines: z.number().int(),
  errorLines: z.number().int(),
  /** 0..1 while WAITING (bytes read / file size), 1 when done. */
  progress: z.number(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type CustomerUpload = z.infer<typeof customerUpload>;

/** Answer to a file chosen on the upload form (§3 "Upload response"). */
export const uploadDraft = z.object({
  uploadId: z.uuid(),
  fileName: z.string(),
  parsedHeaders: z.object({ systemHeaders: z.array(z.string()), userHeaders: z.array(z.string()) }),
  /** Each system header matched to the file header of the same name or label (case and spacing ignored), else ''. */
  headerMapping: z.array(headerMappingRow),
});
export type UploadDraft = z.infer<typeof uploadDraft>;

export const uploadSubmitBody = z.object({
  segmentId: z.uuid({ error: customerMessages.required }),
  replace: z.boolean().default(false),
  headerMapping: z.array(headerMappingRow).max(customerLimits.fieldsMax + 2),
});
export type UploadSubmitBody = z.input<typeof uploadSubmitBody>;

/** Dry run (beyond the spec): the first rows as they will be stored, and what will fail. */
export const uploadPreview = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      /** System header → value as it will be stored (phone in E.164). */
      values: z.record(z.string(), z.string()),
      errors: z.array(z.string()),
    }),
  ),
  checkedRows: z.number().int(),
  failingRows: z.number().int(),
  /** The file has more rows than were checked. */
  partial: z.boolean(),
  reasons: z.array(z.object({ message: z.string(), count: z.number().int() })),
});
export type UploadPreview = z.infer<typeof uploadPreview>;

export const uploadsQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(customerLimits.uploadsPageSize),
  segmentId: z.uuid().optional(),
  fromDate: z.iso.datetime({ offset: true }).optional(),
  toDate: z.iso.datetime({ offset: true }).optional(),
});

export const uploadErrorRow = z.object({ line: z.number().int(), lineStr: z.string(), errors: z.array(z.string()) });
export type UploadErrorRow = z.infer<typeof uploadErrorRow>;

export const uploadErrorsQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(customerLimits.errorsPageSize),
});

/** Realtime payload of 'customerUpload.progress' (sent to the enterprise while an import runs). */
export const uploadProgressEvent = customerUpload;

export const customerMasterRoutes = {
  // Definitions (CONFIGURATION → /customer-master/definition)
  listFields: defineRoute({
    method: 'GET',
    path: '/api/customer-fields',
    summary: 'The two standard fields, then the user-defined ones in their order',
    data: z.object({ fields: z.array(customerField) }),
  }),
  getField: defineRoute({
    method: 'GET',
    path: '/api/customer-fields/:id',
    summary: 'One user-defined field',
    params: idParam,
    data: customerField,
  }),
  createField: defineRoute({
    method: 'POST',
    path: '/api/customer-fields',
    summary: 'Add a field',
    body: customerFieldBody,
    data: customerField,
  }),
  updateField: defineRoute({
    method: 'PUT',
    path: '/api/customer-fields/:id',
    summary: 'Edit a field',
    params: idParam,
    body: customerFieldBody,
    data: customerField,
  }),
  moveField: defineRoute({
    method: 'PUT',
    path: '/api/customer-fields/move',
    summary: 'Move a user-defined field from one position to another (0-based, among user fields)',
    body: z.object({ from: z.number().int().min(0), to: z.number().int().min(0) }),
    data: z.object({ fields: z.array(customerField) }),
  }),
  fieldUsage: defineRoute({
    method: 'GET',
    path: '/api/customer-fields/:id/usage',
    summary: 'How many customers hold a value for the field (asked before deleting it)',
    params: idParam,
    data: z.object({ customers: z.number().int() }),
  }),
  removeField: defineRoute({
    method: 'DELETE',
    path: '/api/customer-fields/:id',
    summary: "Delete a field and every customer's value for it",
    params: idParam,
    data: emptyData,
  }),

  // Segments and groups
  listSegments: defineRoute({
    method: 'GET',
    path: '/api/customer-segments',
    summary: 'Segments with their customer counts, searchable by name',
    query: z.object({ search: z.string().trim().max(100).optional() }),
    data: z.object({ segments: z.array(segment) }),
  }),
  createSegment: defineRoute({
    method: 'POST',
    path: '/api/customer-segments',
    summary: 'Create a segment',
    body: nameBody,
    data: segment,
  }),
  listGroups: defineRoute({
    method: 'GET',
    path: '/api/customer-groups',
    summary: 'Groups, searchable by name',
    query: z.object({ search: z.string().trim().max(100).optional() }),
    data: z.object({ groups: z.array(group) }),
  }),
  createGroup: defineRoute({
    method: 'POST',
    path: '/api/customer-groups',
    summary: 'Create a group',
    body: nameBody,
    data: group,
  }),
  mapToGroups: defineRoute({
    method: 'POST',
    path: '/api/customers/map-groups',
    summary: 'Add customers to groups (Move Group)',
    body: mapCustomersBody,
    data: emptyData,
  }),
  mapToSegments: defineRoute({
    method: 'POST',
    path: '/api/customers/map-segments',
    summary: 'Add customers to segments (Attach Label)',
    body: mapCustomersBody,
    data: emptyData,
  }),

  // Customers
  listCustomers: defineRoute({
    method: 'GET',
    path: '/api/customers',
    summary: 'Customers, newest first, optionally of one segment or group and matching a search of name or phone',
    query: customersQuery,
    data: z.object({ customers: z.array(customerListRow), headers: z.array(fieldHeader), hasMore: z.boolean() }),
  }),
  getCustomer: defineRoute({
    method: 'GET',
    path: '/api/customers/:id',
    summary: 'One customer',
    params: idParam,
    data: customer,
  }),
  createCustomer: defineRoute({
    method: 'POST',
    path: '/api/customers',
    summary: 'Create a customer',
    body: customerBody,
    data: customer,
  }),
  updateCustomer: defineRoute({
    method: 'PUT',
    path: '/api/customers/:id',
    summary: 'Edit a customer (the phone number stays as it is)',
    params: idParam,
    body: customerBody,
    data: customer,
  }),
  removeCustomer: defineRoute({
    method: 'DELETE',
    path: '/api/customers/:id',
    summary: 'Delete a customer',
    params: idParam,
    data: emptyData,
  }),

  // CSV uploads
  sampleCsv: defineRoute({
    method: 'GET',
    path: '/api/customer-uploads/sample.csv',
    summary: 'Sample.csv: a header row of the current fields (standard first) and one example row',
    data: z.string(),
  }),
  uploadFile: defineRoute({
    method: 'POST',
    path: '/api/customer-uploads/file',
    summary: 'Send a CSV file (multipart, field "file"); answers its headers to map at once',
    data: uploadDraft,
  }),
  previewUpload: defineRoute({
    method: 'POST',
    path: '/api/customer-uploads/:id/preview',
    summary: 'Dry run: the first rows as they will be stored and how many of the checked rows will fail, and why',
    params: idParam,
    body: uploadSubmitBody,
    data: uploadPreview,
  }),
  submitUpload: defineRoute({
    method: 'POST',
    path: '/api/customer-uploads/:id/submit',
    summary: 'Start the import of a sent file with its mapping',
    params: idParam,
    body: uploadSubmitBody,
    data: customerUpload,
  }),
  listUploads: defineRoute({
    method: 'GET',
    path: '/api/customer-uploads',
    summary: 'My Uploads: submitted imports, newest first, optionally of one segment',
    query: uploadsQuery,
    data: z.object({ uploads: z.array(customerUpload), hasMore: z.boolean() }),
  }),
  getUpload: defineRoute({
    method: 'GET',
    path: '/api/customer-uploads/:id',
    summary: 'One import with its progress',
    params: idParam,
    data: customerUpload,
  }),
  uploadErrors: defineRoute({
    method: 'GET',
    path: '/api/customer-uploads/:id/errors',
    summary: 'Rejected rows of an import (the Error List)',
    params: idParam,
    query: uploadErrorsQuery,
    data: z.object({ errors: z.array(uploadErrorRow), total: z.number().int(), hasMore: z.boolean() }),
  }),
  uploadErrorsCsv: defineRoute({
    method: 'GET',
    path: '/api/customer-uploads/:id/errors.csv',
    summary: 'The rejected rows as CSV: the header row plus a reason column, ready to fix and upload again',
    params: idParam,
    data: z.string(),
  }),
} as const;
