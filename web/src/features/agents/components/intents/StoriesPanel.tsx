import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconPencil,
  IconPlus,
  IconSearch,
  IconSubtask,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { intentMessages, storyBody, type Story } from '@parley/contracts/agent-stories';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { showToast } from '../../../../lib/toast';
import { useCreateStory } from '../../api/create-story';
import { useDeleteStory } from '../../api/delete-story';
import { useUpdateStory } from '../../api/update-story';
import classes from './intents.module.css';

interface StoriesPanelProps {
  agentId: string;
  stories: Story[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  selectedStoryId: string | null;
  onSelect: (story: Story) => void;
}

/** Story name checked with the shared schema (trimmed, collapsed, non-empty): the error or the name. */
function checkName(value: string): { name: string; error?: undefined } | { error: string; name?: undefined } {
  const parsed = storyBody.shape.name.safeParse(value);
  return parsed.success
    ? { name: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? intentMessages.storyNameInvalid };
}

/** Stories matching the search, with the ancestors of every match kept so the tree still reads. */
function filterTree(stories: Story[], term: string): Story[] {
  if (!term) return stories;
  return stories.flatMap((story) => {
    const children = filterTree(story.childStories, term);
    return story.name.toLowerCase().includes(term) || children.length > 0 ? [{ ...story, childStories: children }] : [];
  });
}

const countIntents = (story: Story): number =>
  story.intentCount + story.childStories.reduce((sum, child) => sum + countIntents(child), 0);
const countStories = (story: Story): number =>
  story.childStories.reduce((sum, child) => sum + 1 + countStories(child), 0);

function NameInput({
  label,
  initial = '',
  onSubmit,
  onCancel,
  pending,
}: {
  label: string;
  initial?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel: () => void;
  pending: boolean;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = () => {
    const checked = checkName(value);
    if (checked.error !== undefined) {
      setError(checked.error);
      return;
    }
    // A refusal from the server ('Duplication of story name') is shown as a toast; the input stays.
    onSubmit(checked.name).catch(() => undefined);
  };
  return (
    <TextInput
      size="xs"
      aria-label={label}
      placeholder="Story name, Enter to save"
      value={value}
      error={error}
      autoFocus
      disabled={pending}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        setError(null);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          handleSubmit();
        } else if (event.key === 'Escape') onCancel();
      }}
      rightSection={
        <ActionIcon size="sm" variant="subtle" color="gray" aria-label="Cancel" onClick={onCancel}>
          <IconX size={14} />
        </ActionIcon>
      }
    />
  );
}

/** The left card in stories mode: the story tree with search, add, add sub-story, rename, delete. */
export function StoriesPanel({
  agentId,
  stories,
  loading,
  error,
  onRetry,
  selectedStoryId,
  onSelect,
}: StoriesPanelProps) {
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState<{ parentId: string | null } | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<Story | null>(null);
  const create = useCreateStory(agentId);
  const rename = useUpdateStory(agentId);
  const remove = useDeleteStory(agentId);
  const term = search.trim().toLowerCase();
  const visible = useMemo(() => filterTree(stories ?? [], term), [stories, term]);

  const handleCreate = async (name: string, parentId: string | null) => {
    await create.mutateAsync({ name, parentId });
    showToast(intentMessages.storyCreated, { tone: 'success' });
    if (parentId) setCollapsed((value) => new Set([...value].filter((id) => id !== parentId)));
    setAdding(null);
  };
  const handleRename = async (story: Story, name: string) => {
    await rename.mutateAsync({ storyId: story.id, body: { name, parentId: story.parentId } });
    showToast(intentMessages.storyUpdated, { tone: 'success' });
    setRenaming(null);
  };
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) =>
        showToast(
          result.deletedIntents > 0
            ? `${intentMessages.storyDeleted} with ${result.deletedIntents} intent${result.deletedIntents === 1 ? '' : 's'}`
            : intentMessages.storyDeleted,
          { tone: 'success' },
        ),
      onSettled: () => setDeleting(null),
    });
  };

  const renderStory = (story: Story, depth: number) => {
    const open = term !== '' || !collapsed.has(story.id);
    const hasChildren = story.childStories.length > 0;
    return (
      <Box key={story.id} role="listitem" aria-label={story.name}>
        {renaming === story.id ? (
          <Box pl={depth * 16 + 24} py={4}>
            <NameInput
              label="Story Name"
              initial={story.name}
              pending={rename.isPending}
              onSubmit={(name) => handleRename(story, name)}
              onCancel={() => setRenaming(null)}
            />
          </Box>
        ) : (
          <Group
            gap={2}
            wrap="nowrap"
            pl={depth * 16}
            className={classes.storyRow}
            data-active={story.id === selectedStoryId || undefined}
          >
            {hasChildren ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={open ? `Collapse ${story.name}` : `Expand ${story.name}`}
                aria-expanded={open}
                onClick={() =>
                  setCollapsed((value) => {
                    const next = new Set(value);
                    if (next.has(story.id)) next.delete(story.id);
                    else next.add(story.id);
                    return next;
                  })
                }
              >
                {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              </ActionIcon>
            ) : (
              <Box w={22} style={{ flex: 'none' }} />
            )}
            <UnstyledButton className={classes.rowButton} onClick={() => onSelect(story)}>
              <VisuallyHidden>Open story </VisuallyHidden>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate>
                  {story.name}
                </Text>
                <Tooltip label={`${story.intentCount} intent${story.intentCount === 1 ? '' : 's'}`}>
                  <Badge size="sm" variant="light" color="gray" aria-label={`${story.intentCount} intents`}>
                    {story.intentCount}
                  </Badge>
                </Tooltip>
              </Group>
            </UnstyledButton>
            <Menu position="bottom-end" withinPortal returnFocus={false}>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${story.name}`}>
                  <IconDots size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconSubtask size={14} />} onClick={() => setAdding({ parentId: story.id })}>
                  Add Sub-story
                </Menu.Item>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(story.id)}>
                  Rename
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(story)}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
        {adding?.parentId === story.id && (
          <Box pl={(depth + 1) * 16 + 24} py={4}>
            <NameInput
              label="Sub-story Name"
              pending={create.isPending}
              onSubmit={(name) => handleCreate(name, story.id)}
              onCancel={() => setAdding(null)}
            />
          </Box>
        )}
        {open && hasChildren && (
          <Box role="list" aria-label={`Sub-stories of ${story.name}`}>
            {story.childStories.map((child) => renderStory(child, depth + 1))}
          </Box>
        )}
      </Box>
    );
  };

  const intentTotal = deleting ? countIntents(deleting) : 0;
  const storyTotal = deleting ? countStories(deleting) : 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="md">
          Stories
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setAdding({ parentId: null })}
        >
          Add Story
        </Button>
      </Group>
      <TextInput
        size="xs"
        aria-label="Search stories"
        placeholder="Search stories"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {adding?.parentId === null && (
        <NameInput
          label="New Story Name"
          pending={create.isPending}
          onSubmit={(name) => handleCreate(name, null)}
          onCancel={() => setAdding(null)}
        />
      )}
      {loading ? (
        <Stack gap={6} role="status" aria-busy="true" aria-label="Loading stories">
          {Array.from({ length: 5 }, (_item, index) => (
            <Skeleton key={index} height={24} />
          ))}
        </Stack>
      ) : error ? (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text size="sm" c="red">
            {error}
          </Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            Try Again
          </Button>
        </Stack>
      ) : (stories ?? []).length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          No stories yet — add one to group intents
        </Text>
      ) : visible.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          No story matches “{search.trim()}”
        </Text>
      ) : (
        <Box role="list" aria-label="Stories">
          {visible.map((story) => renderStory(story, 0))}
        </Box>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Story"
        message={
          deleting
            ? `Delete the story "${deleting.name}"?${storyTotal > 0 ? ` Its ${storyTotal} ${storyTotal === 1 ? 'sub-story goes' : 'sub-stories go'} with it.` : ''} ${
                intentTotal > 0
                  ? `${intentTotal} intent${intentTotal === 1 ? '' : 's'} will be deleted with it.`
                  : 'It has no intents.'
              } This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
