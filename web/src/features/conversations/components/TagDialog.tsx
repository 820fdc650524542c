import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { conversationLimits, tagBody } from '@parley/contracts/conversations';
import { ApiError } from '../../../lib/api-client';

interface TagDialogProps {
  opened: boolean;
  loading: boolean;
  onSubmit: (value: { tag: string; note: string }) => Promise<unknown>;
  onClose: () => void;
}

/** Tags the chat with a note (platform §3.4), checked with the contract's schema. */
export function TagDialog({ opened, loading, onSubmit, onClose }: TagDialogProps) {
  const [tag, setTag] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ tag?: string; note?: string; form?: string }>({});

  const handleClose = () => {
    setTag('');
    setNote('');
    setErrors({});
    onClose();
  };
  const handleSubmit = () => {
    const parsed = tagBody.safeParse({ tag, note });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'note' ? 'note' : 'tag';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    onSubmit({ tag: parsed.data.tag, note: parsed.data.note }).then(handleClose, (failure: unknown) =>
      setErrors({
        tag: failure instanceof ApiError ? failure.fieldErrors?.tag : undefined,
        form: failure instanceof Error ? failure.message : 'The tag could not be added',
      }),
    );
  };
  return (
    <Modal opened={opened} onClose={handleClose} title="Tag Chat" centered>
      <Stack gap="sm">
        <TextInput
          label="Tag"
          withAsterisk
          maxLength={conversationLimits.tagMax}
          value={tag}
          onChange={(event) => setTag(event.currentTarget.value)}
          error={errors.tag}
          data-autofocus
        />
        <Textarea
          label="Note"
          maxLength={conversationLimits.noteMax}
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note ?? (errors.form && !errors.tag ? errors.form : undefined)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose} disabled={loading}>
            Cancel
          </Button>
          <Button onClick={handleSubmit} loading={loading}>
            Add Tag
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
