import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import classes from './intents.module.css';
import { useEntityOptions, type EntityOption } from '../../api/get-entity-options';

interface EntityPickerProps {
  agentId: string;
  /** The selected text of a phrase, or null when the picker is closed. */
  selection: { text: string; phrase: string; tags: { text: string; parameter: string }[] } | null;
  onPick: (entity: EntityOption) => void;
  /** Removes the tag at this position of `selection.tags`. */
  onUntag: (index: number) => void;
  onClose: () => void;
}

function OptionList({
  title,
  options,
  onPick,
}: {
  title: string;
  options: EntityOption[];
  onPick: (entity: EntityOption) => void;
}) {
  if (options.length === 0) return null;
  return (
    <Box>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
        {title}
      </Text>
      <Stack gap={2} aria-label={title} role="group">
        {options.map((option) => (
          <UnstyledButton key={option.id} onClick={() => onPick(option)} p={6} className={classes.entityOption}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" ff="monospace" fw={500}>
                @{option.name}
              </Text>
              {option.kind === 'system' && (
                <Badge size="xs" variant="light" color="gray">
                  system
                </Badge>
              )}
            </Group>
            {option.description && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {option.description}
              </Text>
            )}
          </UnstyledButton>
        ))}
      </Stack>
    </Box>
  );
}

/** The side panel: the selected text of a phrase and a searchable list of entities to tag it with. */
export function EntityPicker({ agentId, selection, onPick, onUntag, onClose }: EntityPickerProps) {
  const [search, setSearch] = useState('');
  const options = useEntityOptions(agentId);
  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    const all = options.data?.options ?? [];
    return term ? all.filter((option) => option.name.toLowerCase().includes(term)) : all;
  }, [options.data, search]);

  return (
    <Drawer
      opened={selection !== null}
      onClose={() => {
        setSearch('');
        onClose();
      }}
      position="right"
      size="sm"
      title="Tag an Entity"
    >
      {selection && (
        <Stack gap="md">
          <Box>
            <Text size="xs" c="dimmed" mb={4}>
              Selected text
            </Text>
            <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-blue-light)">
              <Text fw={600} aria-label="Selected text">
                {selection.text}
              </Text>
            </Paper>
            <Text size="xs" c="dimmed" mt={4} lineClamp={2}>
              in “{selection.phrase}”
            </Text>
          </Box>
          {selection.tags.length > 0 && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                Already tagged here — choosing an entity replaces the tag
              </Text>
              {selection.tags.map((tag, index) => (
                <Group key={`${index}:${tag.parameter}`} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    “{tag.text}” as <b>{tag.parameter}</b>
                  </Text>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => onUntag(index)}>
                    Remove Tag
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          <TextInput
            label="Search Entities"
            placeholder="city, number, date…"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-autofocus
          />
          {options.isPending ? (
            <Group justify="center" py="md">
              <Loader size="sm" role="progressbar" aria-label="Loading entities" />
            </Group>
          ) : options.isError ? (
            <Alert color="red" variant="light" role="alert">
              {options.error.message}
            </Alert>
          ) : (
            <ScrollArea.Autosize mah="calc(100vh - 300px)" type="auto">
              <Stack gap="md">
                {options.data.customError && (
                  <Alert color="yellow" variant="light">
                    Custom entities could not be loaded: {options.data.customError}
                  </Alert>
                )}
                <OptionList
                  title="Custom Entities"
                  options={filtered.filter((option) => option.kind === 'custom')}
                  onPick={(option) => {
                    setSearch('');
                    onPick(option);
                  }}
                />
                <OptionList
                  title="System Entities"
                  options={filtered.filter((option) => option.kind === 'system')}
                  onPick={(option) => {
                    setSearch('');
                    onPick(option);
                  }}
                />
                {filtered.length === 0 && (
                  <Text c="dimmed" size="sm" ta="center">
                    No entity matches “{search.trim()}”
                  </Text>
                )}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
