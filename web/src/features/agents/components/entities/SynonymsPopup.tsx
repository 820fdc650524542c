import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { entityLimits, entityMessages } from '@parley/contracts/agent-entities';

interface SynonymsPopupProps {
  opened: boolean;
  /** The row's value: the popup's title. */
  value: string;
  synonyms: string[];
  onClose: () => void;
  /** The non-blank entries, in order. */
  onApply: (synonyms: string[]) => void;
}

/** Height of one entry (input and gap): the list scrolls past `popupVisible` entries. */
const ENTRY_HEIGHT = 44;

/** The synonyms of one value (agents.md §2.5): edit, delete and add entries, then Add writes them back. */
export function SynonymsPopup({ opened, value, synonyms, onClose, onApply }: SynonymsPopupProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={value}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close synonyms' }}
    >
      {/* Mounted only while open, so every opening starts from the row's current synonyms. */}
      {opened ? <SynonymsEditor synonyms={synonyms} onClose={onClose} onApply={onApply} /> : null}
    </Modal>
  );
}

function SynonymsEditor({ synonyms, onClose, onApply }: Omit<SynonymsPopupProps, 'opened' | 'value'>) {
  const [items, setItems] = useState<string[]>(synonyms);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);

  const handleAdd = () => {
    const text = draft.trim();
    if (!text) {
      setDraftError(entityMessages.emptySynonym);
      return;
    }
    if (text.includes(',')) {
      setDraftError('A synonym cannot contain a comma');
      return;
    }
    if (items.some((item) => item.trim().toLowerCase() === text.toLowerCase())) {
      setDraftError('This synonym is already in the list');
      return;
    }
    setItems([...items, text]);
    setDraft('');
    setDraftError(null);
  };

  const handleDraftKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAdd();
    }
  };

  const handleApply = () => {
    const kept = [...items, draft]
      .map((item) => item.replaceAll(',', ' ').trim())
      .filter(Boolean)
      .filter((item, index, all) => all.findIndex((other) => other.toLowerCase() === item.toLowerCase()) === index);
    onApply(kept);
  };

  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No synonyms yet. Add the other ways users write this value.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={ENTRY_HEIGHT * entityLimits.popupVisible} type="auto" offsetScrollbars>
          <Stack gap={8} role="list" aria-label="Synonyms">
            {items.map((item, index) => (
              <Group key={index} gap="xs" wrap="nowrap" role="listitem">
                <TextInput
                  flex={1}
                  aria-label={`Synonym ${index + 1}`}
                  value={item}
                  maxLength={entityLimits.synonymMax}
                  onChange={(event) => {
                    const next = [...items];
                    next[index] = event.currentTarget.value;
                    setItems(next);
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Delete synonym ${index + 1}`}
                  onClick={() => setItems(items.filter((_, position) => position !== index))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}

      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          flex={1}
          aria-label="New synonym"
          placeholder="Add a synonym"
          value={draft}
          maxLength={entityLimits.synonymMax}
          error={draftError}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setDraftError(null);
          }}
          onKeyDown={handleDraftKey}
          data-autofocus
        />
        <ActionIcon variant="light" size="lg" mt={1} aria-label="Add synonym" onClick={handleAdd}>
          <IconPlus size={18} />
        </ActionIcon>
      </Group>

      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={handleApply}>Add</Button>
      </Group>
    </Stack>
  );
}
