import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCircleCheck, IconCopy, IconSend, IconX } from '@tabler/icons-react';
import type { BroadcastCheck } from '@parley/contracts/broadcasts';
import { formatWhatsAppText } from '../../../components/template-preview/whatsapp-format';

interface PreSendSummaryDialogProps {
  opened: boolean;
  check: BroadcastCheck | undefined;
  checking: boolean;
  /** Why the check or the send failed (the form keeps everything). */
  error: string | null;
  sending: boolean;
  onClose: () => void;
  onSend: () => void;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The estimate as money: the currency symbol and two decimals. */
export const formatCost = (symbol: string, amount: number) =>
  `${symbol}${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

const kinds = [
  { key: 'valid', label: 'Valid', color: 'teal', icon: IconCircleCheck, note: 'will be sent' },
  { key: 'invalid', label: 'Invalid', color: 'red', icon: IconX, note: 'not a number we can message' },
  { key: 'duplicate', label: 'Duplicate', color: 'yellow', icon: IconCopy, note: 'sent once' },
  { key: 'blocked', label: 'Blocked', color: 'gray', icon: IconBan, note: 'blacklisted or opted out' },
] as const;

function Examples({ title, rows }: { title: string; rows: { phone: string; reason: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <div>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {title}
      </Text>
      <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={title}>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.phone}-${index}`}>
              <Table.Td ff="monospace" w="40%">
                {row.phone}
              </Table.Td>
              <Table.Td c="dimmed">{row.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * The pre-send check (issue 8 item 2): every recipient resolved before anything is sent; counts
 * with up to five examples each, what still needs fixing, and the estimated cost.
 */
export function PreSendSummaryDialog({
  opened,
  check,
  checking,
  error,
  sending,
  onClose,
  onSend,
}: PreSendSummaryDialogProps) {
  const fieldErrors = Object.values(check?.fieldErrors ?? {});
  const canSend = check !== undefined && !checking && check.valid > 0 && fieldErrors.length === 0;

  return (
    <Modal
      opened={opened}
      onClose={sending ? () => undefined : onClose}
      title="Before Sending"
      size="xl"
      centered
      closeOnClickOutside={!sending}
    >
      {checking || !check ? (
        checking ? (
          <Stack gap="sm" aria-busy aria-label="Checking the recipients">
            <Text size="sm" c="dimmed">
              Checking every recipient…
            </Text>
            <SimpleGrid cols={4}>
              {kinds.map((kind) => (
                <Skeleton key={kind.key} h={72} />
              ))}
            </SimpleGrid>
            <Skeleton h={120} />
          </Stack>
        ) : error ? (
          <Alert color="red" variant="light" role="alert" title="The check could not be done">
            {error}
          </Alert>
        ) : null
      ) : (
        <Stack gap="md">
          <Text size="sm">
            {plural(check.total, 'number')} checked: every recipient&apos;s variables resolved against the customer
            master.
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {kinds.map((kind) => (
              <Paper key={kind.key} withBorder radius="md" p="sm" aria-label={`${kind.label} recipients`} role="group">
                <Group gap={6} wrap="nowrap">
                  <ThemeIcon variant="light" color={kind.color} size="sm" radius="xl">
                    <kind.icon size={14} />
                  </ThemeIcon>
                  <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                    {kind.label}
                  </Text>
                </Group>
                <Text fz={26} fw={700} lh={1.3}>
                  {check[kind.key].toLocaleString('en-US')}
                </Text>
                <Text size="xs" c="dimmed">
                  {kind.note}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>

          {fieldErrors.length > 0 ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={16} />}
              title="Fix these first"
            >
              <List size="sm">
                {fieldErrors.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}

          {check.examples.valid.length > 0 ? (
            <div>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                Valid Examples
              </Text>
              <Table withTableBorder verticalSpacing={4} fz="sm" aria-label="Valid Examples">
                <Table.Tbody>
                  {check.examples.valid.map((row, index) => (
                    <Table.Tr key={`${row.phone}-${index}`}>
                      <Table.Td ff="monospace" w="28%">
                        {row.phone}
                      </Table.Td>
                      <Table.Td w="22%">
                        {row.name ?? (
                          <Text c="dimmed" size="sm">
                            Not in the customer master
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                        {formatWhatsAppText(row.preview)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          ) : null}
          <Examples title="Invalid Examples" rows={check.examples.invalid} />
          <Examples title="Duplicate Examples" rows={check.examples.duplicate} />
          <Examples title="Blocked Examples" rows={check.examples.blocked} />

          <Paper withBorder radius="md" p="sm" bg="gray.0" role="group" aria-label="Estimated Cost">
            <Group justify="space-between" align="flex-start">
              <div>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  Estimated Cost
                </Text>
                <Text fz={22} fw={700}>
                  {formatCost(check.estimate.currencySymbol, check.estimate.estimatedRate)}
                </Text>
                {check.estimate.unpriced > 0 ? (
                  <Text size="xs" c="orange">
                    {plural(check.estimate.unpriced, 'recipient has', 'recipients have')} no rate
                  </Text>
                ) : null}
              </div>
              {check.estimate.byCountry.length > 0 ? (
                <Table fz="xs" verticalSpacing={2} w="auto" aria-label="Cost by country">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Country</Table.Th>
                      <Table.Th ta="right">Recipients</Table.Th>
                      <Table.Th ta="right">Rate</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {check.estimate.byCountry.map((row) => (
                      <Table.Tr key={row.country}>
                        <Table.Td>+{row.country}</Table.Td>
                        <Table.Td ta="right">{row.recipients.toLocaleString('en-US')}</Table.Td>
                        <Table.Td ta="right">
                          {row.rate === null ? 'No rate' : formatCost(check.estimate.currencySymbol, row.rate)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : null}
            </Group>
          </Paper>

          {error ? (
            <Alert color="red" variant="light" role="alert" title="Not sent">
              {error}
            </Alert>
          ) : null}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={sending}>
              Back to Edit
            </Button>
            <Button leftSection={<IconSend size={16} />} onClick={onSend} loading={sending} disabled={!canSend}>
              {check.valid > 0 ? `Send to ${plural(check.valid, 'recipient')}` : 'Nothing to send'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
