import { MultiSelect, Select, TextInput, Textarea } from '@mantine/core';
import type { CustomerField, FieldValue } from '@parley/contracts/customer-master';

interface CustomerFieldInputProps {
  field: CustomerField;
  value: FieldValue;
  error: string | undefined;
  readOnly: boolean;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
}

/** The options of a dropdown, plus a stored value that is no longer one of them (so it stays visible). */
function optionsWith(field: CustomerField, value: FieldValue): string[] {
  const stored = (Array.isArray(value) ? value : value ? [value] : []).filter(
    (option) => !field.defaultValues.includes(option),
  );
  return [...field.defaultValues, ...stored];
}

/** One input of 'Other Details' for a user-defined field: text, textarea, select or multi-select. */
export function CustomerFieldInput({ field, value, error, readOnly, onChange, onBlur }: CustomerFieldInputProps) {
  const common = {
    label: field.fieldLabel,
    description: field.fieldHelptext,
    withAsterisk: field.mandatory && !readOnly,
    readOnly,
    variant: readOnly ? 'filled' : 'default',
    error,
    onBlur,
  } as const;
  switch (field.fieldType) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={6}
          value={Array.isArray(value) ? value.join(', ') : value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'selectbox-singlevalue':
      return (
        <Select
          {...common}
          placeholder={readOnly ? undefined : 'Choose one'}
          data={optionsWith(field, value)}
          value={(Array.isArray(value) ? value[0] : value) || null}
          clearable={!field.mandatory && !readOnly}
          onChange={(next) => onChange(next ?? '')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'selectbox-multiplevalue':
      return (
        <MultiSelect
          {...common}
          placeholder={readOnly ? undefined : 'Choose one or more'}
          data={optionsWith(field, value)}
          value={Array.isArray(value) ? value : value ? [value] : []}
          clearable={!readOnly}
          onChange={(next) => onChange(next)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.inputType === 'email' ? 'email' : 'text'}
          inputMode={field.inputType === 'number' ? 'numeric' : field.inputType === 'decimal' ? 'decimal' : undefined}
          value={Array.isArray(value) ? value.join(', ') : value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
