import { customerMessages, type Customer, type CustomerField } from '@parley/contracts/customer-master';
import {
  dataKey,
  errorLines,
  formFieldErrors,
  initialCustomerValues,
  toCustomerBody,
  validateCustomer,
} from './customer-form-state';

function field(extra: Partial<CustomerField>): CustomerField {
  return {
    id: 'f1',
    fieldName: 'city',
    fieldLabel: 'City',
    fieldHelptext: 'Where they live',
    mandatory: false,
    fieldType: 'text',
    inputType: 'alphabets',
    minLength: null,
    maxLength: null,
    allowSpecialChars: false,
    allowedChars: [],
    commaIncluded: false,
    defaultValues: [],
    index: 0,
    standard: false,
    ...extra,
  };
}

const city = field({ id: 'f1', mandatory: true, minLength: 3, maxLength: 10 });
const tier = field({
  id: 'f2',
  fieldName: 'tier',
  fieldLabel: 'Loyalty Tier',
  fieldType: 'selectbox-singlevalue',
  inputType: null,
  defaultValues: ['Gold', 'Silver'],
});
const hobbies = field({
  id: 'f3',
  fieldName: 'hobbies',
  fieldLabel: 'Hobbies',
  fieldType: 'selectbox-multiplevalue',
  inputType: null,
  defaultValues: ['Chess', 'Golf'],
});
const fields = [city, tier, hobbies];

describe('the customer form', () => {
  it('starts empty for a new customer, a multi-select as a list', () => {
    const values = initialCustomerValues(fields, null);
    expect(values.data).toEqual({ f1: '', f2: '', f3: [] });
  });

  it('asks for name and phone, then checks each attribute with the spec messages', () => {
    const values = initialCustomerValues(fields, null);
    expect(validateCustomer(values, fields)).toEqual({
      name: customerMessages.required,
      phoneNumber: customerMessages.required,
      [dataKey('f1')]: 'City is required',
    });
    const filled = { ...values, name: 'Asha Rao', phoneNumber: '+91 98765 43210' };
    expect(validateCustomer({ ...filled, data: { ...filled.data, f1: '   ' } }, fields)[dataKey('f1')]).toBe(
      'Whitespace only present in the field - City',
    );
    expect(validateCustomer({ ...filled, data: { ...filled.data, f1: 'Ko' } }, fields)[dataKey('f1')]).toBe(
      'Minimum length must be 3 characters.',
    );
    expect(
      validateCustomer({ ...filled, data: { ...filled.data, f1: 'Thiruvananthapuram' } }, fields)[dataKey('f1')],
    ).toBe('Maximum length must be 10 characters.');
    expect(validateCustomer({ ...filled, data: { ...filled.data, f1: 'Pune' } }, fields)).toEqual({});
    expect(validateCustomer({ ...filled, name: 'A', data: { ...filled.data, f1: 'Pune' } }, fields).name).toBe(
      'Minimum length must be 2 characters.',
    );
  });

  it('reads a stored customer and sends its values back', () => {
    const customer: Customer = {
      id: '7e7e0000-0000-4000-8000-000000000001',
      name: 'Asha Rao',
      phoneNumber: '+919876543210',
      whatsAppNumber: null,
      facebookId: 'asha.rao',
      instaId: null,
      twitterId: null,
      tags: [{ id: '7e7e0000-0000-4000-8000-0000000000a1', name: 'VIP' }],
      groups: [],
      data: { f1: 'Pune', f2: 'Gold', f3: ['Chess'] },
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T09:00:00.000Z',
    };
    const values = initialCustomerValues(fields, customer);
    expect(values.tags).toEqual(['7e7e0000-0000-4000-8000-0000000000a1']);
    expect(toCustomerBody({ ...values, twitterId: '  ' }, fields)).toEqual({
      name: 'Asha Rao',
      phoneNumber: '+919876543210',
      whatsAppNumber: null,
      twitterId: null,
      facebookId: 'asha.rao',
      instaId: null,
      groups: [],
      tags: ['7e7e0000-0000-4000-8000-0000000000a1'],
      data: { f1: 'Pune', f2: 'Gold', f3: ['Chess'] },
    });
  });

  it('lists server errors with the label of the field they belong to', () => {
    const errors = formFieldErrors({ 'data.f1': 'Minimum length must be 3 characters.', 'tags.0': 'Invalid UUID' });
    expect(errors).toEqual({ [dataKey('f1')]: 'Minimum length must be 3 characters.', tags: 'Invalid UUID' });
    expect(errorLines({ ...errors, [dataKey('f2')]: 'Loyalty Tier is required' }, fields)).toEqual([
      'City: Minimum length must be 3 characters.',
      'Labels: Invalid UUID',
      'Loyalty Tier is required',
    ]);
  });
});
