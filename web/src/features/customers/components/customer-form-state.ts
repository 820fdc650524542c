import {
  customerMessages,
  isTextField,
  standardFields,
  validateFieldValue,
  type Customer,
  type CustomerBody,
  type CustomerField,
  type FieldValue,
} from '@parley/contracts/customer-master';
import type { FieldErrors } from '../../../lib/form-validation';

/** What the customer form holds (engagement.md §2.5). `data` is keyed by field id. */
export interface CustomerFormValues {
  name: string;
  phoneNumber: string;
  whatsAppNumber: string;
  twitterId: string;
  facebookId: string;
  instaId: string;
  groups: string[];
  tags: string[];
  data: Record<string, FieldValue>;
}

/** Error keys: 'name', 'phoneNumber', ... and 'data.<fieldId>' for the user-defined fields. */
export const dataKey = (fieldId: string) => `data.${fieldId}`;

/** Mobile number minimum length (engagement.md §9). */
const PHONE_MIN = 10;
const nameField = standardFields.find((field) => field.fieldName === 'name')!;

function emptyValue(field: CustomerField): FieldValue {
  return field.fieldType === 'selectbox-multiplevalue' ? [] : '';
}

/** A stored value in the shape the field's input takes (a multi-select always holds a list). */
function storedValue(field: CustomerField, value: FieldValue | undefined): FieldValue {
  if (value === undefined) return emptyValue(field);
  if (field.fieldType === 'selectbox-multiplevalue') return Array.isArray(value) ? value : value === '' ? [] : [value];
  return Array.isArray(value) ? value.join(', ') : value;
}

export function initialCustomerValues(fields: readonly CustomerField[], customer: Customer | null): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    phoneNumber: customer?.phoneNumber ?? '',
    whatsAppNumber: customer?.whatsAppNumber ?? '',
    twitterId: customer?.twitterId ?? '',
    facebookId: customer?.facebookId ?? '',
    instaId: customer?.instaId ?? '',
    groups: customer?.groups.map((group) => group.id) ?? [],
    tags: customer?.tags.map((tag) => tag.id) ?? [],
    data: Object.fromEntries(
      fields
        .filter((field) => !field.standard)
        .map((field) => [field.id, storedValue(field, customer?.data[field.id])]),
    ),
  };
}

/**
 * The form's messages: name and phone required ('This field is required') with their standard
 * limits, and every user-defined field through the same validator the server uses.
 */
export function validateCustomer(values: CustomerFormValues, fields: readonly CustomerField[]): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name.trim() === '') errors.name = customerMessages.required;
  else {
    const message = validateFieldValue(nameField, values.name);
    if (message) errors.name = message;
  }
  const phone = values.phoneNumber.trim();
  if (phone === '') errors.phoneNumber = customerMessages.required;
  else if (phone.length < PHONE_MIN) errors.phoneNumber = customerMessages.minLength(PHONE_MIN);
  for (const field of fields) {
    if (field.standard) continue;
    const message = validateFieldValue(field, values.data[field.id]);
    if (message) errors[dataKey(field.id)] = message;
  }
  return errors;
}

export function toCustomerBody(values: CustomerFormValues, fields: readonly CustomerField[]): CustomerBody {
  const data: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (field.standard) continue;
    const value = values.data[field.id] ?? emptyValue(field);
    data[field.id] = Array.isArray(value) ? value : isTextField(field.fieldType) ? value : value.trim();
  }
  return {
    name: values.name.trim(),
    phoneNumber: values.phoneNumber.trim(),
    whatsAppNumber: values.whatsAppNumber.trim() || null,
    twitterId: values.twitterId.trim() || null,
    facebookId: values.facebookId.trim() || null,
    instaId: values.instaId.trim() || null,
    groups: values.groups,
    tags: values.tags,
    data,
  };
}

const socialLabels: Record<string, string> = {
  name: 'Name',
  phoneNumber: 'Phone Number',
  whatsAppNumber: 'Whatsapp',
  twitterId: 'Twitter ID',
  facebookId: 'Facebook ID',
  instaId: 'Instagram ID',
  groups: 'Groups',
  tags: 'Labels',
};

/** Server field errors onto the form's keys ('tags.0' → 'tags'; 'data.<id>' stays). */
export function formFieldErrors(fieldErrors: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrors ?? {})) {
    const parts = path.split('.');
    const key = parts[0] === 'data' && parts[1] ? dataKey(parts[1]) : (parts[0] ?? path);
    if (errors[key] === undefined) errors[key] = message;
  }
  return errors;
}

/** The lines of the list above the form: each message, with its field's label when it does not name it. */
export function errorLines(errors: FieldErrors, fields: readonly CustomerField[]): string[] {
  return Object.entries(errors).map(([key, message]) => {
    const label = key.startsWith('data.')
      ? fields.find((field) => dataKey(field.id) === key)?.fieldLabel
      : socialLabels[key];
    return label && !message.includes(label) ? `${label}: ${message}` : message;
  });
}
