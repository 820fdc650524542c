import { useState } from 'react';
import { Button, Grid, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { intentMessages, type IntentDetails, type Story } from '@parley/contracts/agent-stories';
import { showToast } from '../../../../lib/toast';
import { useIntent } from '../../api/get-intent';
import { useStories } from '../../api/get-stories';
import { useAgentDetails } from '../agent-details-context';
import { IntentEditor, IntentEditorSkeleton } from './IntentEditor';
import { IntentList } from './IntentList';
import { StoriesPanel } from './StoriesPanel';
import classes from './intents.module.css';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';

function findStory(stories: Story[], id: string | null): Story | undefined {
  if (!id) return undefined;
  for (const story of stories) {
    if (story.id === id) return story;
    const found = findStory(story.childStories, id);
    if (found) return found;
  }
  return undefined;
}

/** What the middle card shows: nothing chosen, a new intent, or a stored one. */
type Editing = { kind: 'none' } | { kind: 'new'; serial: number } | { kind: 'intent'; intentId: string };

/**
 * The intents screen (agents.md §2.3, §4): stories and their intents at the left, the intent editor
 * in the middle, its entity parameters at the right. While the editor has unsaved changes, leaving
 * the intent (another intent, another story, back to stories) asks Save / Discard / Stay.
 */
export default function IntentsTab() {
  const { agent, confirmLeave } = useAgentDetails();
  const stories = useStories(agent.id);
  const [storyId, setStoryId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const story = findStory(stories.data ?? [], storyId);
  const intentId = editing.kind === 'intent' ? editing.intentId : null;
  const intent = useIntent(agent.id, story ? story.id : null, intentId);

  /** Runs `leave`, asking Save / Discard / Stay first when the editor holds unsaved changes. */
  const guard = confirmLeave;

  const handleCreate = () =>
    guard(() => {
      if ((stories.data ?? []).length === 0) {
        showToast(intentMessages.createStoryFirst, { tone: 'error' });
        return;
      }
      if (!story) {
        showToast('Open a story on the left first, then create the intent in it', { tone: 'info' });
        return;
      }
      setEditing({ kind: 'new', serial: Date.now() });
    });

  const handleCreated = (created: IntentDetails) => setEditing({ kind: 'intent', intentId: created.id });

  const renderEditor = () => {
    if (!story || editing.kind === 'none')
      return (
        <>
          <Grid.Col span={{ base: 24, md: 14, lg: 17, xl: 19 }}>
            <Paper withBorder radius="md" p="xl" className={classes.card}>
              <Stack align="center" justify="center" gap="sm" style={{ flex: 1 }}>
                <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                  <IconMessageChatbot size={30} stroke={1.6} />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {story ? 'Choose an intent' : 'Choose a story'}
                </Title>
                <Text size="sm" c="dimmed" ta="center" maw={420}>
                  {story
                    ? `Open an intent of “${story.name}” to edit its training phrases, response and entities, or create a new one.`
                    : 'Stories group intents. Open a story on the left to see its intents, or add a story first.'}
                </Text>
                <Button variant="light" onClick={handleCreate}>
                  Create Intent
                </Button>
              </Stack>
            </Paper>
          </Grid.Col>
        </>
      );
    if (editing.kind === 'new')
      return (
        <IntentEditor
          key={`new:${editing.serial}`}
          agentId={agent.id}
          storyId={story.id}
          storyName={story.name}
          stored={null}
          onBack={() => guard(() => setEditing({ kind: 'none' }))}
          onCreated={handleCreated}
        />
      );
    if (intent.isPending) return <IntentEditorSkeleton />;
    if (intent.isError)
      return (
        <Grid.Col span={{ base: 24, md: 14, lg: 17, xl: 19 }}>
          <QueryErrorAlert
            title="The intent could not be loaded"
            message={intent.error.message}
            onRetry={() => void intent.refetch()}
          />
        </Grid.Col>
      );
    return (
      <IntentEditor
        key={`intent:${intent.data.id}`}
        agentId={agent.id}
        storyId={story.id}
        storyName={story.name}
        stored={intent.data}
        onBack={() => guard(() => setEditing({ kind: 'none' }))}
        onCreated={handleCreated}
      />
    );
  };

  return (
    <Grid
      columns={24}
      gap="md"
      type="container"
      breakpoints={{ xs: '400px', sm: '560px', md: '720px', lg: '900px', xl: '1360px' }}
    >
      <Grid.Col span={{ base: 24, md: 10, lg: 7, xl: 5 }}>
        <Paper
          withBorder
          radius="md"
          p="md"
          className={classes.card}
          component="section"
          aria-label="Stories and intents"
        >
          {story ? (
            <IntentList
              agentId={agent.id}
              story={story}
              selectedIntentId={intentId}
              onBack={() =>
                guard(() => {
                  setStoryId(null);
                  setEditing({ kind: 'none' });
                })
              }
              onSelect={(summary) =>
                summary.id !== intentId && guard(() => setEditing({ kind: 'intent', intentId: summary.id }))
              }
              onCreate={handleCreate}
              onDeleted={(deletedId) => {
                if (deletedId === intentId) setEditing({ kind: 'none' });
              }}
              onOpenStory={(child) =>
                guard(() => {
                  setStoryId(child.id);
                  setEditing({ kind: 'none' });
                })
              }
            />
          ) : (
            <StoriesPanel
              agentId={agent.id}
              stories={stories.data}
              loading={stories.isPending}
              error={stories.isError ? stories.error.message : null}
              onRetry={() => void stories.refetch()}
              selectedStoryId={storyId}
              onSelect={(chosen) =>
                guard(() => {
                  if (chosen.id !== storyId) setEditing({ kind: 'none' });
                  setStoryId(chosen.id);
                })
              }
            />
          )}
        </Paper>
      </Grid.Col>
      {renderEditor()}
    </Grid>
  );
}
