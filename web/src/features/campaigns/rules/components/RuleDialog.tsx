import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormErrorAlert } from '../../../../components/FormErrorAlert';
import { ApiError, isSessionEndingError } from '../../../../lib/api-client';
import { describeFailure } from '../../../../lib/failure-message';
import { mapFieldErrors, type FieldErrors } from '../../../../lib/form-validation';

interface RuleDialogProps {
  title: string;
  saving: boolean;
  failure: string | null;
  onSubmit: () => void;
  onClose: () => void;
  /** The rule's Enabled switch, which every kind of rule has, below its own fields. */
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  children: ReactNode;
  size?: string;
}

/** The add / edit dialog of a protection rule: its fields, Enabled, the server's refusal, Cancel and Save. */
export function RuleDialog({
  title,
  saving,
  failure,
  onSubmit,
  onClose,
  enabled,
  onEnabledChange,
  children,
  size = 'md',
}: RuleDialogProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered size={size}>
      <form onSubmit={handleSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
          <Switch
            label="Enabled"
            checked={enabled}
            onChange={(event) => onEnabledChange(event.currentTarget.checked)}
          />
          <FormErrorAlert message={failure} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A rule's Name field, first in its dialog. */
export function RuleNameInput({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (name: string) => void;
}) {
  return (
    <TextInput
      label="Name"
      withAsterisk
      maxLength={100}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-autofocus
    />
  );
}

/**
 * What a failed save shows: the server's messages beside their fields, or its message above the
 * buttons when no field is named.
 */
export function saveFailure(error: unknown): { fieldErrors: FieldErrors; failure: string | null } | null {
  if (isSessionEndingError(error)) return null;
  const fieldErrors = error instanceof ApiError ? mapFieldErrors(error.fieldErrors) : {};
  return Object.keys(fieldErrors).length > 0
    ? { fieldErrors, failure: null }
    : { fieldErrors: {}, failure: describeFailure(error) };
}
