import { Alert, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { BlacklistResult } from '../api/import-blacklist';

const numberFormat = new Intl.NumberFormat('en-IN');

/** What an add or an import did: numbers added, already listed, and the lines that were not numbers. */
export function BlacklistResultSummary({ result }: { result: BlacklistResult }) {
  const { added, already, invalid } = result;
  return (
    <Stack gap="xs" role="status" aria-label="Result">
      <Alert color={invalid.length > 0 ? 'yellow' : 'teal'} variant="light" p="sm">
        <Group gap="lg">
          <Text size="sm">
            <b>{numberFormat.format(added)}</b> added
          </Text>
          <Text size="sm">
            <b>{numberFormat.format(already)}</b> already listed
          </Text>
          <Text size="sm">
            <b>{numberFormat.format(invalid.length)}</b> invalid
          </Text>
        </Group>
      </Alert>
      {invalid.length > 0 ? (
        <ScrollArea.Autosize mah={220} type="auto">
          <Table withTableBorder verticalSpacing={4} aria-label="Invalid lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Line</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invalid.map((line) => (
                <Table.Tr key={`${line.line}-${line.value}`}>
                  <Table.Td>{line.line}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {line.value || '(empty)'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="red.8">
                      {line.message}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : null}
    </Stack>
  );
}
