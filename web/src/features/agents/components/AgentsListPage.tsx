import './agents.css';
import { useState } from 'react';
import {
  Button,
  Card,
  Center,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconRobot, IconSearch } from '@tabler/icons-react';
import { agentMessages, type AgentSummary } from '@parley/contracts/agents';
import { showToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAgents } from '../api/get-agents';
import { useDeleteAgent } from '../api/delete-agent';
import { AgentCard } from './AgentCard';
import { AgentFormModal } from './AgentFormModal';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';

/** Search debounce of the agents list (agents.md §9). */
const SEARCH_DEBOUNCE_MS = 100;

const grid = { base: 1, sm: 2, lg: 3, xl: 4 };

function SkeletonCards({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <Card key={index} withBorder radius="md" padding="md" aria-hidden>
      <Group gap="sm" wrap="nowrap">
        <Skeleton h={38} w={38} radius="md" />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton h={14} w="70%" />
          <Skeleton h={10} w="45%" />
        </Stack>
      </Group>
      <Stack gap={8} mt="lg">
        <Skeleton h={10} />
        <Skeleton h={10} />
        <Skeleton h={10} w="60%" />
      </Stack>
    </Card>
  ));
}

/** Skills (/bots, agents.md §2.1): search, create, the agent cards and Show More. */
export function AgentsListPage() {
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useAgents(name);
  const remove = useDeleteAgent();
  const [editing, setEditing] = useState<AgentSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AgentSummary | null>(null);
  const agents = list.data?.pages.flatMap((page) => page.agents) ?? [];

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast(agentMessages.deleted, { tone: 'success' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={24}>
            Skills
          </Title>
          <Text c="dimmed" size="sm">
            Build, train and test your chatbot agents.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Create New Agent
        </Button>
      </Group>

      <TextInput
        aria-label="Search agents"
        placeholder="Search agents by name"
        leftSection={<IconSearch size={16} />}
        maw={360}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />

      {list.isError ? (
        <QueryErrorAlert
          title="The agents could not be loaded"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <SimpleGrid cols={grid} spacing="md" role="status" aria-label="Loading agents">
          <SkeletonCards count={6} />
        </SimpleGrid>
      ) : agents.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          {name ? (
            <Stack align="center" gap={4}>
              <Text fw={600}>No agents match &quot;{name}&quot;</Text>
              <Text size="sm" c="dimmed">
                Try another name.
              </Text>
            </Stack>
          ) : (
            <Stack align="center" gap="xs" py="md">
              <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                <IconRobot size={30} stroke={1.6} />
              </ThemeIcon>
              <Text fw={600}>No agents yet</Text>
              <Text size="sm" c="dimmed" ta="center" maw={420}>
                An agent answers your customers. Create a prompt-based agent that talks from a prompt and your
                documents, or an NLP agent trained on stories and intents.
              </Text>
              <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Create New Agent
              </Button>
            </Stack>
          )}
        </Paper>
      ) : (
        <>
          <SimpleGrid
            cols={grid}
            spacing="md"
            aria-label="Agents"
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms ease' }}
          >
            {agents.map((agent) => (
              <AgentCard key={agent.id} agent={agent} onEdit={setEditing} onDelete={setDeleting} />
            ))}
            {list.isFetchingNextPage ? <SkeletonCards count={3} /> : null}
          </SimpleGrid>
          {list.hasNextPage ? (
            <Center>
              <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Show More
              </Button>
            </Center>
          ) : null}
        </>
      )}

      <AgentFormModal
        opened={editing !== null}
        agent={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this agent?"
        message={`'${deleting?.name ?? ''}' will be deleted with its entities and documents. This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
