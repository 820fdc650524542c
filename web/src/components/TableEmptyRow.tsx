import { Table, Text } from '@mantine/core';

/** The one row a table shows when it has nothing to list ('No Record', 'No Errors Found', …). */
export function TableEmptyRow({ columns, message }: { columns: number; message: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {message}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
