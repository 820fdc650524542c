import { useState, type FormEvent, type MouseEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import {
  conversationLimits,
  conversationMessages,
  quickReplyBody,
  type QuickReply,
} from '@parley/contracts/conversations';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { validateWithSchema, type FieldErrors } from '../../../lib/form-validation';
import { showToast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCreateQuickReply } from '../api/create-quick-reply';
import { useUpdateQuickReply } from '../api/update-quick-reply';

interface QuickReplyDialogProps {
  /** The reply to edit; null adds one. */
  editing: QuickReply | null;
  onClose: () => void;
}

type Field = 'shortcut' | 'text';

const keepFocus = (event: MouseEvent) => event.preventDefault();

/** Add or edit a quick reply: the shortcut agents type after '/', and the text it inserts. */
export function QuickReplyDialog({ editing, onClose }: QuickReplyDialogProps) {
  const [values, setValues] = useState({ shortcut: editing?.shortcut ?? '', text: editing?.text ?? '' });
  const [edited, setEdited] = useState<ReadonlySet<Field>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateQuickReply();
  const update = useUpdateQuickReply();
  const saving = create.isPending || update.isPending;
  const clientErrors = validateWithSchema(quickReplyBody, values);
  const errorFor = (field: Field) =>
    serverErrors[field] ?? (submitted || touched.has(field) ? clientErrors[field] : undefined);

  const set = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    setEdited((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
  };
  const touch = (field: Field) => {
    if (edited.has(field) && !touched.has(field)) setTouched((previous) => new Set(previous).add(field));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(clientErrors).length > 0) return;
    const body = { shortcut: values.shortcut.trim(), text: values.text.trim() };
    const callbacks = {
      onSuccess: () => {
        showToast(conversationMessages.quickReplySaved, { tone: 'success' });
        onClose();
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.fieldErrors) setServerErrors(error.fieldErrors);
        else setFailure(describeFailure(error));
      },
    };
    if (editing) update.mutate({ id: editing.id, body }, callbacks);
    else create.mutate(body, callbacks);
  };

  const title = editing ? `Edit /${editing.shortcut}` : 'Add Quick Reply';
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form onSubmit={handleSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="Shortcut"
            description="Agents type / and the shortcut to insert the reply: letters, digits, - and _"
            withAsterisk
            data-autofocus
            leftSection={<span aria-hidden>/</span>}
            maxLength={conversationLimits.quickReplyShortcutMax}
            value={values.shortcut}
            error={errorFor('shortcut')}
            // A leading '/' typed out of habit is not part of the shortcut.
            onChange={(event) => set('shortcut', event.currentTarget.value.replace(/^\/+/, ''))}
            onBlur={() => touch('shortcut')}
          />
          <Textarea
            label="Reply Text"
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            maxLength={conversationLimits.quickReplyTextMax}
            value={values.text}
            error={errorFor('text')}
            onChange={(event) => set('text', event.currentTarget.value)}
            onBlur={() => touch('text')}
          />
          <FormErrorAlert message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving} onMouseDown={keepFocus}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} onMouseDown={keepFocus}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
