import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Checkbox, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconSparkles, IconTag, IconTrash, IconX } from '@tabler/icons-react';
import { intentMessages, phraseKey } from '@parley/contracts/agent-stories';
import { nluMessages } from '@parley/contracts/nlu';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { showToast } from '../../../../lib/toast';
import { useAgentDetails } from '../agent-details-context';
import { GeneratePhrasesModal } from './GeneratePhrasesModal';
import { addPhrase, editPhrase, removePhrase, type IntentDraft } from './intent-draft';
import { PhraseText } from './PhraseText';
import classes from './intents.module.css';

interface TrainingPhrasesProps {
  draft: IntentDraft;
  onChange: (change: (draft: IntentDraft) => IntentDraft) => void;
  /** The user selected [start, end) inside phrase `index`: open the entity picker. */
  onSelectText: (index: number, start: number, end: number) => void;
  /** The stored intent's name, for Auto generate; null for a new intent. */
  intentName?: string | null;
}

/** Adds generated phrases at the top of the draft; ones that became duplicates meanwhile are skipped. */
export function addPhrases(draft: IntentDraft, phrases: string[]): { draft: IntentDraft; added: number } {
  let next = draft;
  let added = 0;
  for (const phrase of [...phrases].reverse()) {
    const result = addPhrase(next, phrase);
    if (result?.draft) {
      next = result.draft;
      added += 1;
    }
  }
  return { draft: next, added };
}

const isSubmit = (event: React.KeyboardEvent) =>
  event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;

/** The Training phrases tab: add with Ctrl+Enter, edit in place, delete behind a confirm, tag by selecting. */
export function TrainingPhrases({ draft, onChange, onSelectText, intentName = null }: TrainingPhrasesProps) {
  const { agent } = useAgentDetails();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ index: number; text: string; error: string | null } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const editInput = useRef<HTMLInputElement>(null);
  /** Phrases ticked for Auto generate, by their key (indexes move as phrases are added). */
  const [selectedKeys, setSelectedKeys] = useState<Set<string>>(new Set());
  const [generating, setGenerating] = useState<string[] | null>(null);
  /** Each opening of Auto generate is a fresh modal (its own candidates and ticks). */
  const [generateRound, setGenerateRound] = useState(0);
  const selected = useMemo(
    () => draft.phrases.filter((phrase) => selectedKeys.has(phraseKey(phrase.utterance))).map((p) => p.utterance),
    [draft.phrases, selectedKeys],
  );
  const allSelected = draft.phrases.length > 0 && selected.length === draft.phrases.length;

  const toggleSelected = (utterance: string, on: boolean) =>
    setSelectedKeys((current) => {
      const next = new Set(current);
      if (on) next.add(phraseKey(utterance));
      else next.delete(phraseKey(utterance));
      return next;
    });

  const handleAutoGenerate = () => {
    if (selected.length === 0) {
      showToast(nluMessages.selectPhrase, { tone: 'error', id: 'auto-generate-select' });
      return;
    }
    setGenerateRound((round) => round + 1);
    setGenerating(selected);
  };

  const handleGenerated = (phrases: string[]) => {
    const result = addPhrases(draft, phrases);
    const next = result.draft;
    if (result.added > 0) onChange(() => next);
    setGenerating(null);
    showToast(result.added === 1 ? '1 training phrase added' : `${result.added} training phrases added`, {
      tone: result.added > 0 ? 'success' : 'info',
    });
  };

  /** The keyboard way to tag: select words in the edit box (Shift+arrows), then Tag selected words. */
  const handleTagSelection = () => {
    if (!editing) return;
    const phrase = draft.phrases[editing.index];
    const input = editInput.current;
    if (!phrase || !input) return;
    if (editing.text !== phrase.utterance) {
      setEditing({ ...editing, error: 'Save the edited phrase first, then tag words in it' });
      return;
    }
    let start = input.selectionStart ?? 0;
    let end = input.selectionEnd ?? 0;
    while (start < end && /\s/.test(phrase.utterance[start]!)) start += 1;
    while (end > start && /\s/.test(phrase.utterance[end - 1]!)) end -= 1;
    if (end <= start) {
      setEditing({ ...editing, error: 'Select the words to tag first' });
      return;
    }
    setEditing(null);
    onSelectText(editing.index, start, end);
  };

  const handleAdd = () => {
    const result = addPhrase(draft, text);
    if (!result) return;
    if (result.error !== undefined) {
      setError(result.error);
      return;
    }
    const next = result.draft;
    onChange(() => next);
    setText('');
    setError(null);
  };

  const handleEditSave = () => {
    if (!editing) return;
    const result = editPhrase(draft, editing.index, editing.text);
    if (!result) return;
    if (result.error !== undefined) {
      setEditing({ ...editing, error: result.error });
      return;
    }
    const next = result.draft;
    onChange(() => next);
    setEditing(null);
  };

  const handleDelete = () => {
    if (deleting === null) return;
    onChange((value) => removePhrase(value, deleting));
    if (editing?.index === deleting) setEditing(null);
    setDeleting(null);
    showToast(intentMessages.phraseDeleted, { tone: 'success' });
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Add Training Phrase"
        placeholder="What might a customer say?"
        description="Press Ctrl+Enter to add. Select words in a phrase to tag an entity."
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (isSubmit(event)) {
            event.preventDefault();
            handleAdd();
          }
        }}
        rightSection={
          <ActionIcon variant="subtle" aria-label="Add phrase" onClick={handleAdd} disabled={!text.trim()}>
            <IconPlus size={16} />
          </ActionIcon>
        }
      />
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Checkbox
            aria-label="Select all training phrases"
            size="xs"
            checked={allSelected}
            indeterminate={selected.length > 0 && !allSelected}
            disabled={draft.phrases.length === 0}
            onChange={(event) =>
              setSelectedKeys(
                event.currentTarget.checked
                  ? new Set(draft.phrases.map((phrase) => phraseKey(phrase.utterance)))
                  : new Set(),
              )
            }
          />
          <Text size="sm" fw={500}>
            Training Phrases
          </Text>
          <Badge variant="light" color="gray">
            {draft.phrases.length}
          </Badge>
        </Group>
        <Tooltip label="Write new phrases like the selected ones" openDelay={400}>
          <Button
            size="compact-sm"
            variant="light"
            color="violet"
            leftSection={<IconSparkles size={14} />}
            onClick={handleAutoGenerate}
          >
            Auto Generate{selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
        </Tooltip>
      </Group>
      {draft.phrases.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          No training phrases yet
        </Text>
      ) : (
        <Box role="list" aria-label="Training phrases">
          {draft.phrases.map((phrase, index) => (
            <Box role="listitem" key={`${index}:${phrase.utterance}`} className={classes.phraseRow}>
              {editing?.index === index ? (
                <TextInput
                  ref={editInput}
                  aria-label="Edit training phrase"
                  description="Enter saves, Escape cancels. Select words here and press the tag button to tag an entity."
                  value={editing.text}
                  error={editing.error}
                  autoFocus
                  onChange={(event) => setEditing({ ...editing, text: event.currentTarget.value, error: null })}
                  onKeyDown={(event) => {
                    if (isSubmit(event)) {
                      event.preventDefault();
                      handleEditSave();
                    } else if (event.key === 'Escape') setEditing(null);
                  }}
                  rightSectionWidth={92}
                  rightSection={
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="blue"
                        aria-label="Tag selected words"
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={handleTagSelection}
                      >
                        <IconTag size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="teal" aria-label="Save phrase" onClick={handleEditSave}>
                        <IconCheck size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label="Cancel editing"
                        onClick={() => setEditing(null)}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </Group>
                  }
                />
              ) : (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Checkbox
                    size="xs"
                    mt={5}
                    aria-label={`Select training phrase "${phrase.utterance}"`}
                    checked={selectedKeys.has(phraseKey(phrase.utterance))}
                    onChange={(event) => toggleSelected(phrase.utterance, event.currentTarget.checked)}
                  />
                  <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                    <PhraseText
                      text={phrase.utterance}
                      refs={phrase.entityRefs}
                      onSelectText={(start, end) => onSelectText(index, start, end)}
                    />
                  </Text>
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit training phrase "${phrase.utterance}"`}
                      onClick={() => setEditing({ index, text: phrase.utterance, error: null })}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete training phrase "${phrase.utterance}"`}
                      onClick={() => setDeleting(index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Box>
          ))}
        </Box>
      )}
      <GeneratePhrasesModal
        key={generateRound}
        opened={generating !== null}
        agentId={agent.id}
        intentName={intentName}
        lines={generating ?? []}
        existing={draft.phrases.map((phrase) => phrase.utterance)}
        onAdd={handleGenerated}
        onClose={() => setGenerating(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Training Phrase"
        message={`Delete "${deleting !== null ? (draft.phrases[deleting]?.utterance ?? '') : ''}"? The change is kept when you save the intent.`}
        confirmLabel="Delete"
        danger
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
