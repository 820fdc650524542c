import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCircleCheck,
  IconDownload,
  IconEye,
  IconFileTypeCsv,
  IconListDetails,
  IconUpload,
} from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  customerMessages,
  type CustomerUpload,
  type UploadDraft,
  type UploadPreview,
  type UploadSubmitBody,
} from '@parley/contracts/customer-master';
import { describeFailure } from '../../../lib/failure-message';
import { useSegments } from '../api/get-segments';
import { useCustomerFields } from '../api/get-customer-fields';
import { useDownloadSampleCsv } from '../api/download-sample-csv';
import { useSendUploadFile } from '../api/send-upload-file';
import { usePreviewUpload } from '../api/preview-upload';
import { useSubmitUpload } from '../api/submit-upload';
import { CSV_ACCEPT, csvFileProblem, formatFileSize } from './csv-file-check';
import {
  describeSystemHeaders,
  initialMapping,
  mappingRows,
  unmappedMandatory,
  type HeaderMapping,
} from './header-mapping';
import { HeaderMappingTable } from './HeaderMappingTable';
import { UploadPreviewPanel } from './UploadPreviewPanel';
import { CUSTOMERS_PATH, uploadsPath } from './upload-paths';

interface ChosenFile {
  name: string;
  size: number;
}

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Step one: pick (or drop) a .csv; it goes up at once with a progress bar. */
function FilePicker({
  sending,
  progress,
  chosen,
  error,
  onFile,
  onCancel,
}: {
  sending: boolean;
  progress: number;
  chosen: ChosenFile | null;
  error: string | null;
  onFile: (file: File) => void;
  onCancel: () => void;
}) {
  const [dragging, setDragging] = useState(false);
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !sending) onFile(file);
  };
  const percent = Math.round(progress * 100);
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      component="section"
      aria-label="Choose a file"
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
        background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconFileTypeCsv size={30} stroke={1.6} />
        </ThemeIcon>
        {sending && chosen ? (
          <Stack gap={6} w="100%" maw={460}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {chosen.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatFileSize(chosen.size)}
              </Text>
            </Group>
            <Progress value={percent} size="md" radius="xl" animated aria-label="Upload progress" />
            <Group justify="space-between">
              <Text size="xs" c="dimmed" role="status">
                {percent < 100 ? `Sending… ${percent}%` : 'Reading the headers…'}
              </Text>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={onCancel}>
                Cancel
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <div style={{ textAlign: 'center' }}>
              <Text fw={600}>Choose the CSV file of your customers</Text>
              <Text size="sm" c="dimmed">
                A .csv file whose first line is the header row. Drop it here or browse.
              </Text>
            </div>
            <FileButton onChange={(file) => file && onFile(file)} accept={CSV_ACCEPT}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />}>
                  Choose CSV File
                </Button>
              )}
            </FileButton>
          </>
        )}
        {error ? (
          <Alert color="red" variant="light" role="alert" w="100%" maw={560} title={chosen ? chosen.name : undefined}>
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function SuccessCard({
  upload,
  segmentId,
  onAnother,
}: {
  upload: CustomerUpload;
  segmentId: string;
  onAnother: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-label="Upload submitted">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={32} stroke={1.6} />
        </ThemeIcon>
        <Text fw={500} style={{ wordBreak: 'break-all' }} ta="center">
          {upload.fileName}
        </Text>
        <Title order={2} fz="lg" c="teal">
          {customerMessages.uploaded}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          {customerMessages.uploadInProgress}
        </Text>
        <Group gap="sm" mt="sm">
          <Button component={Link} to={uploadsPath(segmentId)} leftSection={<IconListDetails size={16} />}>
            Uploads
          </Button>
          <Button variant="default" onClick={onAnother}>
            Upload Another File
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Upload Data (engagement.md §2.7, §4): choose a .csv → it is sent at once and the server answers
 * its headers → map system headers to the file's headers → optional dry run → Upload → success card.
 */
export function UploadFilePage({ segmentId }: { segmentId: string }) {
  const navigate = useNavigate();
  // Back returns to the page the form was opened from; opened directly, to the customers list.
  const openedDirectly = useLocation().key === 'default';
  const segments = useSegments();
  const fields = useCustomerFields();
  const sample = useDownloadSampleCsv();
  const [sendProgress, setSendProgress] = useState(0);
  const send = useSendUploadFile(setSendProgress);
  const previewCall = usePreviewUpload();
  const submit = useSubmitUpload();

  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [draft, setDraft] = useState<UploadDraft | null>(null);
  const [mapping, setMapping] = useState<HeaderMapping>({});
  const [replace, setReplace] = useState(false);
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [submitted, setSubmitted] = useState<CustomerUpload | null>(null);
  const sending = useRef<AbortController | null>(null);
  /** Bumped by every change of the mapping: a preview answered for an older mapping is dropped. */
  const mappingVersion = useRef(0);

  useEffect(() => () => sending.current?.abort(), []);

  const segment = segments.data?.find((item) => item.id === segmentId);
  const unknownSegment = segments.isSuccess && !segment;
  const headers = useMemo(() => (draft ? describeSystemHeaders(draft, fields.data) : []), [draft, fields.data]);
  const missing = unmappedMandatory(headers, mapping);
  const mappedHeaders = headers.filter((header) => mapping[header.name]);

  const reset = () => {
    sending.current?.abort();
    mappingVersion.current += 1;
    setChosen(null);
    setFileError(null);
    setDraft(null);
    setMapping({});
    setReplace(false);
    setPreview(null);
    setFormError(null);
    setShowMissing(false);
    setSubmitted(null);
  };

  const handleFile = (file: File) => {
    reset();
    setChosen({ name: file.name, size: file.size });
    const problem = csvFileProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    const controller = new AbortController();
    sending.current = controller;
    setSendProgress(0);
    send.mutate(
      { file, signal: controller.signal },
      {
        onSuccess: (answer) => {
          setDraft(answer);
          setMapping(initialMapping(answer));
        },
        onError: (error) => {
          if (isAbort(error)) setChosen(null);
          else setFileError(describeFailure(error));
        },
        onSettled: () => {
          if (sending.current === controller) sending.current = null;
        },
      },
    );
  };

  const handleMapping = (systemHeader: string, fileHeader: string) => {
    mappingVersion.current += 1;
    setMapping((previous) => ({ ...previous, [systemHeader]: fileHeader }));
    setPreview(null);
    setFormError(null);
  };

  /** The body of Preview and Upload, or null (and the reason shown) when the mapping lacks a mandatory column. */
  const readyBody = (): UploadSubmitBody | null => {
    if (!draft) return null;
    setFormError(null);
    if (missing.some((header) => header.name === 'name' || header.name === 'phoneNumber')) {
      setShowMissing(true);
      setFormError(customerMessages.mappingRequired);
      return null;
    }
    return { segmentId, replace, headerMapping: mappingRows(draft, mapping) };
  };

  const handlePreview = () => {
    const body = readyBody();
    if (!body || !draft) return;
    const version = mappingVersion.current;
    previewCall.mutate(
      { id: draft.uploadId, body },
      {
        onSuccess: (answer) => {
          if (version === mappingVersion.current) setPreview(answer);
        },
        onError: (error) => setFormError(describeFailure(error)),
      },
    );
  };

  const handleSubmit = () => {
    const body = readyBody();
    if (!body || !draft) return;
    submit.mutate(
      { id: draft.uploadId, body },
      { onSuccess: setSubmitted, onError: (error) => setFormError(describeFailure(error)) },
    );
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Tooltip label="Back">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Back"
              mt={2}
              onClick={() => void (openedDirectly ? navigate(CUSTOMERS_PATH) : navigate(-1))}
            >
              <IconArrowLeft size={20} />
            </ActionIcon>
          </Tooltip>
          <div>
            <Title order={1} fz={24}>
              Upload Data
            </Title>
            {segments.isPending ? (
              <Skeleton h={14} w={160} mt={6} />
            ) : (
              <Text c="dimmed" size="sm">
                {segment ? (
                  <>
                    Customers are added to the segment <b>{segment.name}</b>.
                  </>
                ) : (
                  'Import customers from a CSV file.'
                )}
              </Text>
            )}
          </div>
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            component={Link}
            to={uploadsPath(segmentId)}
            leftSection={<IconListDetails size={16} />}
          >
            View My Uploads
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={sample.isPending}
            onClick={() => sample.mutate()}
          >
            Download Sample
          </Button>
        </Group>
      </Group>

      {unknownSegment ? (
        <Alert color="red" variant="light" role="alert" title="This segment does not exist">
          It may have been deleted. Choose a segment on the{' '}
          <Anchor component={Link} to={CUSTOMERS_PATH} size="sm">
            Customers
          </Anchor>{' '}
          page and upload from there.
        </Alert>
      ) : null}

      {submitted ? (
        <SuccessCard upload={submitted} segmentId={segmentId} onAnother={reset} />
      ) : draft ? (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-label="Map the headers">
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <div style={{ minWidth: 0 }}>
                  <Title order={2} fz="md">
                    Map the Headers
                  </Title>
                  <Text size="sm" c="dimmed">
                    <Text span fw={500} c="var(--mantine-color-text)" style={{ wordBreak: 'break-all' }}>
                      {draft.fileName}
                    </Text>{' '}
                    · {draft.parsedHeaders.userHeaders.length} columns. Matching headers were chosen for you; change any
                    of them.
                  </Text>
                </div>
                <Button variant="subtle" size="xs" onClick={reset} disabled={submit.isPending}>
                  Choose Another File
                </Button>
              </Group>
              <HeaderMappingTable
                headers={headers}
                userHeaders={draft.parsedHeaders.userHeaders}
                mapping={mapping}
                showMissing={showMissing}
                disabled={submit.isPending}
                onChange={handleMapping}
              />
              <Checkbox
                label="Replace Existing Records"
                description="Update the customers whose phone number is already stored, instead of rejecting those rows"
                checked={replace}
                disabled={submit.isPending}
                onChange={(event) => {
                  mappingVersion.current += 1;
                  setReplace(event.currentTarget.checked);
                  setPreview(null);
                }}
              />
              {formError ? (
                <Alert color="red" variant="light" role="alert">
                  {formError}
                </Alert>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconEye size={16} />}
                  loading={previewCall.isPending}
                  disabled={submit.isPending}
                  onClick={handlePreview}
                >
                  Preview
                </Button>
                <Button
                  leftSection={<IconUpload size={16} />}
                  loading={submit.isPending}
                  disabled={unknownSegment || previewCall.isPending}
                  onClick={handleSubmit}
                >
                  Upload
                </Button>
              </Group>
            </Stack>
          </Paper>
          {preview ? <UploadPreviewPanel preview={preview} headers={mappedHeaders} /> : null}
        </>
      ) : (
        <FilePicker
          sending={send.isPending}
          progress={sendProgress}
          chosen={chosen}
          error={fileError}
          onFile={handleFile}
          onCancel={() => sending.current?.abort()}
        />
      )}
    </Stack>
  );
}
