import { Anchor, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { customerMessages, type CustomerUpload } from '@parley/contracts/customer-master';
import { dateFormats, formatDatePattern } from '../../../lib/format-date';
import { DataTable } from '../../../components/data-table/DataTable';
import { loadError } from '../../../components/data-table/load-error';
import { UPLOADS_PAGE_SIZE, useUploads } from '../api/get-uploads';
import { useSegments } from '../api/get-segments';
import { useUploadProgress, type UploadsRealtime } from '../realtime/use-upload-progress';
import { UploadStatus } from './UploadStatus';
import { uploadErrorsPath, uploadFilePath, uploadsPath } from './upload-paths';
import { usePagingFrom } from '../../../lib/use-paging';

/** Completed On (engagement.md §2.6, §9). */
export const COMPLETED_ON_PATTERN = dateFormats.default;
const ALL_SEGMENTS = 'all';

interface UploadsPageProps {
  /** The segment of the route (/customer-master/uploads/:id), or none for every segment. */
  segmentId?: string;
  /** The user may upload (CUSTOMER.EDIT): shows the Upload File button for the chosen segment. */
  canUpload: boolean;
  realtime: UploadsRealtime;
}

const numberFormat = new Intl.NumberFormat('en-IN');
const count = (value: number) => numberFormat.format(value);

/** My Uploads (engagement.md §2.6): segment filter, the imports with live progress, paging 10. */
export function UploadsPage({ segmentId, canUpload, realtime }: UploadsPageProps) {
  const navigate = useNavigate();
  const { live } = useUploadProgress(realtime);
  // A new segment (from the select or the address) starts at the first page.
  const [from, setFrom] = usePagingFrom(segmentId ?? '');
  const segments = useSegments();
  const list = useUploads({ ...(segmentId ? { segmentId } : {}), from, perPage: UPLOADS_PAGE_SIZE }, !live);
  const uploads = list.data?.uploads ?? [];

  const options = [
    { value: ALL_SEGMENTS, label: 'All Segments' },
    ...(segments.data ?? []).map((segment) => ({ value: segment.id, label: segment.name })),
  ];
  // The address may name a segment the list does not know (yet): keep it selectable.
  if (segmentId && !segments.data?.some((segment) => segment.id === segmentId) && segments.isSuccess)
    options.push({ value: segmentId, label: 'Unknown Segment' });

  const handleSegment = (value: string | null) => {
    const next = !value || value === ALL_SEGMENTS ? undefined : value;
    void navigate(uploadsPath(next));
  };

  const openErrors = (upload: CustomerUpload) => void navigate(uploadErrorsPath(upload.id));

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            My Uploads
          </Title>
          <Text c="dimmed" size="sm">
            Customer files you imported. Open one to see the rows that were rejected.
          </Text>
        </div>
        {canUpload && segmentId ? (
          <Button component={Link} to={uploadFilePath(segmentId)} leftSection={<IconUpload size={16} />}>
            Upload File
          </Button>
        ) : null}
      </Group>

      <Group gap="sm" align="flex-end">
        <Select
          label="Segment"
          w={280}
          data={options}
          value={segmentId ?? ALL_SEGMENTS}
          onChange={handleSegment}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No segment matches"
          disabled={segments.isPending}
          error={segments.isError ? segments.error.message : undefined}
        />
      </Group>

      <DataTable
        label="My Uploads"
        minWidth={820}
        tableProps={{ horizontalSpacing: 'md' }}
        columns={[
          { key: 'file', header: 'File Name' },
          { key: 'total', header: 'Total Count', w: 130, ta: 'right', style: { whiteSpace: 'nowrap' } },
          { key: 'accepted', header: 'Accepted', w: 110, ta: 'right' },
          { key: 'errors', header: 'Error', w: 100, ta: 'right' },
          { key: 'completedOn', header: 'Completed On', w: 200 },
          { key: 'status', header: 'Status', w: 190 },
        ]}
        rows={list.data ? uploads : undefined}
        loading={list.isPending}
        stale={list.isPlaceholderData}
        empty={customerMessages.noUploads}
        error={loadError(list, 'The uploads could not be loaded')}
        pager={{
          from,
          pageSize: UPLOADS_PAGE_SIZE,
          more: list.data?.hasMore ?? false,
          busy: list.isPlaceholderData,
          onPage: setFrom,
        }}
        renderRow={(upload) => (
          <Table.Tr key={upload.id} onClick={() => openErrors(upload)} style={{ cursor: 'pointer' }}>
            <Table.Td>
              <Anchor
                component={Link}
                to={uploadErrorsPath(upload.id)}
                size="sm"
                fw={500}
                onClick={(event) => event.stopPropagation()}
                style={{ wordBreak: 'break-all' }}
              >
                {upload.fileName}
              </Anchor>
              {!segmentId && upload.segmentName ? (
                <Text size="xs" c="dimmed">
                  {upload.segmentName}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {count(upload.totalLines)}
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {count(upload.acceptedLines)}
            </Table.Td>
            <Table.Td
              ta="right"
              c={upload.errorLines > 0 ? 'red.8' : undefined}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {count(upload.errorLines)}
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={upload.completedAt ? undefined : 'dimmed'}>
                {upload.completedAt ? formatDatePattern(upload.completedAt, COMPLETED_ON_PATTERN) : '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <UploadStatus upload={upload} />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
