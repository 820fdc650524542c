import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router';

interface UnsavedChangesGuardOptions {
  /**
   * Saves the form for the dialog's 'Save' button; resolves true when the save succeeded (the
   * user then leaves), false when it did not (the user stays and sees the form's errors).
   * Without it the dialog offers only Discard and Stay.
   */
  onSave?: () => Promise<boolean>;
  /** Runs on 'Discard' before leaving (e.g. to reset an in-page draft). */
  onDiscard?: () => void;
}

export interface UnsavedChangesGuard {
  /** Runs an in-page exit (another item in the same screen, the form's own Back): asks first when dirty. */
  confirmLeave(leave: () => void): void;
  /** Lets the next navigation through without asking (e.g. to the record the form just created). */
  allowNextNavigation(): void;
  /** The dialog; render it once beside the form. */
  dialog: React.ReactNode;
}

/** An in-page exit waiting for the user's answer (a blocked navigation waits in the router). */
type Pending = { leave: () => void } | null;

/**
 * One guard for every editor: while `dirty`, leaving through a link, the side menu, a tab or the
 * browser's Back asks 'Save / Discard / Stay' (the router's blocker), and reloading or closing the
 * tab gets the browser's own prompt (beforeunload).
 */
export function useUnsavedChangesGuard(dirty: boolean, options: UnsavedChangesGuardOptions = {}): UnsavedChangesGuard {
  const dirtyRef = useRef(dirty);
  const bypassRef = useRef(false);
  const optionsRef = useRef(options);
  useEffect(() => {
    dirtyRef.current = dirty;
    optionsRef.current = options;
  });
  const [pending, setPending] = useState<Pending>(null);
  const [saving, setSaving] = useState(false);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (bypassRef.current) {
      bypassRef.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);

  const asking = pending !== null || blocker.state === 'blocked';
  const leave = () => {
    setPending(null);
    if (blocker.state === 'blocked') blocker.proceed();
    else pending?.leave();
  };

  const stay = () => {
    if (saving) return;
    setPending(null);
    if (blocker.state === 'blocked') blocker.reset();
  };

  const discard = () => {
    if (!asking) return;
    optionsRef.current.onDiscard?.();
    dirtyRef.current = false;
    leave();
  };

  const save = async () => {
    const onSave = optionsRef.current.onSave;
    if (!asking || !onSave) return;
    setSaving(true);
    const saved = await onSave().finally(() => setSaving(false));
    if (!saved) {
      setPending(null);
      if (blocker.state === 'blocked') blocker.reset();
      return;
    }
    dirtyRef.current = false;
    leave();
  };

  const confirmLeave = useCallback((action: () => void) => {
    if (dirtyRef.current) setPending({ leave: action });
    else action();
  }, []);
  const allowNextNavigation = useCallback(() => {
    bypassRef.current = true;
  }, []);

  const dialog = (
    <UnsavedChangesDialog
      opened={asking}
      saving={saving}
      onSave={options.onSave ? () => void save() : undefined}
      onDiscard={discard}
      onStay={stay}
    />
  );
  return { confirmLeave, allowNextNavigation, dialog };
}

interface UnsavedChangesDialogProps {
  opened: boolean;
  saving: boolean;
  onSave?: () => void;
  onDiscard: () => void;
  onStay: () => void;
}

/** 'You have unsaved changes': Save (then leave), Discard (leave), Stay. */
export function UnsavedChangesDialog({ opened, saving, onSave, onDiscard, onStay }: UnsavedChangesDialogProps) {
  return (
    <Modal opened={opened} onClose={onStay} title="Unsaved Changes" centered size="md">
      <Text size="sm">
        {onSave
          ? 'You have changes that are not saved yet. Save them before you leave, or discard them?'
          : 'You have changes that are not saved yet. Leave and discard them?'}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onStay} disabled={saving} data-autofocus>
          Stay
        </Button>
        <Button variant="light" color="red" onClick={onDiscard} disabled={saving}>
          Discard
        </Button>
        {onSave ? (
          <Button onClick={onSave} loading={saving}>
            Save
          </Button>
        ) : null}
      </Group>
    </Modal>
  );
}
