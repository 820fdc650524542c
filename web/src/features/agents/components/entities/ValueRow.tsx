import type { KeyboardEvent } from 'react';
import { ActionIcon, NativeSelect, Table, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { entityLimits, entityValueTypes, type EntityValueType } from '@parley/contracts/agent-entities';
import { valueHint, type ValueRowState } from './entity-form-state';

interface ValueRowProps {
  row: ValueRowState;
  index: number;
  /** Errors of this row keyed 'value', 'type', 'synonyms', 'pattern' (client rules or the server's). */
  errors: Partial<Record<'value' | 'type' | 'synonyms' | 'pattern', string>>;
  /** The server's refusals for this row: always shown, before the client's own. */
  serverErrors: Partial<Record<'value' | 'type' | 'synonyms' | 'pattern', string>>;
  /** Show every rule's error, not only the touched fields' (after a save attempt). */
  showAll: boolean;
  canDelete: boolean;
  onChange: (change: Partial<ValueRowState>) => void;
  onOpenSynonyms: () => void;
  onDelete: () => void;
}

/** One value row of the entity form: Value, Type, Synonyms / Pattern, Action (agents.md §2.5, §4, §5). */
export function ValueRow({
  row,
  index,
  errors,
  serverErrors,
  showAll,
  canDelete,
  onChange,
  onOpenSynonyms,
  onDelete,
}: ValueRowProps) {
  const number = index + 1;
  const valueReady = row.value.trim().length > 0;
  const hint = serverErrors.value ?? valueHint({ ...row, valueTouched: row.valueTouched || showAll }, errors.value);
  const detailKey = row.type === 'synonyms' ? 'synonyms' : 'pattern';
  const detailError = serverErrors[detailKey] ?? (row.detailTouched || showAll ? errors[detailKey] : undefined);

  const handleDetailOpen = () => {
    if (!valueReady) {
      // The field stays read-only until the value is filled: say why.
      onChange({ valueTouched: true });
      return;
    }
    onOpenSynonyms();
  };

  const handleDetailKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      handleDetailOpen();
    }
  };

  const handleType = (type: EntityValueType) => {
    // Choosing one type removes the other's content.
    onChange(type === 'synonyms' ? { type, pattern: '' } : { type, synonyms: '' });
  };

  return (
    <Table.Tr>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <TextInput
          aria-label={`Value ${number}`}
          placeholder="Value"
          value={row.value}
          maxLength={entityLimits.valueMax}
          error={hint}
          onChange={(event) => onChange({ value: event.currentTarget.value })}
          onBlur={() => onChange({ valueTouched: true })}
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <NativeSelect
          aria-label={`Type ${number}`}
          data={entityValueTypes.map((type) => ({ value: type, label: type }))}
          value={row.type}
          error={showAll ? errors.type : undefined}
          onChange={(event) => handleType(event.currentTarget.value as EntityValueType)}
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        {row.type === 'synonyms' ? (
          <TextInput
            aria-label={`Synonyms ${number}`}
            placeholder={valueReady ? 'Click to add synonyms' : 'Give the value first'}
            value={row.synonyms}
            readOnly
            error={detailError}
            style={{ cursor: valueReady ? 'pointer' : 'not-allowed' }}
            styles={{ input: { cursor: valueReady ? 'pointer' : 'not-allowed' } }}
            onClick={handleDetailOpen}
            onKeyDown={handleDetailKey}
          />
        ) : (
          <TextInput
            aria-label={`Pattern ${number}`}
            placeholder={valueReady ? 'Regular expression, e.g. \\b\\d{6}\\b' : 'Give the value first'}
            value={row.pattern}
            readOnly={!valueReady}
            maxLength={entityLimits.patternMax}
            error={detailError}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            onClick={() => !valueReady && onChange({ valueTouched: true })}
            onChange={(event) => onChange({ pattern: event.currentTarget.value })}
            onBlur={() => onChange({ detailTouched: true })}
          />
        )}
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        {canDelete ? (
          <Tooltip label="Delete value">
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete value ${number}`} onClick={onDelete}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
