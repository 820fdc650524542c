import { Button, Group, Modal, Stack } from '@mantine/core';
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
  children: ReactNode;
  size?: string;
}

/** The add / edit dialog of a protection rule: its fields, the server's refusal, Cancel and Save. */
export function RuleDialog({ title, saving, failure, onSubmit, onClose, children, size = 'md' }: RuleDialogProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered size={size}>
      <form onSubmit={handleSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
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
