import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { customerLimits, customerMessages } from '@parley/contracts/customer-master';
import { ApiError } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/failure-message';
import { showToast } from '../../../lib/toast';

interface NameFormProps {
  label: string;
  /** Saves the trimmed name; resolves when saved, rejects with the server's refusal. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

function NameForm({ label, onSave, onClose }: NameFormProps) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const trimmed = name.trim();
  const invalid = trimmed === '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || saving) return;
    setSaving(true);
    onSave(trimmed)
      .then(onClose)
      .catch((error: unknown) => {
        const message =
          error instanceof ApiError ? (error.fieldErrors?.name ?? describeFailure(error)) : describeFailure(error);
        setServerError(message);
        showToast(message, { tone: 'error' });
      })
      .finally(() => setSaving(false));
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={label}
          withAsterisk
          data-autofocus
          maxLength={customerLimits.segmentNameMax}
          value={name}
          error={serverError ?? (touched && invalid ? customerMessages.required : undefined)}
          onChange={(event) => {
            // The message shows as soon as the name is typed blank, not on blur: a message
            // appearing on blur would move Cancel from under the pointer mid-click.
            setName(event.currentTarget.value);
            setTouched(true);
            setServerError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={invalid} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create segment ('Segment Name') or create group ('Group Name'): a name, trimmed and required. */
export function NameDialog({ opened, title, ...form }: NameFormProps & { opened: boolean; title: string }) {
  return (
    <Modal opened={opened} onClose={form.onClose} title={title} centered size="sm">
      {/* Mounted only while open, so the form starts empty every time (engagement.md §4). */}
      {opened ? <NameForm {...form} /> : null}
    </Modal>
  );
}

interface PickFormProps {
  label: string;
  options: { value: string; label: string }[];
  loading?: boolean;
  /** Shown in the options when there is nothing to choose. */
  emptyMessage: string;
  /** What the user acts on, e.g. '3 customers selected'. */
  description: string;
  onSave: (ids: string[]) => Promise<unknown>;
  onClose: () => void;
}

function PickForm({ label, options, loading = false, emptyMessage, description, onSave, onClose }: PickFormProps) {
  const [ids, setIds] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const invalid = ids.length === 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || saving) return;
    setSaving(true);
    // A refusal is toasted by the mutation cache; the dialog stays open to try again.
    onSave(ids)
      .then(onClose)
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <MultiSelect
          label={label}
          description={description}
          withAsterisk
          data-autofocus
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={loading ? 'Loading…' : options.length === 0 ? emptyMessage : 'Nothing found'}
          data={options}
          value={ids}
          error={touched && invalid ? customerMessages.selectOne : undefined}
          onChange={(next) => {
            setIds(next);
            setTouched(true);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={invalid} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Move Group / Attach Label: at least one group or segment for the checked customers. */
export function PickDialog({ opened, title, ...form }: PickFormProps & { opened: boolean; title: string }) {
  return (
    <Modal opened={opened} onClose={form.onClose} title={title} centered size="md">
      {opened ? <PickForm {...form} /> : null}
    </Modal>
  );
}
