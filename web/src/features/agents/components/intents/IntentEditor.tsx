import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft } from '@tabler/icons-react';
import { intentLimits, intentMessages, type IntentDetails } from '@parley/contracts/agent-stories';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/toast';
import { useUnsavedChangesGuard } from '../../../../components/UnsavedChangesGuard';
import { useCreateIntent } from '../../api/create-intent';
import { useEntityOptions } from '../../api/get-entity-options';
import { useUpdateIntent } from '../../api/update-intent';
import { useAgentDetails } from '../agent-details-context';
import { EntityPicker } from './EntityPicker';
import { ParametersTable } from './ParametersTable';
import { ResponseEditor } from './ResponseEditor';
import { TrainingPhrases } from './TrainingPhrases';
import { tagEntity, toIntentBody, untagEntity, validateDraft } from './intent-draft';
import { useIntentDraft } from './use-intent-draft';
import classes from './intents.module.css';

interface IntentEditorProps {
  agentId: string;
  storyId: string;
  storyName: string;
  /** The stored intent, or null for a new one. */
  stored: IntentDetails | null;
  onBack: () => void;
  onCreated: (intent: IntentDetails) => void;
}

/** The text a failed save shows: the server's field message when it gave one, else its message. */
function saveErrorText(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.fieldErrors ?? {})[0] ?? error.message;
  return intentMessages.nameRequiredOnSave;
}

/**
 * The middle card (name, Create/Save, Back, Discard, Training phrases and Response tabs) and the
 * right card (Entities) for one intent. While it holds unsaved changes, every way out (side menu,
 * tabs, Back, another intent, the browser's Back) asks Save / Discard / Stay, and the browser warns
 * before unloading.
 */
export function IntentEditor({ agentId, storyId, storyName, stored, onBack, onCreated }: IntentEditorProps) {
  const { setUnsaved, registerLeaveGuard } = useAgentDetails();
  const { draft, unsaved, update, discard } = useIntentDraft(stored);
  const create = useCreateIntent(agentId);
  const save = useUpdateIntent(agentId);
  const entityOptions = useEntityOptions(agentId);
  const [picking, setPicking] = useState<{ index: number; start: number; end: number } | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const saving = create.isPending || save.isPending;

  useEffect(() => {
    setUnsaved(unsaved);
  }, [unsaved, setUnsaved]);
  useEffect(() => () => setUnsaved(false), [setUnsaved]);

  const entityNames = useMemo(
    () => new Map((entityOptions.data?.options ?? []).map((option) => [option.id, option.name])),
    [entityOptions.data],
  );

  /** Saves (or creates) the intent; resolves whether it worked, for the unsaved-changes dialog. */
  const saveDraft = async (): Promise<boolean> => {
    const problem = validateDraft(draft);
    if (problem) {
      if (problem === intentMessages.nameEmpty) setNameError(problem);
      showToast(problem, { tone: 'error' });
      return false;
    }
    const body = toIntentBody(draft);
    try {
      if (stored) {
        await save.mutateAsync({ storyId, intentId: stored.id, body });
        showToast(intentMessages.intentSaved, { tone: 'success' });
      } else {
        const intent = await create.mutateAsync({ storyId, body });
        showToast(intentMessages.intentCreated, { tone: 'success' });
        setUnsaved(false);
        onCreated(intent);
      }
      return true;
    } catch (error) {
      showToast(saveErrorText(error), { tone: 'error' });
      return false;
    }
  };
  const handleSave = () => void saveDraft();

  const handleDiscard = () => {
    discard();
    setNameError(null);
  };
  const leaveGuard = useUnsavedChangesGuard(unsaved, { onSave: saveDraft, onDiscard: handleDiscard });
  const { confirmLeave } = leaveGuard;
  useEffect(() => {
    registerLeaveGuard(confirmLeave);
    return () => registerLeaveGuard(null);
  }, [confirmLeave, registerLeaveGuard]);

  const pickingPhrase = picking ? draft.phrases[picking.index] : undefined;
  const overlapping =
    picking && pickingPhrase
      ? pickingPhrase.entityRefs.filter((ref) => picking.start < ref.entityEndPos && picking.end > ref.entityStartPos)
      : [];

  return (
    <>
      <Grid.Col span={{ base: 24, md: 14, lg: 17, xl: 8 }}>
        <Paper withBorder radius="md" p="md" className={classes.card} component="section" aria-label="Intent editor">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Tooltip label="Back">
                  <ActionIcon variant="subtle" color="gray" aria-label="Back" onClick={onBack}>
                    <IconArrowLeft size={18} />
                  </ActionIcon>
                </Tooltip>
                <div style={{ minWidth: 0 }}>
                  <Title order={2} fz="md" lineClamp={1}>
                    {stored ? stored.name : 'New Intent'}
                  </Title>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    in {storyName}
                  </Text>
                </div>
                {unsaved && (
                  <Badge color="yellow" variant="light" size="sm">
                    Unsaved
                  </Badge>
                )}
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Tooltip label="Discard changes">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Discard changes"
                    onClick={handleDiscard}
                    disabled={!unsaved || saving}
                  >
                    <IconArrowBackUp size={18} />
                  </ActionIcon>
                </Tooltip>
                <Button onClick={handleSave} loading={saving}>
                  {stored ? 'Save' : 'Create'}
                </Button>
              </Group>
            </Group>
            <TextInput
              label="Intent Name"
              placeholder="e.g. book_flight"
              value={draft.name}
              maxLength={intentLimits.nameMax}
              error={nameError}
              onChange={(event) => {
                const name = event.currentTarget.value;
                update((value) => ({ ...value, name }));
                setNameError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  handleSave();
                }
              }}
            />
            <Tabs defaultValue="phrases" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="phrases">Training Phrases</Tabs.Tab>
                <Tabs.Tab value="response">Response</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="phrases" pt="sm">
                <TrainingPhrases
                  draft={draft}
                  onChange={update}
                  onSelectText={(index, start, end) => setPicking({ index, start, end })}
                  intentName={stored?.name ?? null}
                />
              </Tabs.Panel>
              <Tabs.Panel value="response" pt="sm">
                <Stack gap="md">
                  <ResponseEditor
                    value={draft.response}
                    onChange={(response) => update((value) => ({ ...value, response }))}
                  />
                  <Switch
                    label="Hand the Customer to a Person"
                    description="On a channel, the bot sends this response, then passes the chat to the department set in Chat Config."
                    checked={draft.handoff}
                    onChange={(event) => {
                      const handoff = event.currentTarget.checked;
                      update((value) => ({ ...value, handoff }));
                    }}
                  />
                </Stack>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 24, md: 24, xl: 11 }}>
        <Paper withBorder radius="md" p="md" component="section" aria-label="Entities">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="md">
              Entities
            </Title>
            <Badge variant="light" color="gray">
              {draft.parameters.length}
            </Badge>
          </Group>
          <ParametersTable draft={draft} onChange={update} entityNames={entityNames} />
        </Paper>
      </Grid.Col>
      <EntityPicker
        agentId={agentId}
        selection={
          picking && pickingPhrase
            ? {
                text: pickingPhrase.utterance.slice(picking.start, picking.end),
                phrase: pickingPhrase.utterance,
                tags: overlapping.map((ref) => ({
                  text: pickingPhrase.utterance.slice(ref.entityStartPos, ref.entityEndPos),
                  parameter: ref.parameter,
                })),
              }
            : null
        }
        onUntag={(index) => {
          const ref = overlapping[index];
          if (picking && ref)
            update((value) => untagEntity(value, picking.index, pickingPhrase?.entityRefs.indexOf(ref) ?? -1));
          setPicking(null);
          window.getSelection()?.removeAllRanges();
        }}
        onClose={() => setPicking(null)}
        onPick={(entity) => {
          if (picking) update((value) => tagEntity(value, picking.index, picking.start, picking.end, entity));
          setPicking(null);
          window.getSelection()?.removeAllRanges();
        }}
      />
      {leaveGuard.dialog}
    </>
  );
}

/** The editor's cards while the intent loads. */
export function IntentEditorSkeleton() {
  return (
    <>
      <Grid.Col span={{ base: 24, md: 14, lg: 17, xl: 8 }}>
        <Paper
          withBorder
          radius="md"
          p="md"
          className={classes.card}
          role="status"
          aria-busy="true"
          aria-label="Loading intent"
        >
          <Stack gap="sm">
            <Skeleton height={28} width="50%" />
            <Skeleton height={36} />
            <Skeleton height={28} width="60%" />
            {Array.from({ length: 5 }, (_item, index) => (
              <Skeleton key={index} height={20} />
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 24, md: 24, xl: 11 }}>
        <Paper withBorder radius="md" p="md">
          <Skeleton height={20} width="40%" mb="sm" />
          <Skeleton height={60} />
        </Paper>
      </Grid.Col>
    </>
  );
}
