import {
  customerMessages,
  splitOptions,
  standardFields,
  validateFieldValue,
  type Customer,
  type CustomerField,
  type FieldValue,
} from '@parley/contracts/customer-master';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../db/postgres-errors';
import { containsPattern } from '../../db/like-pattern';
import { customerPhone, normalizePhone, phoneProblemMessage } from '../../platform/phone';
import type { CustomerRow, CustomersRepository } from './customers.repository';
import type { CustomerFieldsReader } from '../../platform/customer-fields';
import type { SegmentsRepository } from './segments.repository';

/** The parsed customer body (contracts `customerBody` output). */
export interface CustomerInput {
  name: string;
  phoneNumber: string;
  whatsAppNumber: string | null;
  facebookId: string | null;
  instaId: string | null;
  twitterId: string | null;
  tags: string[];
  groups: string[];
  data: Record<string, FieldValue>;
}

const nameField = standardFields.find((field) => field.id === 'name')!;
export const unknownFieldMessage = 'This field does not exist (any more); reload the form';
export const unknownSegmentsMessage = 'Some of these segments do not exist';
export const unknownGroupsMessage = 'Some of these groups do not exist';

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    phoneNumber: row.phoneNumber,
    whatsAppNumber: row.whatsAppNumber,
    facebookId: row.facebookId,
    instaId: row.instaId,
    twitterId: row.twitterId,
    tags: row.tags,
    groups: row.groups,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A valid value as stored: trimmed; multi-select as a list; blank → undefined (not stored). */
export function storedValue(field: CustomerField, raw: FieldValue): FieldValue | undefined {
  const values = Array.isArray(raw)
    ? raw.map((value) => value.trim()).filter((value) => value !== '')
    : field.fieldType === 'selectbox-multiplevalue'
      ? splitOptions(raw)
      : [raw.trim()].filter((value) => value !== '');
  if (values.length === 0) return undefined;
  return field.fieldType === 'selectbox-multiplevalue' ? [...new Set(values)] : values[0];
}

function displayText(value: FieldValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * ILIKE patterns for a search of name or phone. A search that looks like a phone number also
 * matches its digits without spacing and its E.164 form ('98765 43210' finds +919876543210).
 */
export function searchPatterns(search: string | undefined, defaultRegion: string): string[] {
  const text = search?.trim() ?? '';
  if (text === '') return [];
  const variants = new Set([text.toLowerCase()]);
  if (/\d/.test(text) && /^[\d\s()+.-]+$/.test(text)) {
    const compact = text.replace(/[^\d+]/g, '');
    if (compact !== '') variants.add(compact);
    const e164 = normalizePhone(text, defaultRegion);
    if (e164) variants.add(e164);
  }
  return [...variants].map(containsPattern);
}

/** Customers (engagement.md §2.4, §2.5, §5 "Customer form"): one per enterprise and E.164 phone. */
export function createCustomersService(deps: {
  repository: CustomersRepository;
  fields: CustomerFieldsReader;
  segments: SegmentsRepository;
  defaultPhoneRegion: string;
}) {
  const { repository, fields, segments, defaultPhoneRegion } = deps;

  async function load(enterpriseId: string, id: string) {
    const row = await repository.get(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toCustomer(row);
  }

  /** Every check before any write; all failing fields at once in `fieldErrors`. */
  async function check(enterpriseId: string, input: CustomerInput, options: { phone: boolean }) {
    const fieldErrors: Record<string, string> = {};
    const nameError = validateFieldValue(nameField, input.name);
    if (nameError) fieldErrors.name = nameError;
    let phoneNumber: string | null = null;
    if (options.phone) {
      phoneNumber = customerPhone(input.phoneNumber, defaultPhoneRegion);
      if (!phoneNumber)
        fieldErrors.phoneNumber = phoneProblemMessage(
          input.phoneNumber,
          defaultPhoneRegion,
          customerMessages.phoneInvalid,
        );
    }

    const definitions = (await fields.listFields(enterpriseId)).filter((field) => !field.standard);
    const known = new Set(definitions.map((field) => field.id));
    for (const key of Object.keys(input.data)) if (!known.has(key)) fieldErrors[`data.${key}`] = unknownFieldMessage;
    const data: Record<string, FieldValue> = {};
    for (const field of definitions) {
      const raw = input.data[field.id];
      const error = validateFieldValue(field, raw);
      if (error) fieldErrors[`data.${field.id}`] = error;
      else if (raw !== undefined) {
        const value = storedValue(field, raw);
        if (value !== undefined) data[field.id] = value;
      }
    }

    const tags = [...new Set(input.tags)];
    const groups = [...new Set(input.groups)];
    if ((await segments.countSegments(enterpriseId, tags)) !== tags.length) fieldErrors.tags = unknownSegmentsMessage;
    if ((await segments.countGroups(enterpriseId, groups)) !== groups.length) fieldErrors.groups = unknownGroupsMessage;

    if (Object.keys(fieldErrors).length > 0) throw new AppError('CUSTOMER_INVALID', { fieldErrors });
    return {
      phoneNumber,
      tags,
      groups,
      values: {
        name: input.name.trim(),
        whatsAppNumber: input.whatsAppNumber,
        facebookId: input.facebookId,
        instaId: input.instaId,
        twitterId: input.twitterId,
        data,
      },
    };
  }

  return {
    async list(
      enterpriseId: string,
      query: { from: number; perPage: number; search?: string; tags?: string; groups?: string },
    ) {
      const headers = (await fields.listFields(enterpriseId)).filter((field) => !field.standard);
      const rows = await repository.list(enterpriseId, {
        from: query.from,
        perPage: query.perPage,
        patterns: searchPatterns(query.search, defaultPhoneRegion),
        tags: query.tags,
        groups: query.groups,
      });
      return {
        customers: rows.slice(0, query.perPage).map((row) => ({
          id: row.id,
          name: row.name,
          phoneNumber: row.phoneNumber,
          details: Object.fromEntries(headers.map((field) => [field.id, displayText(row.data[field.id])])),
        })),
        headers: headers.map((field) => ({ id: field.id, label: field.fieldLabel })),
        hasMore: rows.length > query.perPage,
      };
    },
    get: load,
    async create(enterpriseId: string, input: CustomerInput) {
      const checked = await check(enterpriseId, input, { phone: true });
      let id: string;
      try {
        id = await repository.create(
          enterpriseId,
          { ...checked.values, phoneNumber: checked.phoneNumber! },
          checked.tags,
          checked.groups,
        );
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('CUSTOMER_PHONE_TAKEN', { fieldErrors: { phoneNumber: customerMessages.phoneTaken } });
        throw error;
      }
      return load(enterpriseId, id);
    },
    /** The phone number stays as it is: the one in the body is not read (§4 "phone stays locked"). */
    async update(enterpriseId: string, id: string, input: CustomerInput) {
      await load(enterpriseId, id);
      const checked = await check(enterpriseId, input, { phone: false });
      if (!(await repository.update(enterpriseId, id, checked.values, checked.tags, checked.groups)))
        throw new AppError('NOT_FOUND');
      return load(enterpriseId, id);
    },
    async remove(enterpriseId: string, id: string) {
      if (!(await repository.remove(enterpriseId, id))) throw new AppError('NOT_FOUND');
      return {};
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
