import { useRef, useState, type ChangeEvent } from 'react';
import { ActionIcon, Button, Group, Paper, Progress, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { agentLimits, agentMessages, type AgentDocument } from '@parley/contracts/agents';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/toast';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { useUploadAgentDocuments } from '../../api/upload-agent-documents';
import { useDeleteAgentDocument } from '../../api/delete-agent-document';
import { formatAgentDate } from '../agent-dates';
import { formatDocumentSize } from './document-size';
import { CloseIcon, FileIcon, TrashIcon, UploadIcon } from './settings-icons';

const isPdfName = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** The server's words for a refused upload, or the spec's 'File Selection Failed' when it never answered. */
function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) return error.message;
  return agentMessages.fileSelectionFailed;
}

/**
 * The documents panel of the knowledge base (agents.md §2.7, §4 "Files"): choose PDFs, remove or
 * upload them (one or all, with progress), and delete uploaded ones after a confirmation.
 */
export function DocumentsPanel({
  agentId,
  enabled,
  onEnabledChange,
  documents,
  error,
  disabled,
}: {
  agentId: string;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  documents: AgentDocument[];
  error?: string;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AgentDocument | null>(null);
  const upload = useUploadAgentDocuments(agentId, setProgress);
  const remove = useDeleteAgentDocument(agentId);
  const off = !enabled || disabled;

  const taken = (name: string, among: File[]) =>
    documents.some((doc) => doc.fileName.toLowerCase() === name.toLowerCase()) ||
    among.some((file) => file.name.toLowerCase() === name.toLowerCase());

  const handleChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    const next = [...chosen];
    for (const file of picked) {
      if (!isPdfName(file)) {
        showToast(`"${file.name}": ${agentMessages.notPdf}`, { tone: 'error' });
        continue;
      }
      if (taken(file.name, next)) {
        showToast(agentMessages.fileExists(file.name), { tone: 'error' });
        continue;
      }
      if (file.size > agentLimits.documentMaxBytes) {
        showToast(`"${file.name}" is larger than ${formatDocumentSize(agentLimits.documentMaxBytes)}`, {
          tone: 'error',
        });
        continue;
      }
      if (file.size === 0) {
        showToast(`"${file.name}" is empty`, { tone: 'error' });
        continue;
      }
      next.push(file);
    }
    setChosen(next);
  };

  const handleUpload = (files: File[]) => {
    if (files.length === 0 || upload.isPending) return;
    setProgress(0);
    upload.mutate(files, {
      onSuccess: (uploaded) => {
        setChosen((current) => current.filter((file) => !files.includes(file)));
        showToast(
          uploaded.length === 1 ? `"${uploaded[0]!.fileName}" uploaded` : `${uploaded.length} documents uploaded`,
          { tone: 'success' },
        );
      },
      onError: (failure) => showToast(uploadFailure(failure), { tone: 'error' }),
      onSettled: () => setProgress(null),
    });
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showToast(agentMessages.fileRemoved, { tone: 'success' });
        setDeleting(null);
      },
      onError: () => setDeleting(null),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Documents">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4} size="h5">
            Documents
          </Title>
          <Switch
            label="Get knowledge base from Documents"
            checked={enabled}
            disabled={disabled}
            onChange={(event) => onEnabledChange(event.currentTarget.checked)}
          />
        </Group>
        <Group gap="sm" align="center">
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            multiple
            hidden
            aria-label="Choose PDF documents"
            onChange={handleChoose}
            disabled={off}
          />
          <Button variant="default" disabled={off || upload.isPending} onClick={() => input.current?.click()}>
            Choose file
          </Button>
          {chosen.length === 0 ? (
            <Text size="sm" c="dimmed">
              {agentMessages.onlyPdf}
            </Text>
          ) : (
            <Button
              leftSection={<UploadIcon />}
              disabled={off}
              loading={upload.isPending}
              onClick={() => handleUpload(chosen)}
            >
              Upload All
            </Button>
          )}
        </Group>
        {progress !== null ? (
          <Progress value={Math.round(progress * 100)} animated aria-label="Upload progress" size="sm" />
        ) : null}
        {chosen.length > 0 ? (
          <Stack gap={4} component="ul" aria-label="Chosen files" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {chosen.map((file) => (
              <Group
                key={file.name}
                component="li"
                justify="space-between"
                wrap="nowrap"
                px="sm"
                py={6}
                bg="yellow.0"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text c="dimmed" component="span" style={{ display: 'flex' }}>
                    <FileIcon />
                  </Text>
                  <Text size="sm" truncate="end" title={file.name}>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDocumentSize(file.size)} · not uploaded
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Upload">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Upload ${file.name}`}
                      disabled={off || upload.isPending}
                      onClick={() => handleUpload([file])}
                    >
                      <UploadIcon />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove from the selection">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove ${file.name} from the selection`}
                      disabled={upload.isPending}
                      onClick={() => setChosen((current) => current.filter((other) => other !== file))}
                    >
                      <CloseIcon />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            ))}
          </Stack>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Text size="sm" fw={500} mt="xs">
          Uploaded Documents
        </Text>
        {documents.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No document uploaded yet
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            aria-label="Uploaded documents"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {documents.map((doc) => (
              <Group
                key={doc.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                px="sm"
                py={6}
                bg="gray.0"
                style={{ borderRadius: 'var(--mantine-radius-sm)', opacity: enabled ? 1 : 0.6 }}
              >
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text c="red.7" component="span" style={{ display: 'flex' }}>
                    <FileIcon />
                  </Text>
                  <Text size="sm" truncate="end" title={doc.fileName}>
                    {doc.fileName}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDocumentSize(doc.size)} · {formatAgentDate(doc.createdAt)}
                  </Text>
                </Group>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${doc.fileName}`}
                    disabled={off}
                    onClick={() => setDeleting(doc)}
                  >
                    <TrashIcon />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Document"
        message={`Delete "${deleting?.fileName ?? ''}" from this agent's knowledge base? This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
