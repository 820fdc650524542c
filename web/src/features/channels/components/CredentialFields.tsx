import { NumberInput, Select, TextInput } from '@mantine/core';
import type { CredentialField } from '@parley/contracts/channels';
import { PasswordField } from '../../../components/PasswordField';

interface CredentialFieldsProps {
  fields: readonly CredentialField[];
  values: Record<string, string>;
  /** Messages to show now, keyed by field name. */
  errors: Record<string, string | undefined>;
  /** Secret fields the server already holds: their masked value is shown and kept unless replaced. */
  storedSecrets: readonly string[];
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
}

const STORED_SECRET_HINT = 'Stored encrypted. Leave it as it is (or empty) to keep it; type a new value to replace it.';

/** The credential form of one vendor and channel type, generated from the vendor table in contracts/. */
export function CredentialFields({ fields, values, errors, storedSecrets, onChange, onBlur }: CredentialFieldsProps) {
  return fields.map((field) => {
    const value = values[field.name] ?? '';
    const error = errors[field.name];
    const common = {
      label: field.label,
      withAsterisk: field.required,
      error,
      onBlur: () => onBlur(field.name),
    };
    switch (field.kind) {
      case 'password': {
        const stored = storedSecrets.includes(field.name);
        return (
          <PasswordField
            key={field.name}
            {...common}
            withAsterisk={field.required && !stored}
            description={stored ? STORED_SECRET_HINT : field.hint}
            placeholder={stored ? 'Keeps the stored value' : field.placeholder}
            autoComplete="new-password"
            value={value}
            // A stored secret is shown masked: focusing it selects it, so typing replaces it.
            onFocus={(event) => {
              if (stored) event.currentTarget.select();
            }}
            onChange={(event) => onChange(field.name, event.currentTarget.value)}
          />
        );
      }
      case 'select':
        return (
          <Select
            key={field.name}
            {...common}
            description={field.hint}
            placeholder="Choose…"
            data={field.options ? [...field.options] : []}
            value={value === '' ? null : value}
            clearable={!field.required}
            allowDeselect={!field.required}
            comboboxProps={{ withinPortal: true }}
            onChange={(next) => onChange(field.name, next ?? '')}
          />
        );
      case 'number':
        return (
          <NumberInput
            key={field.name}
            {...common}
            description={field.hint}
            placeholder={field.placeholder}
            allowDecimal={field.name !== 'port'}
            allowNegative={false}
            value={value}
            onChange={(next) => onChange(field.name, String(next))}
          />
        );
      default:
        return (
          <TextInput
            key={field.name}
            {...common}
            description={field.hint}
            placeholder={field.placeholder ? `e.g. ${field.placeholder}` : undefined}
            type={field.kind === 'email' ? 'email' : 'text'}
            inputMode={field.kind === 'mobile' ? 'tel' : undefined}
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(field.name, event.currentTarget.value)}
          />
        );
    }
  });
}
