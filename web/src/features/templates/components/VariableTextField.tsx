import { useRef } from 'react';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconVariable } from '@tabler/icons-react';
import { nextVariable, variablesOf, type Examples, type ParameterFormat } from './template-draft';

/** 'n/max', red once over the limit. */
export function CharacterCount({ value, max, id }: { value: string; max: number; id?: string }) {
  const over = value.length > max;
  return (
    <Text id={id} size="xs" c={over ? 'red.7' : 'dimmed'} fw={over ? 600 : undefined} aria-live="polite">
      {value.length}/{max}
    </Text>
  );
}

interface VariableTextFieldProps {
  label: string;
  value: string;
  max: number;
  format: ParameterFormat;
  examples: Examples;
  multiline?: boolean;
  required?: boolean;
  placeholder?: string;
  description?: string;
  /** At most this many variables ('Add Variable' stops there). */
  maxVariables?: number;
  error?: string;
  examplesError?: string;
  onChange: (value: string) => void;
  onExamplesChange: (examples: Examples) => void;
  onBlur?: () => void;
}

/**
 * A text that may carry variables ({{1}} or {{first_name}}): the counter, 'Add Variable' at the
 * caret, and one example input per variable found in the text.
 */
export function VariableTextField({
  label,
  value,
  max,
  format,
  examples,
  multiline = false,
  required = false,
  placeholder,
  description,
  maxVariables,
  error,
  examplesError,
  onChange,
  onExamplesChange,
  onBlur,
}: VariableTextFieldProps) {
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const variables = variablesOf(value);
  const full = maxVariables !== undefined && variables.length >= maxVariables;

  const handleAddVariable = () => {
    const node = input.current;
    const token = nextVariable(value, format);
    const start = node?.selectionStart ?? value.length;
    const end = node?.selectionEnd ?? value.length;
    const before = value.slice(0, start);
    const spacer = before === '' || /\s$/.test(before) ? '' : ' ';
    const next = `${before}${spacer}${token}${value.slice(end)}`;
    onChange(next);
    requestAnimationFrame(() => {
      const caret = before.length + spacer.length + token.length;
      node?.focus();
      node?.setSelectionRange(caret, caret);
    });
  };

  const common = {
    label,
    value,
    placeholder,
    description,
    withAsterisk: required,
    error,
    onBlur,
    onChange: (event: React.ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => onChange(event.currentTarget.value),
  };

  return (
    <Stack gap={6}>
      {multiline ? (
        <Textarea {...common} ref={input} autosize minRows={4} maxRows={14} />
      ) : (
        <TextInput {...common} ref={input} />
      )}
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconVariable size={14} />}
          onClick={handleAddVariable}
          disabled={full}
          aria-label={`Add Variable to ${label}`}
        >
          Add Variable
        </Button>
        <CharacterCount value={value} max={max} />
      </Group>
      {variables.length > 0 ? (
        <Stack gap={6} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
          <Text size="xs" c="dimmed">
            Examples help the vendor review the template; the preview shows them.
          </Text>
          {variables.map((name) => (
            <TextInput
              key={name}
              size="xs"
              label={`Example for {{${name}}}`}
              aria-label={`${label} example for {{${name}}}`}
              value={examples[name] ?? ''}
              onBlur={onBlur}
              onChange={(event) => onExamplesChange({ ...examples, [name]: event.currentTarget.value })}
            />
          ))}
          {examplesError ? (
            <Text size="xs" c="red.7" role="alert">
              {examplesError}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
