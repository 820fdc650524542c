import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useGenAiConfigs } from '../../api/get-genai-configs';
import { CreateConfigurationModal } from './CreateConfigurationModal';

/** Height of an input label: lines buttons up with the input beside them. */
export const LABEL_OFFSET = 'calc(var(--mantine-font-size-sm) * 1.55)';

/**
 * Select Configuration (the enterprise's GenAI configurations) with Create Configuration beside it;
 * a created configuration is selected at once.
 */
export function ConfigurationSelect({
  value,
  onChange,
  error,
  required = false,
  disabled = false,
  hideSelect = false,
  label = 'Select Configuration',
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  hideSelect?: boolean;
  label?: string;
}) {
  const [creating, setCreating] = useState(false);
  const configs = useGenAiConfigs();
  const options = (configs.data ?? []).map((entry) => ({ value: entry.id, label: entry.name }));
  // A stored id no longer in the list (deleted integration) still shows, so the user sees why.
  if (value && configs.data && !options.some((option) => option.value === value))
    options.push({ value, label: 'Deleted configuration' });

  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      {!hideSelect && (
        <Select
          label={label}
          placeholder={configs.isPending ? 'Loading configurations…' : 'Select a Configuration'}
          data={options}
          value={value}
          onChange={onChange}
          error={error ?? (configs.isError ? 'The configurations could not be loaded' : undefined)}
          withAsterisk={required}
          disabled={disabled || configs.isPending}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No configuration yet: create one"
          w={280}
        />
      )}
      <Button variant="light" onClick={() => setCreating(true)} disabled={disabled} mt={hideSelect ? 0 : LABEL_OFFSET}>
        Create Configuration
      </Button>
      <CreateConfigurationModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(entry) => {
          if (!hideSelect) onChange(entry.id);
        }}
      />
    </Group>
  );
}
