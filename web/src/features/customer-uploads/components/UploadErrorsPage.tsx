import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { customerMessages, type CustomerUpload, type UploadErrorRow } from '@parley/contracts/customer-master';
import { formatDatePattern } from '../../../lib/format-date';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { useUpload } from '../api/get-upload';
import { UPLOAD_ERRORS_PAGE_SIZE, useUploadErrors } from '../api/get-upload-errors';
import { useDownloadUploadErrors } from '../api/download-upload-errors';
import { useUploadProgress, type UploadsRealtime } from '../realtime/use-upload-progress';
import { UploadStatus } from './UploadStatus';
import { COMPLETED_ON_PATTERN } from './UploadsPage';
import { uploadsPath } from './upload-paths';

const COLUMNS: DataTableColumn[] = [
  { key: 'number', header: 'S.No', w: 80 },
  { key: 'line', header: 'Error row in input file' },
  { key: 'errors', header: 'Errors', w: '38%' },
];
const numberFormat = new Intl.NumberFormat('en-IN');

function UploadSummary({ upload }: { upload: CustomerUpload }) {
  const figures = [
    { label: 'Total Count', value: upload.totalLines },
    { label: 'Accepted', value: upload.acceptedLines, color: 'teal' },
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

/** One rejected row: its number in the list, the line as in the file, and why it was rejected. */
function ErrorRow({ number, row }: { number: number; row: UploadErrorRow }) {
  return (
    <Table.Tr style={{ verticalAlign: 'top' }}>
      <Table.Td>
        <Text size="sm">{number}</Text>
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
            Download Rejected Rows
          </Button>
        </Group>
      </div>

      {upload.isSuccess ? <UploadSummary upload={upload.data} /> : <Skeleton h={82} radius="md" />}

      {upload.data?.state === 'ERROR' && upload.data.errorMessage ? (
        <Alert color="red" variant="light" title="The import stopped">
          {upload.data.errorMessage}
        </Alert>
      ) : null}

      <DataTable<UploadErrorRow>
        label="Error List"
        columns={COLUMNS}
        rows={errors.data?.errors}
        loading={errors.isPending}
        empty={customerMessages.noErrors}
        stale={errors.isPlaceholderData}
        error={loadError(errors, 'The rejected rows could not be loaded')}
        minWidth={720}
        tableProps={{ horizontalSpacing: 'md', layout: 'fixed', highlightOnHover: false }}
        pager={{
          from,
          pageSize: UPLOAD_ERRORS_PAGE_SIZE,
          more: errors.data?.hasMore ?? false,
          busy: errors.isPlaceholderData,
          onPage: setFrom,
          summary:
            errors.data && errors.data.total > 0
              ? `${numberFormat.format(errors.data.total)} rejected row${errors.data.total === 1 ? '' : 's'}`
              : '',
        }}
        renderRow={(row, { index }) => <ErrorRow key={`${row.line}-${index}`} number={from + index + 1} row={row} />}
      />
    </Stack>
  );
}
