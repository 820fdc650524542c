import { Alert, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { UploadPreview } from '@parley/contracts/customer-master';
import type { SystemHeader } from './header-mapping';

const numberFormat = new Intl.NumberFormat('en-IN');
const count = (value: number) => numberFormat.format(value);

/** "3 of 120 checked rows will fail" (the dry run's summary line). */
export function failingSummary(preview: Pick<UploadPreview, 'failingRows' | 'checkedRows'>): string {
  return `${count(preview.failingRows)} of ${count(preview.checkedRows)} checked rows will fail`;
}

interface UploadPreviewPanelProps {
  preview: UploadPreview;
  /** The mapped system headers, in the mapping's order: the preview's columns. */
  headers: readonly SystemHeader[];
}

/** Dry run (beyond the spec): the first rows as they will be stored, and what will fail and why. */
export function UploadPreviewPanel({ preview, headers }: UploadPreviewPanelProps) {
  const failing = preview.failingRows > 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Preview">
      <Stack gap="md">
        <Title order={2} fz="md">
          Preview
        </Title>
        <Alert
          variant="light"
          color={failing ? 'orange' : 'teal'}
          icon={failing ? <IconAlertTriangle size={18} /> : <IconCircleCheck size={18} />}
          title={failing ? failingSummary(preview) : `All ${count(preview.checkedRows)} checked rows can be imported`}
        >
          <Stack gap={6}>
            {preview.partial ? (
              <Text size="sm">
                Only the first {count(preview.checkedRows)} rows of the file were checked; the import checks every row.
              </Text>
            ) : null}
            {failing ? (
              <List size="sm" spacing={2} aria-label="Reasons">
                {preview.reasons.map((reason) => (
                  <List.Item key={reason.message}>
                    <Text span size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {count(reason.count)} ×
                    </Text>{' '}
                    {reason.message}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm">Nothing has been stored yet: press Upload to import the file.</Text>
            )}
          </Stack>
        </Alert>
        {preview.rows.length > 0 ? (
          <div>
            <Text size="sm" c="dimmed" mb={6}>
              The first rows as they will be stored:
            </Text>
            <Table.ScrollContainer minWidth={560}>
              <Table
                withTableBorder
                withColumnBorders
                verticalSpacing={6}
                horizontalSpacing="sm"
                fz="sm"
                aria-label="Preview rows"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>Line</Table.Th>
                    {headers.map((header) => (
                      <Table.Th key={header.name}>{header.label}</Table.Th>
                    ))}
                    <Table.Th miw={260}>Errors</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((row) => (
                    <Table.Tr key={row.line} bg={row.errors.length > 0 ? 'var(--mantine-color-red-light)' : undefined}>
                      <Table.Td>{row.line}</Table.Td>
                      {headers.map((header) => (
                        <Table.Td key={header.name} style={{ whiteSpace: 'nowrap' }}>
                          {row.values[header.name] ?? ''}
                        </Table.Td>
                      ))}
                      <Table.Td miw={260}>
                        {row.errors.length > 0 ? (
                          <Stack gap={2}>
                            {row.errors.map((message, index) => (
                              <Text key={index} size="xs" c="red.8">
                                {message}
                              </Text>
                            ))}
                          </Stack>
                        ) : (
                          <Text size="xs" c="teal">
                            OK
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
