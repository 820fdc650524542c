import { useMemo, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { entityLimits, entityMessages, type CustomEntity } from '@parley/contracts/agent-entities';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { useUnsavedChangesGuard } from '../../../../components/UnsavedChangesGuard';
import { showToast } from '../../../../lib/toast';
import { useCreateEntity } from '../../api/create-entity';
import { useEntity } from '../../api/get-entity';
import { useUpdateEntity } from '../../api/update-entity';
import { useAgentDetails } from '../agent-details-context';
import {
  emptyRow,
  rowsFromEntity,
  splitSynonyms,
  toEntityBody,
  validateEntity,
  type ValueRowState,
} from './entity-form-state';
import { SynonymsPopup } from './SynonymsPopup';
import { ValueRow } from './ValueRow';

interface EntityFormPageProps {
  /** Address of the Entities tab (…/entity-list): Cancel and a successful save go back there. */
  base: string;
  /** Edit this entity; create a new one without. */
  entityId?: string;
}

type RowField = 'value' | 'type' | 'synonyms' | 'pattern';

/** Create or update a custom entity (agents.md §2.5): the edit form waits for the entity to load. */
export function EntityFormPage({ base, entityId }: EntityFormPageProps) {
  const { agent } = useAgentDetails();
  const navigate = useNavigate();
  const entity = useEntity(agent.id, entityId ?? '', entityId !== undefined);

  if (!entityId) return <EntityForm base={base} agentId={agent.id} />;
  if (entity.isError)
    return (
      <Stack gap="md" maw={960}>
        <Alert color="red" variant="light" role="alert" title="The entity could not be loaded">
          {entity.error.message}
        </Alert>
        <Group>
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(base)}>
            Back to Entities
          </Button>
          <Button variant="default" onClick={() => void entity.refetch()}>
            Try Again
          </Button>
        </Group>
      </Stack>
    );
  if (!entity.data)
    return (
      <Paper withBorder radius="md" p="lg" maw={960} role="status" aria-busy="true" aria-label="Loading the entity">
        <Skeleton h={24} w={260} mb="lg" />
        <Skeleton h={36} w={420} mb="lg" />
        <Skeleton h={120} />
      </Paper>
    );
  return <EntityForm base={base} agentId={agent.id} entity={entity.data} />;
}

function EntityForm({ base, agentId, entity }: { base: string; agentId: string; entity?: CustomEntity }) {
  const navigate = useNavigate();
  const create = useCreateEntity(agentId);
  const update = useUpdateEntity(agentId, entity?.id ?? '');
  const saving = create.isPending || update.isPending;
  const [name, setName] = useState(entity?.name ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [rows, setRows] = useState<ValueRowState[]>(() => (entity ? rowsFromEntity(entity) : [emptyRow()]));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [popupRow, setPopupRow] = useState<string | null>(null);
  const [deletingRow, setDeletingRow] = useState<string | null>(null);

  const errors = useMemo(() => validateEntity(name, rows), [name, rows]);
  const valid = Object.keys(errors).length === 0;
  const popup = rows.find((row) => row.key === popupRow);
  const nameError = serverErrors.name ?? (nameTouched || submitted ? errors.name : undefined);
  const listError = submitted ? (serverErrors.values ?? errors.values) : undefined;

  const clearServerErrors = (keys: string[]) => {
    if (keys.some((key) => key in serverErrors))
      setServerErrors(Object.fromEntries(Object.entries(serverErrors).filter(([key]) => !keys.includes(key))));
  };

  const changeRow = (index: number, change: Partial<ValueRowState>) => {
    setRows((current) => current.map((row, position) => (position === index ? { ...row, ...change } : row)));
    const fields = Object.keys(change).filter((key) => ['value', 'type', 'synonyms', 'pattern'].includes(key));
    if (fields.length > 0)
      clearServerErrors(
        [...fields, ...(change.type ? ['synonyms', 'pattern'] : [])].map((key) => `values.${index}.${key}`),
      );
  };

  const rowErrors = (source: Record<string, string>, index: number) => {
    const result: Partial<Record<RowField, string>> = {};
    for (const field of ['value', 'type', 'synonyms', 'pattern'] as const) {
      const message = source[`values.${index}.${field}`];
      if (message) result[field] = message;
    }
    return result;
  };

  const handleAddRow = () => {
    if (rows.length >= entityLimits.valuesMax) return;
    setRows([...rows, emptyRow()]);
  };

  const handleDeleteRow = () => {
    // Indices shift: the server's row errors no longer point at the right rows.
    setRows(rows.filter((row) => row.key !== deletingRow));
    setServerErrors(Object.fromEntries(Object.entries(serverErrors).filter(([key]) => !key.startsWith('values.'))));
    setDeletingRow(null);
  };

  const handleSynonyms = (synonyms: string[]) => {
    const index = rows.findIndex((row) => row.key === popupRow);
    if (index >= 0) changeRow(index, { synonyms: synonyms.join(', '), detailTouched: true });
    setPopupRow(null);
  };

  const handleSynonymsClose = () => {
    const index = rows.findIndex((row) => row.key === popupRow);
    if (index >= 0) changeRow(index, { detailTouched: true });
    setPopupRow(null);
  };

  /** Validates and saves; resolves whether it worked (the form and the unsaved-changes dialog). */
  const submit = async (): Promise<boolean> => {
    setSubmitted(true);
    if (!valid || saving) return false;
    const body = toEntityBody(name, rows);
    try {
      if (entity) await update.mutateAsync(body);
      else await create.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setServerErrors(error.fieldErrors);
      showToast(error instanceof Error ? error.message : String(error), { tone: 'error' });
      return false;
    }
    showToast(entity ? entityMessages.updated : entityMessages.created, { tone: 'success' });
    return true;
  };
  const [initialBody] = useState(() => JSON.stringify(toEntityBody(name, rows)));
  const leaveGuard = useUnsavedChangesGuard(JSON.stringify(toEntityBody(name, rows)) !== initialBody, {
    onSave: submit,
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit().then((saved) => {
      if (!saved) return;
      leaveGuard.allowNextNavigation();
      void navigate(base);
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={1040} component="form" onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Tooltip label="Back to entities">
              <ActionIcon variant="subtle" color="gray" aria-label="Back to entities" onClick={() => navigate(base)}>
                <IconArrowLeft size={18} />
              </ActionIcon>
            </Tooltip>
            <Title order={2} fz={20}>
              {entity ? 'Update Custom Entity' : 'Create Custom Entity'}
            </Title>
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => {
                // Cancel is the explicit way to drop the changes: no question.
                leaveGuard.allowNextNavigation();
                void navigate(base);
              }}
              disabled={saving}
            >
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {entity ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Group>

        <TextInput
          label="Name"
          placeholder="Enter the name of the Entity"
          description="Letters, digits, _ and -; the name the intents refer to."
          withAsterisk
          maw={420}
          value={name}
          maxLength={entityLimits.nameMax}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clearServerErrors(['name']);
          }}
          onBlur={() => setNameTouched(true)}
          data-autofocus
        />

        <Stack gap={6}>
          <Table verticalSpacing="xs" horizontalSpacing="sm" withTableBorder aria-label="Values">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="28%">Value</Table.Th>
                <Table.Th w={150}>Type</Table.Th>
                <Table.Th>Synonyms / Pattern</Table.Th>
                <Table.Th w={70}>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <ValueRow
                  key={row.key}
                  row={row}
                  index={index}
                  errors={rowErrors(errors, index)}
                  serverErrors={rowErrors(serverErrors, index)}
                  showAll={submitted}
                  canDelete={rows.length > 1}
                  onChange={(change) => changeRow(index, change)}
                  onOpenSynonyms={() => setPopupRow(row.key)}
                  onDelete={() => setDeletingRow(row.key)}
                />
              ))}
            </Table.Tbody>
          </Table>
          {listError ? (
            <Text size="sm" c="red" role="alert">
              {listError}
            </Text>
          ) : null}
          {valid ? (
            <Group>
              <Tooltip label="Add value">
                <ActionIcon variant="light" size="lg" radius="xl" aria-label="Add value" onClick={handleAddRow}>
                  <IconPlus size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              Fill in every row to add another value.
            </Text>
          )}
        </Stack>
        {leaveGuard.dialog}
      </Stack>

      <SynonymsPopup
        opened={popup !== undefined}
        value={popup?.value ?? ''}
        synonyms={splitSynonyms(popup?.synonyms ?? '')}
        onClose={handleSynonymsClose}
        onApply={handleSynonyms}
      />
      <ConfirmDialog
        opened={deletingRow !== null}
        title="Delete Value"
        message={`Delete the value "${rows.find((row) => row.key === deletingRow)?.value || 'without a name'}" and its synonyms or pattern?`}
        confirmLabel="Delete"
        danger
        onConfirm={handleDeleteRow}
        onClose={() => setDeletingRow(null)}
      />
    </Paper>
  );
}
