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
 * right card (Entities) for one intent. The unsaved flag is mirrored into the agent details
 * layout, which blocks its Back while it is set; the browser warns before unloading too.
 */
export function IntentEditor({ agentId, storyId, storyName, stored, onBack, onCreated }: IntentEditorProps) {
  const { setUnsaved } = useAgentDetails();
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
  useEffect(() => {
    if (!unsaved) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [unsaved]);

  const entityNames = useMemo(
    () => new Map((entityOptions.data?.options ?? []).map((option) => [option.id, option.name])),
    [entityOptions.data],
  );

  const handleSave = () => {
    const problem = validateDraft(draft);
    if (problem) {
      if (problem === intentMessages.nameEmpty) setNameError(problem);
      showToast(problem, { tone: 'error' });
      return;
    }
    const body = toIntentBody(draft);
    if (stored)
      save.mutate(
        { storyId, intentId: stored.id, body },
        {
          onSuccess: () => showToast(intentMessages.intentSaved, { tone: 'success' }),
          onError: (error) => showToast(saveErrorText(error), { tone: 'error' }),
        },
      );
    else
      create.mutate(
        { storyId, body },
        {
          onSuccess: (intent) => {
            showToast(intentMessages.intentCreated, { tone: 'success' });
            setUnsaved(false);
            onCreated(intent);
          },
          onError: (error) => showToast(saveErrorText(error), { tone: 'error' }),
        },
      );
  };

  const handleDiscard = () => {
    discard();
    setNameError(null);
  };

  const pickingPhrase = picking ? draft.phrases[picking.index] : undefined;
  const overlapping =
    picking && pickingPhrase
      ? pickingPhrase.entityRefs.filter((ref) => picking.start < ref.entityEndPos && picking.end > ref.entityStartPos)
      : [];

  return (
    <>
      <Grid.Col span={{ base: 24, md: 14, xl: 8 }}>
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
                    {stored ? stored.name : 'New intent'}
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
              label="Intent name"
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
                <Tabs.Tab value="phrases">Training phrases</Tabs.Tab>
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
                <ResponseEditor
                  value={draft.response}
                  onChange={(response) => update((value) => ({ ...value, response }))}
                />
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
    </>
  );
}

/** The editor's cards while the intent loads. */
export function IntentEditorSkeleton() {
  return (
    <>
      <Grid.Col span={{ base: 24, md: 14, xl: 8 }}>
        <Paper withBorder radius="md" p="md" className={classes.card} aria-busy="true" aria-label="Loading intent">
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
