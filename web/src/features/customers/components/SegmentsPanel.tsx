import { useState } from 'react';
import {
  ActionIcon,
  Divider,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { customerLimits } from '@parley/contracts/customer-master';
import { useSegments } from '../api/get-segments';
import classes from './customers.module.css';

/** The "All Customers" entry: no segment chosen. */
export const ALL_SEGMENTS = 'all';

interface SegmentsPanelProps {
  selected: string | null;
  canEdit: boolean;
  onSelect: (segmentId: string) => void;
  onCreate: () => void;
}

/** Left panel 'Segments' of the customers screen (engagement.md §2.4): search, create, name (count). */
export function SegmentsPanel({ selected, canEdit, onSelect, onCreate }: SegmentsPanelProps) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), customerLimits.searchDebounceMs);
  const segments = useSegments(term);
  const list = segments.data?.segments ?? [];

  return (
    <Paper withBorder radius="md" p="sm" w={{ base: '100%', md: 260 }} component="section" aria-label="Segments">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>Segments</Text>
          {canEdit ? (
            <Tooltip label="Create Segment">
              <ActionIcon variant="light" aria-label="Create Segment" onClick={onCreate}>
                <IconPlus size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
        <TextInput
          size="xs"
          aria-label="Search Segments"
          placeholder="Search segments"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <ScrollArea.Autosize mah={480} type="auto" offsetScrollbars>
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            <li>
              <UnstyledButton
                className={classes.segmentItem}
                aria-current={selected === ALL_SEGMENTS ? 'true' : undefined}
                onClick={() => onSelect(ALL_SEGMENTS)}
              >
                <span>All Customers</span>
              </UnstyledButton>
            </li>
            {/* A list holds only items: the separator and the states sit in items of their own. */}
            <li>
              <Divider my={4} />
            </li>
            {segments.isPending ? (
              Array.from({ length: 3 }, (_, index) => (
                <li key={index}>
                  <Skeleton h={24} my={4} />
                </li>
              ))
            ) : segments.isError ? (
              <li>
                <Text size="xs" c="red" role="alert" px={10}>
                  {segments.error.message}
                </Text>
              </li>
            ) : list.length === 0 ? (
              <li>
                <Text size="xs" c="dimmed" px={10} py={4}>
                  {term ? `No segment matches "${term}"` : 'No segments yet'}
                </Text>
              </li>
            ) : (
              list.map((segment) => (
                <li key={segment.id}>
                  <UnstyledButton
                    className={classes.segmentItem}
                    aria-current={selected === segment.id ? 'true' : undefined}
                    onClick={() => onSelect(segment.id)}
                  >
                    <Text span size="sm" inherit truncate>
                      {segment.name} ({segment.count})
                    </Text>
                  </UnstyledButton>
                </li>
              ))
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
