import { useState } from 'react';
import { Badge, Button, Group, Input, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { broadcastLimits, broadcastMessages } from '@parley/contracts/broadcasts';
import { PagerButtons } from '../../../components/PagerButtons';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { describeFailure } from '../../../lib/failure-message';
import { usePickerCustomers } from '../api/get-picker-customers';
import { SEARCH_DEBOUNCE_MS } from './SearchSelect';

const COLUMNS: DataTableColumn[] = [
  { key: 'name', header: 'Name' },
  { key: 'phone', header: 'Phone Number', ta: 'right' },
];

interface PickerCustomer {
  id: string;
  name: string;
  phoneNumber: string;
}

interface CustomerPickerDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen customers' numbers, in the order they were ticked. */
  onConfirm: (phoneNumbers: string[]) => void;
}

/**
 * "Customer's List" (engagement.md §2.10): a multi-select of the customer master showing name and
 * phone, page 15, with a search; ticks are kept across pages and searches. No closes, Yes adds.
 */
export function CustomerPickerDialog({ opened, onClose, onConfirm }: CustomerPickerDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={broadcastMessages.customersTitle} size="lg" centered>
      {opened ? <CustomerPickerBody onClose={onClose} onConfirm={onConfirm} /> : null}
    </Modal>
  );
}

function CustomerPickerBody({ onClose, onConfirm }: Omit<CustomerPickerDialogProps, 'opened'>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [from, setFrom] = useState(0);
  const [chosen, setChosen] = useState<Map<string, { name: string; phoneNumber: string }>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [lastSearch, setLastSearch] = useState(debounced);
  if (lastSearch !== debounced) {
    // A new search starts at its first page.
    setLastSearch(debounced);
    setFrom(0);
  }
  const customers = usePickerCustomers(debounced, from, true);
  const rows = customers.data?.customers ?? [];

  const handleChange = (wanted: ReadonlySet<string>) => {
    setError(null);
    setChosen((current) => {
      const next = new Map([...current].filter(([id]) => wanted.has(id)));
      for (const row of rows) if (wanted.has(row.id) && !next.has(row.id)) next.set(row.id, row);
      return next;
    });
  };

  const handleYes = () => {
    if (chosen.size === 0) {
      setError(broadcastMessages.mandatory);
      return;
    }
    onConfirm([...chosen.values()].map((customer) => customer.phoneNumber));
  };

  return (
    <Stack gap="sm">
      <TextInput
        placeholder="Search by name or phone"
        aria-label="Search Customers"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      <Input.Wrapper label={broadcastMessages.chooseCustomer} labelElement="div" withAsterisk error={error}>
        <Stack mt={6}>
          <DataTable<PickerCustomer>
            label={broadcastMessages.chooseCustomer}
            columns={COLUMNS}
            rows={customers.data?.customers}
            loading={customers.isPending}
            skeletonRows={5}
            empty={broadcastMessages.noRecord}
            stale={customers.isPlaceholderData}
            error={
              customers.isError
                ? {
                    title: 'The customers could not be loaded',
                    message: describeFailure(customers.error),
                    onRetry: () => void customers.refetch(),
                  }
                : null
            }
            maxHeight="360px"
            tableProps={{ verticalSpacing: 8 }}
            selection={{
              rowId: (row) => row.id,
              selected: new Set(chosen.keys()),
              onChange: handleChange,
              rowLabel: (row) => `${row.name} ${row.phoneNumber}`,
              allLabel: 'Choose All Customers on This Page',
            }}
            renderRow={(row, { selectCell, selected, toggle }) => (
              // The whole row ticks its customer, as its label did; the check box stays the control to reach.
              <Table.Tr
                key={row.id}
                data-selected={selected || undefined}
                onClick={toggle}
                style={{ cursor: 'pointer' }}
              >
                {selectCell}
                <Table.Td>
                  <Text size="sm">{row.name}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed" ff="monospace">
                    {row.phoneNumber}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Stack>
      </Input.Wrapper>
      <Group justify="space-between">
        <Badge variant="light" size="lg" radius="sm">
          {chosen.size} chosen
        </Badge>
        <PagerButtons
          from={from}
          pageSize={broadcastLimits.customerPickerPageSize}
          more={customers.data?.more ?? false}
          busy={customers.isFetching}
          onPage={setFrom}
        />
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          No
        </Button>
        <Button onClick={handleYes}>Yes</Button>
      </Group>
    </Stack>
  );
}
