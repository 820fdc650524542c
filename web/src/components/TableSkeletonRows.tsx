import { Skeleton, Table } from '@mantine/core';

/** Placeholder rows while a table's first page loads. */
export function TableSkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Tr key={row}>
      {Array.from({ length: columns }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton h={14} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
