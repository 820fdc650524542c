import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLink, IconVariable } from '@tabler/icons-react';
import { broadcastMessages, type TemplateVariable } from '@parley/contracts/broadcasts';
import { templateVariables } from '@parley/contracts/templates';
import { ApiError, isSessionEndingError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useLookupExpressionVariables } from '../api/lookup-expression-variables';
import type { CustomerColumn } from '../api/get-customer-columns';
import type { MappingDraft, MappingType } from './broadcast-form';

const typeLabels: Record<MappingType, string> = {
  static: 'Assign Constant Value',
  column: 'Map Column Value',
  expression: 'Expression',
};

/** A URL button whose link is the console's click-tracking address (…/c/{{1}}): what is mapped is where the customer lands. */
const TRACKED_LINK = /\/c\/\{\{\w+\}\}$/;

/** Expressions are for URL variables only (§2.14). */
const isUrl = (variable: TemplateVariable) =>
  variable.type === 'url' || variable.parameters.some((parameter) => parameter.type === 'URL');

interface UrlMappingDialogProps {
  variable: TemplateVariable | null;
  initial: string;
  columns: CustomerColumn[];
  onClose: () => void;
  onSave: (expression: string) => void;
}

/** Maps a URL variable to an expression: text with {{column}} parts filled per recipient. */
function UrlMappingDialog({ variable, initial, columns, onClose, onSave }: UrlMappingDialogProps) {
  const [expression, setExpression] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const lookup = useLookupExpressionVariables();

  // The server looks the expression up (the same rules the send applies); an obvious miss is
  // answered at once.
  const handleSave = () => {
    if (templateVariables(expression).filter((name) => name.trim() !== '').length === 0) {
      setError(broadcastMessages.urlVariableNotFound);
      return;
    }
    lookup.mutate(expression.trim(), {
      onSuccess: () => {
        onSave(expression.trim());
        showToast(broadcastMessages.urlVariablesMapped, { tone: 'success' });
      },
      onError: (failure) => {
        if (isSessionEndingError(failure)) return;
        setError(
          failure instanceof ApiError
            ? (failure.fieldErrors?.expression ?? failure.message)
            : broadcastMessages.urlVariableNotFound,
        );
      },
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The part of the link after the button&apos;s fixed address, e.g. <Code>{'{{phoneNumber}}?src=broadcast'}</Code>.
        Each recipient gets it with their own values.
      </Text>
      {variable?.example ? (
        <Text size="xs" c="dimmed">
          Example: <Code>{variable.example}</Code>
        </Text>
      ) : null}
      <TextInput
        label="URL Expression"
        withAsterisk
        value={expression}
        error={error}
        onChange={(event) => {
          setExpression(event.currentTarget.value);
          setError(null);
        }}
        data-autofocus
      />
      <div>
        <Text size="xs" fw={500} mb={4}>
          Insert a Column
        </Text>
        <Group gap={6}>
          {columns.map((column) => (
            <Button
              key={column.value}
              variant="light"
              size="compact-xs"
              radius="xl"
              aria-label={`Insert ${column.label}`}
              onClick={() => {
                setExpression((current) => `${current}{{${column.value}}}`);
                setError(null);
              }}
            >
              {`{{${column.label}}}`}
            </Button>
          ))}
        </Group>
      </div>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={handleSave} loading={lookup.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

interface VariableRowProps {
  variable: TemplateVariable;
  mapping: MappingDraft | undefined;
  columns: CustomerColumn[];
  error?: string;
  disabled?: boolean;
  onChange: (mapping: MappingDraft) => void;
  onEditUrl: () => void;
}

function VariableRow({ variable, mapping, columns, error, disabled, onChange, onEditUrl }: VariableRowProps) {
  const type = mapping?.type ?? 'static';
  const value = mapping?.value ?? '';
  const url = isUrl(variable);
  const types: MappingType[] = url ? ['static', 'column', 'expression'] : ['static', 'column'];
  const required = variable.isRequired || variable.card !== undefined;
  const columnLabel = columns.find((column) => column.value === value)?.label;

  return (
    <div role="group" aria-label={variable.label}>
      <Group gap={6} mb={4} wrap="nowrap">
        {url ? <IconLink size={14} aria-hidden /> : <IconVariable size={14} aria-hidden />}
        <Text size="sm" fw={500}>
          {variable.label}
          {required ? (
            <Text span c="red.7" aria-hidden>
              {' *'}
            </Text>
          ) : null}
        </Text>
        {variable.example ? (
          <Text size="xs" c="dimmed" truncate>
            e.g. {variable.example}
          </Text>
        ) : null}
      </Group>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Select
          aria-label={`${variable.label} mapping type`}
          data={types.map((option) => ({ value: option, label: typeLabels[option] }))}
          value={type}
          allowDeselect={false}
          disabled={disabled}
          w={224}
          style={{ flexShrink: 0 }}
          onChange={(next) => next && onChange({ type: next as MappingType, value: '' })}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          {type === 'static' ? (
            <TextInput
              aria-label={`${variable.label} value`}
              placeholder="The same value for every recipient"
              value={value}
              error={error}
              disabled={disabled}
              onChange={(event) => onChange({ type, value: event.currentTarget.value })}
            />
          ) : type === 'column' ? (
            <Select
              aria-label={`${variable.label} column`}
              placeholder="Choose a customer column"
              data={columns.map((column) => ({ value: column.value, label: column.label }))}
              value={value || null}
              searchable
              error={error}
              disabled={disabled}
              nothingFoundMessage="No such column"
              onChange={(next) => onChange({ type, value: next ?? '' })}
            />
          ) : (
            <Stack gap={4}>
              <Group gap="xs" wrap="nowrap">
                <Paper
                  withBorder
                  px="xs"
                  py={6}
                  radius="sm"
                  style={{ flex: 1, minWidth: 0, borderColor: error ? 'var(--mantine-color-red-6)' : undefined }}
                >
                  <Text size="sm" ff="monospace" truncate c={value ? undefined : 'dimmed'}>
                    {value || 'No expression yet'}
                  </Text>
                </Paper>
                <Button variant="light" size="sm" onClick={onEditUrl} disabled={disabled}>
                  {value ? 'Edit URL' : 'Map URL'}
                </Button>
              </Group>
              {error ? (
                <Text size="xs" c="red.7" role="alert">
                  {error}
                </Text>
              ) : null}
            </Stack>
          )}
          {type === 'column' && columnLabel ? (
            <Text size="xs" c="dimmed" mt={2}>
              Each recipient&apos;s {columnLabel} from the customer master
            </Text>
          ) : null}
          {url && TRACKED_LINK.test(variable.label) ? (
            <Text size="xs" c="dimmed" mt={2}>
              A click-tracked link: in a campaign the customer opens this console&apos;s short link, which counts the
              click and sends them on to the address mapped here
            </Text>
          ) : null}
        </div>
      </Group>
    </div>
  );
}

interface VariableMappingWidgetProps {
  variables: TemplateVariable[];
  mappings: Record<string, MappingDraft>;
  columns: CustomerColumn[];
  errors: Record<string, string>;
  disabled?: boolean;
  onChange: (variable: string, mapping: MappingDraft) => void;
}

/**
 * The variable mapping widget (engagement.md §2.14): per variable a constant, a customer column,
 * or (URLs only) an expression; carousel variables grouped by card.
 */
export function VariableMappingWidget({
  variables,
  mappings,
  columns,
  errors,
  disabled,
  onChange,
}: VariableMappingWidgetProps) {
  const [editing, setEditing] = useState<TemplateVariable | null>(null);
  const main = variables.filter((variable) => variable.card === undefined);
  const cards = [
    ...new Set(variables.flatMap((variable) => (variable.card === undefined ? [] : [variable.card]))),
  ].sort((a, b) => a - b);

  const row = (variable: TemplateVariable) => (
    <VariableRow
      key={variable.variable}
      variable={variable}
      mapping={mappings[variable.variable]}
      columns={columns}
      error={errors[`mapping.${variable.variable}`]}
      disabled={disabled}
      onChange={(mapping) => onChange(variable.variable, mapping)}
      onEditUrl={() => setEditing(variable)}
    />
  );

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Variable Mapping">
      <Group gap={6} mb="xs" justify="space-between">
        <Group gap={6}>
          <IconVariable size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Variable Mapping
          </Text>
        </Group>
        <Badge variant="light" radius="sm">
          {variables.length} {variables.length === 1 ? 'variable' : 'variables'}
        </Badge>
      </Group>
      {variables.length === 0 ? (
        <Text size="sm" c="dimmed">
          This template has no variables: every recipient gets the same message.
        </Text>
      ) : (
        <Stack gap="md">
          {errors.cards ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} role="alert" py="xs">
              {errors.cards}
            </Alert>
          ) : null}
          {main.map(row)}
          {cards.map((card) => (
            <Paper
              key={card}
              withBorder
              radius="sm"
              p="sm"
              bg="gray.0"
              role="group"
              aria-label={`Card ${card} variables`}
            >
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs">
                Card {card}
              </Text>
              <Stack gap="sm">{variables.filter((variable) => variable.card === card).map(row)}</Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Map ${editing.label}` : ''}
        centered
      >
        {editing ? (
          <UrlMappingDialog
            variable={editing}
            initial={mappings[editing.variable]?.value ?? ''}
            columns={columns}
            onClose={() => setEditing(null)}
            onSave={(expression) => {
              onChange(editing.variable, { type: 'expression', value: expression });
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </Paper>
  );
}
