import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { broadcastLimits, broadcastMessages } from '@parley/contracts/broadcasts';
import { PagerButtons } from '../../../components/PagerButtons';
import { describeFailure } from '../../../lib/failure-message';
import { usePickerCustomers } from '../api/get-picker-customers';
import { SEARCH_DEBOUNCE_MS } from './SearchSelect';

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

  const handleChange = (ids: string[]) => {
    setError(null);
    const wanted = new Set(ids);
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
        aria-label="Search customers"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      <Checkbox.Group
        label={broadcastMessages.chooseCustomer}
        withAsterisk
        value={[...chosen.keys()]}
        error={error}
        onChange={handleChange}
      >
        <Paper withBorder radius="md" mt={6}>
          <ScrollArea.Autosize mah={360} type="auto">
            {customers.isPending ? (
              <Stack gap={6} p="sm" aria-busy>
                {Array.from({ length: 5 }, (_, index) => (
                  <Skeleton key={index} h={36} />
                ))}
              </Stack>
            ) : customers.isError ? (
              <Alert color="red" variant="light" m="sm" title="The customers could not be loaded">
                <Text size="sm">{describeFailure(customers.error)}</Text>
                <Button size="xs" variant="light" mt="xs" onClick={() => void customers.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : rows.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" p="lg">
                {broadcastMessages.noRecord}
              </Text>
            ) : (
              <Stack gap={0} style={{ opacity: customers.isPlaceholderData ? 0.6 : 1 }}>
                {rows.map((row) => (
                  <Checkbox
                    key={row.id}
                    value={row.id}
                    px="sm"
                    py={8}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                    aria-label={`${row.name} ${row.phoneNumber}`}
                    label={
                      <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
                        <Text size="sm">{row.name}</Text>
                        <Text size="sm" c="dimmed" ff="monospace">
                          {row.phoneNumber}
                        </Text>
                      </Group>
                    }
                    styles={{ body: { alignItems: 'center' }, labelWrapper: { flex: 1 } }}
                  />
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Paper>
      </Checkbox.Group>
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
