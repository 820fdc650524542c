import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { currencySymbols, rateCardBody, rateCategories, type RateCardBody } from '@parley/contracts/broadcasts';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useRateCard } from '../api/get-rate-card';
import { useSaveRateCard } from '../api/save-rate-card';

type Currency = RateCardBody['currency'];
type Category = (typeof rateCategories)[number];

interface RateRow {
  key: number;
  country: string;
  category: Category;
  rate: string | number;
}

export const DUPLICATE_RATE = 'This dial code and category are already listed';
const categoryOptions = rateCategories.map((value) => ({
  value,
  label: value.charAt(0) + value.slice(1).toLowerCase(),
}));

let nextKey = 1;
const row = (values: Partial<RateRow> = {}): RateRow => ({
  key: nextKey++,
  country: '',
  category: 'MARKETING',
  rate: '',
  ...values,
});

/** Row errors keyed 'rates.<index>.<field>' (the server's field errors use the same keys). */
export function validateRateCard(currency: Currency, rows: readonly RateRow[]) {
  const errors: Record<string, string> = {};
  const parsed = rateCardBody.safeParse({
    currency,
    rates: rows.map((entry) => ({
      country: entry.country,
      category: entry.category,
      rate: entry.rate === '' ? NaN : entry.rate,
    })),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (issue.path[2] === 'rate' && rows[Number(issue.path[1])]?.rate === '') errors[key] = 'Enter a rate';
      else errors[key] ??= issue.message;
    }
  }
  const seen = new Map<string, number>();
  rows.forEach((entry, index) => {
    const id = `${entry.country.trim()}|${entry.category}`;
    if (seen.has(id) && entry.country.trim()) errors[`rates.${index}.country`] ??= DUPLICATE_RATE;
    else seen.set(id, index);
  });
  return { errors, body: parsed.success ? parsed.data : null };
}

function RateCardForm({ initial, onClose }: { initial: RateCardBody; onClose: () => void }) {
  const [currency, setCurrency] = useState<Currency>(initial.currency);
  const [rows, setRows] = useState<RateRow[]>(() =>
    initial.rates.map((rate) => row({ country: rate.country, category: rate.category, rate: Number(rate.rate) })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveRateCard();

  const update = (key: number, change: Partial<RateRow>) => {
    const index = rows.findIndex((entry) => entry.key === key);
    setRows((previous) => previous.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
    // A field the user changes loses its old message (Save checks it again).
    setErrors((previous) => {
      const next = { ...previous };
      for (const field of Object.keys(change)) delete next[`rates.${index}.${field}`];
      return next;
    });
  };
  const handleAdd = () => setRows((previous) => [...previous, row({ category: previous.at(-1)?.category })]);
  const handleRemove = (key: number) => {
    setRows((previous) => previous.filter((entry) => entry.key !== key));
    setErrors({});
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateRateCard(currency, rows);
    setErrors(checked.errors);
    if (!checked.body || Object.keys(checked.errors).length > 0) return;
    save.mutate(checked.body, {
      onSuccess: () => {
        showToast('Rate card saved', { tone: 'success' });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        setFailure(describeFailure(error));
      },
    });
  };

  const symbol = currencySymbols[currency];
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          What one message costs, by the recipient&apos;s dial code and the template&apos;s category. The broadcast
          check estimates a send from it.
        </Text>
        <Group gap="sm" align="center">
          <Text size="sm" fw={500} id="rate-card-currency">
            Currency
          </Text>
          <SegmentedControl
            aria-labelledby="rate-card-currency"
            value={currency}
            onChange={(value) => setCurrency(value as Currency)}
            data={[
              { value: 'INR', label: 'INR (₹)' },
              { value: 'USD', label: 'USD ($)' },
            ]}
          />
        </Group>
        <Table verticalSpacing={6} aria-label="Rates" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={140}>Dial Code</Table.Th>
              <Table.Th w={190}>Category</Table.Th>
              <Table.Th>Rate per Message</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed" ta="center" py="sm">
                    No rates yet: add one per country and category.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((entry, index) => (
                <Table.Tr key={entry.key} style={{ verticalAlign: 'top' }}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Dial code of rate ${index + 1}`}
                      placeholder="91"
                      leftSection={<Text size="sm">+</Text>}
                      value={entry.country}
                      inputMode="numeric"
                      maxLength={4}
                      error={errors[`rates.${index}.country`]}
                      onChange={(event) => update(entry.key, { country: event.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Category of rate ${index + 1}`}
                      data={categoryOptions}
                      value={entry.category}
                      allowDeselect={false}
                      error={errors[`rates.${index}.category`]}
                      onChange={(value) => value && update(entry.key, { category: value as Category })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Price of rate ${index + 1}`}
                      placeholder="0.80"
                      leftSection={<Text size="sm">{symbol}</Text>}
                      min={0}
                      max={1000}
                      decimalScale={4}
                      hideControls
                      value={entry.rate}
                      error={errors[`rates.${index}.rate`]}
                      onChange={(value) => update(entry.key, { rate: value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={4}
                      aria-label={`Remove rate ${index + 1}`}
                      onClick={() => handleRemove(entry.key)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={handleAdd}>
            Add Rate
          </Button>
        </Group>
        <FormErrorAlert message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The rate card (GET/PUT /api/rate-card): currency, and a rate per dial code and template category. */
export function RateCardDialog({ onClose }: { onClose: () => void }) {
  const card = useRateCard(true);
  return (
    <Modal opened onClose={onClose} title="Rate Card" size="lg" centered>
      {card.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" role="progressbar" aria-label="Loading the rate card" />
        </Group>
      ) : card.isError ? (
        <Alert color="red" variant="light" role="alert" title="The rate card could not be loaded">
          <Group gap="sm">
            <Text size="sm">{card.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void card.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : (
        <RateCardForm initial={card.data} onClose={onClose} />
      )}
    </Modal>
  );
}
