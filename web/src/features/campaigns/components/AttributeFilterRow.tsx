import { ActionIcon, Group, MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { filterOperatorLabels, type FilterOperator } from '@parley/contracts/campaigns';
import { operatorsFor, valueShape, type FilterAttribute, type FilterDraft } from './campaign-form';

interface AttributeFilterRowProps {
  /** 1-based place of the row: names its inputs for screen readers ('Filter 2 value'). */
  position: number;
  filter: FilterDraft;
  attributes: FilterAttribute[];
  error?: string;
  readOnly: boolean;
  onChange: (filter: FilterDraft) => void;
  onRemove: () => void;
}

/**
 * One attribute filter: attribute → operator (limited by the attribute's kind) → a value input that
 * fits the kind (text, number, date, the dropdown's options; two inputs for between).
 */
export function AttributeFilterRow({
  position,
  filter,
  attributes,
  error,
  readOnly,
  onChange,
  onRemove,
}: AttributeFilterRowProps) {
  const attribute = attributes.find((candidate) => candidate.field === filter.field);
  const operators = attribute ? operatorsFor(attribute.kind) : [];
  const shape = valueShape(filter.op);
  const name = `Filter ${position}`;
  const valueError = shape === 'none' ? undefined : error;

  const handleAttribute = (field: string | null) => {
    const next = attributes.find((candidate) => candidate.field === field);
    if (!next || next.field === filter.field) return;
    // A new attribute keeps the operator only when its kind offers it; values never carry over.
    const keep = filter.op !== null && operatorsFor(next.kind).includes(filter.op) ? filter.op : null;
    onChange({
      ...filter,
      field: next.field,
      op: keep ?? operatorsFor(next.kind)[0]!,
      value: '',
      valueTo: '',
      values: [],
    });
  };

  const valueInput = (which: 'value' | 'valueTo', label: string) => {
    const current = filter[which];
    const set = (value: string) => onChange({ ...filter, [which]: value });
    if (attribute?.kind === 'number')
      return (
        <NumberInput
          aria-label={label}
          placeholder={which === 'valueTo' ? 'to' : 'Value'}
          w={140}
          value={current === '' ? '' : Number(current)}
          allowDecimal={attribute.decimal === true}
          readOnly={readOnly}
          error={which === 'value' ? valueError : undefined}
          onChange={(value) => set(value === '' ? '' : String(value))}
        />
      );
    if (attribute?.kind === 'date')
      return (
        <TextInput
          aria-label={label}
          type="date"
          w={170}
          value={current}
          readOnly={readOnly}
          error={which === 'value' ? valueError : undefined}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
    return (
      <TextInput
        aria-label={label}
        placeholder="Value"
        w={200}
        value={current}
        readOnly={readOnly}
        error={which === 'value' ? valueError : undefined}
        onChange={(event) => set(event.currentTarget.value)}
      />
    );
  };

  return (
    <Group gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={name}>
      <Select
        aria-label={`${name} attribute`}
        placeholder="Attribute"
        w={190}
        data={attributes.map((candidate) => ({ value: candidate.field, label: candidate.label }))}
        value={filter.field || null}
        searchable
        allowDeselect={false}
        readOnly={readOnly}
        error={!attribute && error ? error : undefined}
        onChange={handleAttribute}
      />
      <Select
        aria-label={`${name} operator`}
        placeholder="Operator"
        w={170}
        data={operators.map((op) => ({ value: op, label: filterOperatorLabels[op] }))}
        value={filter.op}
        disabled={!attribute}
        allowDeselect={false}
        readOnly={readOnly}
        onChange={(op) => op && onChange({ ...filter, op: op as FilterOperator })}
      />
      {shape === 'one' ? valueInput('value', `${name} value`) : null}
      {shape === 'two' ? (
        <>
          {valueInput('value', `${name} from`)}
          {valueInput('valueTo', `${name} to`)}
        </>
      ) : null}
      {shape === 'many' ? (
        <MultiSelect
          aria-label={`${name} values`}
          placeholder={filter.values.length === 0 ? 'Choose options' : undefined}
          w={260}
          data={attribute?.options ?? []}
          value={filter.values}
          searchable
          readOnly={readOnly}
          error={valueError}
          onChange={(values) => onChange({ ...filter, values })}
        />
      ) : null}
      {readOnly ? null : (
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove filter ${position}`} onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
