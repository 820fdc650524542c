import { NativeSelect, Table, Text } from '@mantine/core';
import type { HeaderMapping, SystemHeader } from './header-mapping';

interface HeaderMappingTableProps {
  headers: readonly SystemHeader[];
  userHeaders: readonly string[];
  mapping: HeaderMapping;
  /** Mandatory headers to mark as missing (after a refused Preview or Upload). */
  showMissing: boolean;
  disabled?: boolean;
  onChange: (systemHeader: string, fileHeader: string) => void;
}

export const NOT_IMPORTED_LABEL = '— Not imported —';

/** System header → the file's header it takes its values from (engagement.md §2.7). */
export function HeaderMappingTable({
  headers,
  userHeaders,
  mapping,
  showMissing,
  disabled = false,
  onChange,
}: HeaderMappingTableProps) {
  const options = [
    { value: '', label: NOT_IMPORTED_LABEL },
    ...userHeaders.map((header) => ({ value: header, label: header })),
  ];
  return (
    <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Header mapping">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="45%">System Header</Table.Th>
          <Table.Th>Uploaded Header</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {headers.map((header) => {
          const value = mapping[header.name] ?? '';
          const missing = showMissing && header.mandatory && value === '';
          return (
            <Table.Tr key={header.name}>
              <Table.Td>
                <Text size="sm" fw={500} span>
                  {header.label}
                </Text>
                {header.mandatory ? (
                  <Text span c="red" fw={600} ml={4} aria-label="mandatory">
                    *
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" ff="monospace">
                  {header.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <NativeSelect
                  aria-label={`Uploaded header for ${header.label}`}
                  data={options}
                  value={value}
                  disabled={disabled}
                  error={missing ? `${header.label} is required` : undefined}
                  onChange={(event) => onChange(header.name, event.currentTarget.value)}
                  styles={{ input: { color: value === '' ? 'var(--mantine-color-dimmed)' : undefined } }}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
