import { customerMessages } from '@parley/contracts/customer-master';
import {
  changeAllowSpecialChars,
  changeFieldType,
  emptyFieldDefinition,
  panelFieldErrors,
  toFieldBody,
  validateFieldDefinition,
  type FieldDefinitionValues,
} from './field-definition-form';

const textField: FieldDefinitionValues = {
  ...emptyFieldDefinition,
  fieldName: 'city',
  fieldLabel: 'City',
  fieldHelptext: 'Where they live',
  mandatory: 'no',
  fieldType: 'text',
  inputType: 'number',
  minLength: '2',
  maxLength: '40',
  allowSpecialChars: true,
  allowedChars: '-, _',
  commaIncluded: true,
};

describe('the field definition panel', () => {
  it('asks for every required field with the spec message', () => {
    const errors = validateFieldDefinition(emptyFieldDefinition);
    for (const key of ['fieldName', 'fieldLabel', 'fieldHelptext', 'mandatory', 'fieldType'])
      expect(errors[key]).toBe(customerMessages.required);
    expect(validateFieldDefinition({ ...textField, fieldLabel: '   ' }).fieldLabel).toBe(customerMessages.required);
    expect(validateFieldDefinition(textField)).toEqual({});
  });

  it('requires the input type of a text field and the options of a dropdown', () => {
    expect(validateFieldDefinition({ ...textField, inputType: '' }).inputType).toBe(customerMessages.required);
    const dropdown = changeFieldType(textField, 'selectbox-singlevalue');
    expect(validateFieldDefinition(dropdown).defaultValues).toBe(customerMessages.defaultValuesRequired);
    expect(validateFieldDefinition({ ...dropdown, defaultValues: ' , ,' }).defaultValues).toBe(
      customerMessages.defaultValuesRequired,
    );
    expect(validateFieldDefinition({ ...dropdown, defaultValues: 'Gold, Silver' })).toEqual({});
  });

  it('refuses a minimum above the maximum and an allowed character longer than one', () => {
    expect(validateFieldDefinition({ ...textField, minLength: '50' }).minLength).toBe(customerMessages.minAboveMax);
    expect(validateFieldDefinition({ ...textField, allowedChars: '-, ab' }).allowedChars).toBe('One character each');
  });

  it('switching to a dropdown drops what only a text field has', () => {
    const dropdown = changeFieldType(textField, 'selectbox-multiplevalue');
    expect(dropdown).toMatchObject({
      fieldType: 'selectbox-multiplevalue',
      inputType: '',
      minLength: '',
      maxLength: '',
      allowSpecialChars: false,
      allowedChars: '',
      commaIncluded: false,
    });
    const back = changeFieldType({ ...dropdown, defaultValues: 'A, B' }, 'text');
    expect(back.defaultValues).toBe('');
  });

  it('switching to a textarea keeps an input type it offers and clears one it does not', () => {
    expect(changeFieldType(textField, 'textarea').inputType).toBe('');
    expect(changeFieldType({ ...textField, inputType: 'alphanumeric' }, 'textarea').inputType).toBe('alphanumeric');
  });

  it('turning special characters off clears the list and the comma', () => {
    expect(changeAllowSpecialChars(textField, false)).toMatchObject({
      allowSpecialChars: false,
      allowedChars: '',
      commaIncluded: false,
    });
  });

  it('sends trimmed values and the comma-separated lists as arrays', () => {
    expect(toFieldBody({ ...textField, fieldLabel: '  City  ' })).toEqual({
      fieldName: 'city',
      fieldLabel: 'City',
      fieldHelptext: 'Where they live',
      mandatory: false,
      fieldType: 'text',
      inputType: 'number',
      minLength: '2',
      maxLength: '40',
      allowSpecialChars: true,
      allowedChars: ['-', '_'],
      commaIncluded: true,
      defaultValues: [],
    });
    const dropdown = toFieldBody({
      ...changeFieldType(textField, 'selectbox-singlevalue'),
      defaultValues: 'Gold, , Silver ',
    });
    expect(dropdown).toMatchObject({
      inputType: null,
      minLength: null,
      allowedChars: [],
      defaultValues: ['Gold', 'Silver'],
    });
  });

  it('puts server messages of list items on their field', () => {
    expect(panelFieldErrors({ 'allowedChars.1': 'One character each', fieldName: 'taken' })).toEqual({
      allowedChars: 'One character each',
      fieldName: 'taken',
    });
  });
});
