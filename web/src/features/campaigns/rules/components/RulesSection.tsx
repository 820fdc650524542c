import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { CampaignRuleKind } from '@parley/contracts/campaigns';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/DataTable';
import { showToast } from '../../../../lib/toast';
import { useRemoveCampaignRule } from '../api/remove-campaign-rule';

interface RulesSectionProps<Rule extends { id: string; enabled: boolean }> {
  kind: CampaignRuleKind;
  /** The table's name ('Quiet hours'). */
  label: string;
  description: ReactNode;
  addLabel: string;
  columns: DataTableColumn[];
  rows: readonly Rule[];
  empty: string;
  /** The rule's cells between its first and the Enabled / actions columns. */
  renderCells: (rule: Rule) => ReactNode;
  /** What the rule is called in its buttons and the delete question. */
  nameOf: (rule: Rule) => string;
  /** Opens the add (no rule) or edit dialog. */
  onEdit: (rule: Rule | null) => void;
}

/** One kind of protection rule: its table, Add, and per row Edit and Delete (with a confirmation). */
export function RulesSection<Rule extends { id: string; enabled: boolean }>({
  kind,
  label,
  description,
  addLabel,
  columns,
  rows,
  empty,
  renderCells,
  nameOf,
  onEdit,
}: RulesSectionProps<Rule>) {
  const [removing, setRemoving] = useState<Rule | null>(null);
  const remove = useRemoveCampaignRule();
  const handleRemove = () => {
    if (!removing) return;
    remove.mutate(
      { kind, id: removing.id },
      {
        onSuccess: () => {
          showToast(`${nameOf(removing)} deleted`, { tone: 'success' });
          setRemoving(null);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed" maw={760}>
          {description}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => onEdit(null)}>
          {addLabel}
        </Button>
      </Group>
      <DataTable
        label={label}
        minWidth={760}
        columns={[
          ...columns,
          { key: 'enabled', header: 'Status', w: 100 },
          { key: 'actions', header: 'Actions', hiddenHeader: true, w: 90 },
        ]}
        rows={rows}
        loading={false}
        empty={empty}
        renderRow={(rule) => (
          <Table.Tr key={rule.id}>
            {renderCells(rule)}
            <Table.Td>
              <Badge variant="light" radius="sm" tt="none" color={rule.enabled ? 'teal' : 'gray'}>
                {rule.enabled ? 'On' : 'Off'}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon variant="subtle" aria-label={`Edit ${nameOf(rule)}`} onClick={() => onEdit(rule)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${nameOf(rule)}`}
                    onClick={() => setRemoving(rule)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Delete rule"
        message={removing ? `Delete ${nameOf(removing)}? Campaigns are no longer held to it.` : ''}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
