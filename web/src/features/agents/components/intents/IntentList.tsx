import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { intentLimits, intentMessages, type IntentSummary, type Story } from '@parley/contracts/agent-stories';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { showToast } from '../../../../lib/toast';
import { useDeleteIntent } from '../../api/delete-intent';
import { useIntents } from '../../api/get-intents';
import classes from './intents.module.css';

interface IntentListProps {
  agentId: string;
  story: Story;
  selectedIntentId: string | null;
  onBack: () => void;
  onSelect: (intent: IntentSummary) => void;
  onCreate: () => void;
  onDeleted: (intentId: string) => void;
  onOpenStory: (story: Story) => void;
}

/** The left card in intents mode: the intents of the chosen story, with search, create and delete. */
export function IntentList({
  agentId,
  story,
  selectedIntentId,
  onBack,
  onSelect,
  onCreate,
  onDeleted,
  onOpenStory,
}: IntentListProps) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), intentLimits.searchDebounceMs);
  const list = useIntents(agentId, story.id, term);
  const remove = useDeleteIntent(agentId);
  const [deleting, setDeleting] = useState<IntentSummary | null>(null);
  const intents = list.data?.intents ?? [];

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { storyId: story.id, intentId: deleting.id },
      {
        onSuccess: () => {
          showToast(intentMessages.intentDeleted, { tone: 'success' });
          onDeleted(deleting.id);
        },
        onSettled: () => setDeleting(null),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        <Tooltip label="Back to stories">
          <ActionIcon variant="subtle" color="gray" aria-label="Back to stories" onClick={onBack}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            Story
          </Text>
          <Title order={2} fz="md" lineClamp={1} title={story.name}>
            {story.name}
          </Title>
        </div>
      </Group>
      <TextInput
        size="xs"
        aria-label="Search intents"
        placeholder="Search intents"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Button size="xs" variant="light" fullWidth leftSection={<IconPlus size={14} />} onClick={onCreate}>
        Create Intent
      </Button>
      {list.isPending ? (
        <Stack gap={6} role="status" aria-busy="true" aria-label="Loading intents">
          {Array.from({ length: 5 }, (_item, index) => (
            <Skeleton key={index} height={28} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text size="sm" c="red">
            {list.error.message}
          </Text>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </Stack>
      ) : intents.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          {term ? `No intent matches “${term}”` : 'No intents in this story'}
        </Text>
      ) : (
        <Box role="list" aria-label="Intents" style={{ opacity: list.isFetching && list.isPlaceholderData ? 0.6 : 1 }}>
          {intents.map((intent) => (
            <Group
              key={intent.id}
              role="listitem"
              gap={2}
              wrap="nowrap"
              className={classes.intentRow}
              data-active={intent.id === selectedIntentId || undefined}
            >
              <UnstyledButton className={classes.rowButton} onClick={() => onSelect(intent)}>
                <VisuallyHidden>Open intent </VisuallyHidden>
                <Text size="sm" truncate>
                  {intent.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {intent.phraseCount} training phrase{intent.phraseCount === 1 ? '' : 's'}
                  {intent.handoff ? ' · hands over to a person' : ''}
                </Text>
              </UnstyledButton>
              <Tooltip label="Delete intent">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Delete intent ${intent.name}`}
                  onClick={() => setDeleting(intent)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          {list.data?.more && (
            <Text size="xs" c="dimmed" ta="center" mt="xs">
              Showing the first {intentLimits.pageSize} intents — search to find others.
            </Text>
          )}
        </Box>
      )}
      {story.childStories.length > 0 && (
        <Box>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4} mt="xs">
            Sub-stories
          </Text>
          {story.childStories.map((child) => (
            <Group key={child.id} gap={2} wrap="nowrap" className={classes.intentRow}>
              <UnstyledButton className={classes.rowButton} onClick={() => onOpenStory(child)}>
                <VisuallyHidden>Open story </VisuallyHidden>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" truncate>
                    {child.name}
                  </Text>
                  <Badge size="sm" variant="light" color="gray" aria-label={`${child.intentCount} intents`}>
                    {child.intentCount}
                  </Badge>
                </Group>
              </UnstyledButton>
            </Group>
          ))}
        </Box>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Intent"
        message={`Delete the intent "${deleting?.name ?? ''}" with its training phrases, response and entities? This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
