import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { templateStatuses, type Template } from '@parley/contracts/templates';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useSetTemplateStatus } from '../api/set-template-status';

type Status = (typeof templateStatuses)[number];

/** Record status: for vendors without a template API, the decision read in the vendor's portal. */
export function RecordStatusDialog({ template, onClose }: { template: Template; onClose: () => void }) {
  const [status, setStatus] = useState<Status>(
    (templateStatuses as readonly string[]).includes(template.status) ? (template.status as Status) : 'APPROVED',
  );
  const [reason, setReason] = useState(template.reason ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSetTemplateStatus();
  const needsReason = status === 'REJECTED' || status === 'PAUSED' || status === 'DISABLED';

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    save.mutate(
      { id: template.id, body: { status, reason: needsReason ? reason.trim() : '' } },
      {
        onSuccess: () => {
          showToast(`${template.name} is now ${status}`, { tone: 'success' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
          setFailure(describeFailure(error));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Record Status: ${template.name}`} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {template.channelName}&apos;s vendor has no template API. Record the decision shown in the vendor&apos;s
            portal.
          </Text>
          <Select
            label="Status"
            data={templateStatuses.map((value) => ({ value, label: value }))}
            value={status}
            allowDeselect={false}
            error={errors.status}
            onChange={(value) => value && setStatus(value as Status)}
          />
          {needsReason ? (
            <Textarea
              label="Reason"
              description="As the vendor gave it"
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              error={errors.reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          ) : null}
          <FormErrorAlert message={failure} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
