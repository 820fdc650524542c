import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconGripVertical, IconListDetails, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  customerMessages,
  fieldTypeLabels,
  inputTypeLabels,
  type CustomerField,
} from '@parley/contracts/customer-master';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { useCustomerFields } from '../api/get-customer-fields';
import { useCustomerFieldUsage } from '../api/get-customer-field-usage';
import { useDeleteCustomerField } from '../api/delete-customer-field';
import { useMoveCustomerField } from '../api/move-customer-field';
import { FieldDefinitionDrawer } from './FieldDefinitionDrawer';
import classes from './customers.module.css';

/** Where the definitions live in the console (engagement.md §2.1). */
export const DEFINITIONS_PATH = '/customer-master/definition';

const COLUMNS: DataTableColumn[] = [
  ...[
    'Field Label',
    'Field Type',
    'Input Type',
    'Mandatory',
    'Min.Char',
    'Max.Char',
    'Allow Spl Char',
    'Allowed Spl Chars',
  ].map((header) => ({ key: header, header })),
  { key: 'action', header: 'Action', w: 110 },
];

/**
 * A row of the table: a standard field (locked), a field of the enterprise's own (its index among
 * them is its place in the order), or, when there are none of those, the row that invites adding one
 * below the standard fields.
 */
type DefinitionRow =
  { kind: 'standard'; field: CustomerField } | { kind: 'own'; field: CustomerField; index: number } | { kind: 'none' };

function definitionRows(standard: CustomerField[], own: CustomerField[]): DefinitionRow[] {
  return [
    ...standard.map((field) => ({ kind: 'standard' as const, field })),
    ...own.map((field, index) => ({ kind: 'own' as const, field, index })),
    ...(own.length === 0 ? [{ kind: 'none' as const }] : []),
  ];
}

function allowedCharsText(field: CustomerField): string {
  if (!field.allowSpecialChars) return '—';
  const chars = [...field.allowedChars, ...(field.commaIncluded ? [','] : [])];
  return chars.length > 0 ? chars.join(' ') : 'Any';
}

function FieldCells({ field }: { field: CustomerField }) {
  const dash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));
  return (
    <>
      <Table.Td>{fieldTypeLabels[field.fieldType]}</Table.Td>
      <Table.Td>{field.inputType ? inputTypeLabels[field.inputType] : '—'}</Table.Td>
      <Table.Td>{field.mandatory ? 'Yes' : 'No'}</Table.Td>
      <Table.Td>{dash(field.minLength)}</Table.Td>
      <Table.Td>{dash(field.maxLength)}</Table.Td>
      <Table.Td>{field.allowSpecialChars ? 'Yes' : 'No'}</Table.Td>
      <Table.Td>
        <Text span size="sm" ff={field.allowSpecialChars && field.allowedChars.length > 0 ? 'monospace' : undefined}>
          {allowedCharsText(field)}
        </Text>
      </Table.Td>
    </>
  );
}

function LabelCell({ field, grip }: { field: CustomerField; grip?: React.ReactNode }) {
  return (
    <Table.Td>
      <Group gap={6} wrap="nowrap">
        {grip}
        <div>
          <Text size="sm" fw={500} c={field.standard ? 'dimmed' : undefined}>
            {field.fieldLabel}
          </Text>
          <Text size="xs" c="dimmed">
            {field.fieldName}
          </Text>
        </div>
      </Group>
    </Table.Td>
  );
}

function StandardFieldRow({ field }: { field: CustomerField }) {
  return (
    <Table.Tr className={classes.standardRow} aria-disabled="true">
      <LabelCell field={field} />
      <FieldCells field={field} />
      <Table.Td>
        <Tooltip label="Standard field: not editable">
          <ThemeIcon
            variant="transparent"
            color="gray"
            role="img"
            aria-label={`${field.fieldLabel} is a standard field`}
          >
            <IconLock size={16} />
          </ThemeIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

function NoOwnFieldsRow({ canEdit, onAdd }: { canEdit: boolean; onAdd: () => void }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS.length}>
        <Stack align="center" gap={6} py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconListDetails size={26} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>No attributes of your own yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={440}>
            Every customer has a name and a phone number. Add fields such as a loyalty tier, a city or an e-mail address
            to keep more about them.
          </Text>
          {canEdit ? (
            <Button mt="xs" variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
              Add New Field
            </Button>
          ) : null}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function DeleteFieldDialog({ field, onClose }: { field: CustomerField | null; onClose: () => void }) {
  const usage = useCustomerFieldUsage(field?.id ?? null);
  const remove = useDeleteCustomerField();
  const count = usage.data?.customers;
  const label = field?.fieldLabel ?? '';
  const message = usage.isError
    ? `How many customers hold a value for '${label}' could not be checked (${usage.error.message}). Deleting the field deletes every customer's value for it.`
    : count === undefined
      ? `Checking how many customers hold a value for '${label}'…`
      : count === 0
        ? `No customer holds a value for '${label}'. The field will be deleted.`
        : `${count} ${count === 1 ? 'customer holds a value' : 'customers hold a value'} for '${label}'. Deleting the field deletes ${count === 1 ? 'that value' : 'these values'} too. This cannot be undone.`;
  const handleConfirm = () => {
    if (!field) return;
    remove.mutate(field.id, {
      onSuccess: () => {
        showToast(customerMessages.fieldDeleted, { tone: 'success' });
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      opened={field !== null}
      title={`Delete the field '${label}'?`}
      message={message}
      confirmLabel="Delete"
      danger
      loading={remove.isPending || usage.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    />
  );
}

/** Manage Customer Attributes (/customer-master/definition, engagement.md §2.2). */
export function FieldDefinitionsPage({ canEdit }: { canEdit: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const list = useCustomerFields();
  const move = useMoveCustomerField();
  const [deleting, setDeleting] = useState<CustomerField | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const grips = useRef(new Map<string, HTMLButtonElement>());
  /** The field whose grip keeps the focus after a keyboard move (React may re-insert its row). */
  const focusAfterMove = useRef<string | null>(null);

  const fields = list.data?.fields ?? [];
  const standard = fields.filter((field) => field.standard);
  const user = fields.filter((field) => !field.standard);
  const adding = canEdit && pathname.endsWith('/definition/add');
  const editId = canEdit ? params.get('edit') : null;
  const closePanel = () => void navigate(DEFINITIONS_PATH);

  useEffect(() => {
    if (focusAfterMove.current === null) return;
    grips.current.get(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [list.data]);

  const moveField = (from: number, to: number) => {
    if (from === to || to < 0 || to >= user.length) return;
    move.mutate({ from, to });
  };

  const endDrag = () => {
    setDragFrom(null);
    setDragOver(null);
  };
  const dragProps = (index: number) =>
    canEdit
      ? {
          draggable: true,
          onDragStart: (event: DragEvent<HTMLTableRowElement>) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(index));
            setDragFrom(index);
          },
          onDragOver: (event: DragEvent<HTMLTableRowElement>) => {
            if (dragFrom === null) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            if (dragOver !== index) setDragOver(index);
          },
          onDrop: (event: DragEvent<HTMLTableRowElement>) => {
            event.preventDefault();
            if (dragFrom !== null) moveField(dragFrom, index);
            endDrag();
          },
          onDragEnd: endDrag,
        }
      : {};

  const handleGripKey = (field: CustomerField, index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (step === 0 || !event.altKey) return;
    event.preventDefault();
    const to = index + step;
    if (to < 0 || to >= user.length) return;
    focusAfterMove.current = field.id;
    moveField(index, to);
  };

  const rowClass = (index: number) => {
    const names = [classes.fieldRow];
    if (dragFrom === index) names.push(classes.dragging);
    if (dragFrom !== null && dragOver === index && dragOver !== dragFrom)
      names.push(dragOver < dragFrom ? classes.dropBefore : classes.dropAfter);
    return names.join(' ');
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Manage Customer Attributes
          </Title>
          <Text c="dimmed" size="sm">
            The details you keep for every customer. Drag a row to change the order of the customer form and list.
          </Text>
        </div>
        {canEdit ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(`${DEFINITIONS_PATH}/add`)}>
            Add New Field
          </Button>
        ) : null}
      </Group>

      <DataTable<DefinitionRow>
        label="Customer attributes"
        columns={COLUMNS}
        rows={list.data ? definitionRows(standard, user) : undefined}
        loading={list.isPending}
        // Never empty: without fields of its own the table shows the row that invites adding one.
        empty={null}
        error={loadError(list, 'The customer attributes could not be loaded')}
        minWidth={960}
        tableProps={{ horizontalSpacing: 'md', highlightOnHover: false }}
        renderRow={(row) =>
          row.kind === 'standard' ? (
            <StandardFieldRow key={row.field.id} field={row.field} />
          ) : row.kind === 'none' ? (
            <NoOwnFieldsRow key="none" canEdit={canEdit} onAdd={() => void navigate(`${DEFINITIONS_PATH}/add`)} />
          ) : (
            <Table.Tr
              key={row.field.id}
              className={rowClass(row.index)}
              data-field-row={row.field.fieldLabel}
              {...dragProps(row.index)}
            >
              <LabelCell
                field={row.field}
                grip={
                  canEdit ? (
                    <Tooltip label="Drag to reorder (or Alt + ↑ / ↓)" openDelay={400}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        className={classes.grip}
                        aria-label={`Reorder ${row.field.fieldLabel}`}
                        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                        ref={(node) => {
                          if (node) grips.current.set(row.field.id, node);
                          else grips.current.delete(row.field.id);
                        }}
                        onKeyDown={handleGripKey(row.field, row.index)}
                      >
                        <IconGripVertical size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : undefined
                }
              />
              <FieldCells field={row.field} />
              <Table.Td>
                {canEdit ? (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${row.field.fieldLabel}`}
                      onClick={() => void navigate(`${DEFINITIONS_PATH}?edit=${encodeURIComponent(row.field.id)}`)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${row.field.fieldLabel}`}
                      onClick={() => setDeleting(row.field)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                ) : (
                  <VisuallyHidden>No actions</VisuallyHidden>
                )}
              </Table.Td>
            </Table.Tr>
          )
        }
      />

      <FieldDefinitionDrawer
        opened={adding || editId !== null}
        fieldId={adding ? null : editId}
        onClose={closePanel}
        onSaved={closePanel}
      />
      <DeleteFieldDialog field={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
