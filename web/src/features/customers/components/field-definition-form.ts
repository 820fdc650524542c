import {
  customerFieldBody,
  customerMessages,
  inputTypesFor,
  isTextField,
  type CustomerField,
  type CustomerFieldBody,
  type FieldType,
  type InputType,
} from '@parley/contracts/customer-master';
import type { FieldErrors } from '../../../lib/form-validation';

/** What the Add New Field / Edit Field panel holds while the user types (engagement.md §2.3). */
export interface FieldDefinitionValues {
  fieldName: string;
  fieldLabel: string;
  fieldHelptext: string;
  mandatory: 'yes' | 'no' | '';
  fieldType: FieldType | '';
  inputType: InputType | '';
  minLength: string;
  maxLength: string;
  allowSpecialChars: boolean;
  /** Comma separated, as typed. */
  allowedChars: string;
  commaIncluded: boolean;
  /** Comma separated, as typed. */
  defaultValues: string;
}

export type FieldDefinitionKey = keyof FieldDefinitionValues;

export const emptyFieldDefinition: FieldDefinitionValues = {
  fieldName: '',
  fieldLabel: '',
  fieldHelptext: '',
  mandatory: '',
  fieldType: '',
  inputType: '',
  minLength: '',
  maxLength: '',
  allowSpecialChars: false,
  allowedChars: '',
  commaIncluded: false,
  defaultValues: '',
};

/** The panel's values for a stored field (edit opens with them). */
export function valuesFromField(field: CustomerField): FieldDefinitionValues {
  return {
    fieldName: field.fieldName,
    fieldLabel: field.fieldLabel,
    fieldHelptext: field.fieldHelptext,
    mandatory: field.mandatory ? 'yes' : 'no',
    fieldType: field.fieldType,
    inputType: field.inputType ?? '',
    minLength: field.minLength === null ? '' : String(field.minLength),
    maxLength: field.maxLength === null ? '' : String(field.maxLength),
    allowSpecialChars: field.allowSpecialChars,
    allowedChars: field.allowedChars.join(', '),
    commaIncluded: field.commaIncluded,
    defaultValues: field.defaultValues.join(', '),
  };
}

/** Splits a comma-separated input: each item trimmed, blanks dropped. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * A new field type keeps only what still applies (§2.3 last bullet): a dropdown has no input type,
 * lengths or special characters; a text field has no options; an input type the new type does not
 * offer (textarea: alphabets and alphanumeric only) is cleared.
 */
export function changeFieldType(values: FieldDefinitionValues, fieldType: FieldType): FieldDefinitionValues {
  if (!isTextField(fieldType)) {
    return {
      ...values,
      fieldType,
      inputType: '',
      minLength: '',
      maxLength: '',
      allowSpecialChars: false,
      allowedChars: '',
      commaIncluded: false,
    };
  }
  const offered = inputTypesFor[fieldType as 'text' | 'textarea'];
  const inputType = values.inputType !== '' && offered.includes(values.inputType) ? values.inputType : '';
  return { ...values, fieldType, inputType, defaultValues: '' };
}

/** Special characters off: no list and no comma. */
export function changeAllowSpecialChars(values: FieldDefinitionValues, allow: boolean): FieldDefinitionValues {
  return allow
    ? { ...values, allowSpecialChars: true }
    : { ...values, allowSpecialChars: false, allowedChars: '', commaIncluded: false };
}

/** The request body for the panel's values (the server parses it with the same schema). */
export function toFieldBody(values: FieldDefinitionValues): CustomerFieldBody {
  const text = values.fieldType !== '' && isTextField(values.fieldType);
  return {
    fieldName: values.fieldName.trim(),
    fieldLabel: values.fieldLabel.trim(),
    fieldHelptext: values.fieldHelptext.trim(),
    mandatory: (values.mandatory === '' ? undefined : values.mandatory === 'yes') as boolean,
    fieldType: (values.fieldType === '' ? undefined : values.fieldType) as FieldType,
    inputType: text && values.inputType !== '' ? values.inputType : null,
    minLength: text ? values.minLength.trim() : null,
    maxLength: text ? values.maxLength.trim() : null,
    allowSpecialChars: text && values.allowSpecialChars,
    allowedChars: text && values.allowSpecialChars ? splitCommaList(values.allowedChars) : [],
    commaIncluded: text && values.allowSpecialChars && values.commaIncluded,
    defaultValues: !text && values.fieldType !== '' ? splitCommaList(values.defaultValues) : [],
  };
}

/** The first message per panel field, from the contracts schema ('This field is required', ...). */
export function validateFieldDefinition(values: FieldDefinitionValues): FieldErrors {
  const result = customerFieldBody.safeParse(toFieldBody(values));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key === '' || errors[key] !== undefined) continue;
    // zod's own messages for a missing boolean / enum say nothing useful to a person.
    errors[key] = key === 'mandatory' || key === 'fieldType' ? customerMessages.required : issue.message;
  }
  return errors;
}

/** Server field errors (`allowedChars.0`, `defaultValues`, ...) onto the panel's fields. */
export function panelFieldErrors(fieldErrors: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrors ?? {})) {
    const key = path.split('.')[0] ?? path;
    if (errors[key] === undefined) errors[key] = message;
  }
  return errors;
}

/** Panel labels of each field, for the list of errors shown after a failed save. */
export const fieldDefinitionLabels: Record<FieldDefinitionKey, string> = {
  fieldName: 'Field Name',
  fieldLabel: 'Field Label',
  fieldHelptext: 'Field Name Help Text',
  mandatory: 'Mandatory',
  fieldType: 'Field Type',
  inputType: 'Input Type',
  minLength: 'Min Length',
  maxLength: 'Max Length',
  allowSpecialChars: 'Allow Special Characters',
  allowedChars: 'Allowed Special Characters',
  commaIncluded: 'Include Comma',
  defaultValues: 'Default Values',
};
