import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { customerMessages, type CustomerUpload } from '@parley/contracts/customer-master';
import { formatDatePattern } from '../../../lib/format-date';
import { PagerButtons } from '../../../components/PagerButtons';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { TableEmptyRow } from '../../../components/TableEmptyRow';
import { TableSkeletonRows } from '../../../components/TableSkeletonRows';
import { useUpload } from '../api/get-upload';
import { UPLOAD_ERRORS_PAGE_SIZE, useUploadErrors } from '../api/get-upload-errors';
import { useDownloadUploadErrors } from '../api/download-upload-errors';
import { useUploadProgress, type UploadsRealtime } from '../realtime/use-upload-progress';
import { UploadStatus } from './UploadStatus';
import { COMPLETED_ON_PATTERN } from './UploadsPage';
import { uploadsPath } from './upload-paths';

const COLUMNS = 3;
const numberFormat = new Intl.NumberFormat('en-IN');

function UploadSummary({ upload }: { upload: CustomerUpload }) {
  const figures = [
    { label: 'Total Count', value: upload.totalLines },
    { label: 'Accepted', value: upload.acceptedLines, color: 'teal.8' },
    { label: 'Error', value: upload.errorLines, color: upload.errorLines > 0 ? 'red.8' : undefined },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="lg">
        <Group gap="xl" wrap="wrap">
          {figures.map((figure) => (
            <div key={figure.label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {figure.label}
              </Text>
              <Text fz={22} fw={600} c={figure.color} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {numberFormat.format(figure.value)}
              </Text>
            </div>
          ))}
        </Group>
        <Stack gap={4} align="flex-end">
          <UploadStatus upload={upload} />
          <Text size="xs" c="dimmed">
            {upload.completedAt
              ? `Completed on ${formatDatePattern(upload.completedAt, COMPLETED_ON_PATTERN)}`
              : `Started ${formatDatePattern(upload.createdAt, COMPLETED_ON_PATTERN)}`}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

interface UploadErrorsPageProps {
  /** The upload of the route (/customer-master/error/:id). */
  uploadId: string;
  realtime: UploadsRealtime;
}

/** Error List (engagement.md §2.8): the rejected rows of one upload as in the file, 15 per page. */
export function UploadErrorsPage({ uploadId, realtime }: UploadErrorsPageProps) {
  const { live } = useUploadProgress(realtime);
  const [from, setFrom] = useState(0);
  const upload = useUpload(uploadId, !live);
  const errors = useUploadErrors(uploadId, from);
  const download = useDownloadUploadErrors();
  const rows = errors.data?.errors ?? [];
  const backTo = uploadsPath(upload.data?.segmentId ?? undefined);

  if (upload.isError) {
    return (
      <Stack gap="md" maw={1200}>
        <Anchor component={Link} to={uploadsPath()} size="sm">
          ← My Uploads
        </Anchor>
        <QueryErrorAlert
          title="The upload could not be loaded"
          message={upload.error.message}
          onRetry={() => void upload.refetch()}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Anchor component={Link} to={backTo} size="sm">
          ← My Uploads
        </Anchor>
        <Group justify="space-between" align="flex-end" mt={4} wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={1} fz={24}>
              Error List
            </Title>
            {upload.isSuccess ? (
              <Group gap="xs" wrap="wrap">
                <Text c="dimmed" size="sm" style={{ wordBreak: 'break-all' }}>
                  {upload.data.fileName}
                </Text>
                {upload.data.segmentName ? (
                  <Badge variant="light" color="gray" radius="sm" tt="none">
                    {upload.data.segmentName}
                  </Badge>
                ) : null}
                {upload.data.replace ? (
                  <Badge variant="light" color="blue" radius="sm" tt="none">
                    Replace Existing Records
                  </Badge>
                ) : null}
              </Group>
            ) : (
              <Skeleton h={16} w={220} mt={6} />
            )}
          </div>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={!upload.isSuccess || upload.data.errorLines === 0}
            loading={download.isPending}
            onClick={() => upload.data && download.mutate({ id: uploadId, fileName: upload.data.fileName })}
          >
            Download rejected rows
          </Button>
        </Group>
      </div>

      {upload.isSuccess ? <UploadSummary upload={upload.data} /> : <Skeleton h={82} radius="md" />}

      {upload.data?.state === 'ERROR' && upload.data.errorMessage ? (
        <Alert color="red" variant="light" title="The import stopped">
          {upload.data.errorMessage}
        </Alert>
      ) : null}

      {errors.isError ? (
        <QueryErrorAlert
          title="The rejected rows could not be loaded"
          message={errors.error.message}
          onRetry={() => void errors.refetch()}
        />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Error List" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>S.No</Table.Th>
                  <Table.Th>Error row in input file</Table.Th>
                  <Table.Th w="38%">Errors</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: errors.isPlaceholderData ? 0.6 : 1 }}>
                {errors.isPending ? (
                  <TableSkeletonRows rows={4} columns={COLUMNS} />
                ) : rows.length === 0 ? (
                  <TableEmptyRow columns={COLUMNS} message={customerMessages.noErrors} />
                ) : (
                  rows.map((row, index) => (
                    <Table.Tr key={`${row.line}-${index}`} style={{ verticalAlign: 'top' }}>
                      <Table.Td>
                        <Text size="sm">{from + index + 1}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text
                          component="pre"
                          ff="monospace"
                          size="xs"
                          m={0}
                          px={8}
                          py={4}
                          bg="var(--mantine-color-gray-0)"
                          bdrs="sm"
                          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                        >
                          {row.lineStr}
                        </Text>
                        <Text size="xs" c="dimmed" mt={4}>
                          Line {row.line} of the file
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4}>
                          {row.errors.map((message, position) => (
                            <Text key={position} size="sm" c="red.8">
                              {message}
                            </Text>
                          ))}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {errors.data && errors.data.total > 0
            ? `${numberFormat.format(errors.data.total)} rejected row${errors.data.total === 1 ? '' : 's'}`
            : ''}
        </Text>
        <PagerButtons
          from={from}
          pageSize={UPLOAD_ERRORS_PAGE_SIZE}
          more={errors.data?.hasMore ?? false}
          busy={errors.isPlaceholderData}
          onPage={setFrom}
        />
      </Group>
    </Stack>
  );
}
