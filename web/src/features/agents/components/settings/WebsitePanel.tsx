import { useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { agentLimits, agentMessages, websiteUrl } from '@parley/contracts/agents';
import { knowledgeLimits } from '@parley/contracts/knowledge';
import { showToast } from '../../../../lib/toast';
import { EditIcon, LinkIcon, PlusIcon, TrashIcon } from './settings-icons';

/**
 * The website panel of the knowledge base (agents.md §2.7): switch, URL input with add, and the
 * list of URLs with edit and remove. Saved with the tab's Update.
 */
export function WebsitePanel({
  enabled,
  onEnabledChange,
  urls,
  onUrlsChange,
  crawl,
  onCrawlChange,
  crawlErrors,
  error,
  disabled,
}: {
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  urls: string[];
  onUrlsChange: (urls: string[]) => void;
  /** How far Train reads from each address: link hops, and pages per address. */
  crawl: { crawlDepth: number; crawlMaxPages: number };
  onCrawlChange: (crawl: { crawlDepth: number; crawlMaxPages: number }) => void;
  crawlErrors?: { crawlDepth?: string; crawlMaxPages?: string };
  error?: string;
  disabled: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const off = !enabled || disabled;

  const handleAdd = () => {
    const parsed = websiteUrl.safeParse(draft);
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? agentMessages.websiteUrlInvalid);
      return;
    }
    const url = parsed.data;
    const duplicate = urls.some((existing, index) => index !== editing && existing.toLowerCase() === url.toLowerCase());
    if (duplicate) {
      setInputError('This website URL is already in the list');
      return;
    }
    if (editing === null && urls.length >= agentLimits.websitesMax) {
      setInputError(`At most ${agentLimits.websitesMax} website addresses`);
      return;
    }
    onUrlsChange(
      editing === null ? [...urls, url] : urls.map((existing, index) => (index === editing ? url : existing)),
    );
    setDraft('');
    setEditing(null);
    setInputError(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAdd();
    } else if (event.key === 'Escape' && editing !== null) {
      setEditing(null);
      setDraft('');
      setInputError(null);
    }
  };

  const handleEdit = (index: number) => {
    setEditing(index);
    setDraft(urls[index] ?? '');
    setInputError(null);
  };

  const handleRemove = (index: number) => {
    onUrlsChange(urls.filter((_, position) => position !== index));
    if (editing === index) {
      setEditing(null);
      setDraft('');
    }
    showToast(agentMessages.urlRemoved, { tone: 'success' });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Website">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4} size="h5">
            Website
          </Title>
          <Switch
            label="Get knowledge base from Website"
            checked={enabled}
            disabled={disabled}
            onChange={(event) => onEnabledChange(event.currentTarget.checked)}
          />
        </Group>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={editing === null ? 'Website Url' : 'Edit Website Url'}
            placeholder="Enter the Website Url"
            style={{ flex: 1 }}
            value={draft}
            disabled={off}
            error={inputError}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setInputError(null);
            }}
            onKeyDown={handleKeyDown}
          />
          <Button
            mt={25}
            variant="light"
            leftSection={editing === null ? <PlusIcon /> : undefined}
            disabled={off}
            onClick={handleAdd}
            aria-label={editing === null ? 'Add website URL' : 'Save website URL'}
          >
            {editing === null ? 'Add' : 'Save'}
          </Button>
        </Group>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="sm" grow align="flex-start">
          <NumberInput
            label="Link depth"
            description="0 reads only the address itself"
            min={0}
            max={knowledgeLimits.crawlDepthMax}
            clampBehavior="strict"
            allowDecimal={false}
            value={crawl.crawlDepth}
            error={crawlErrors?.crawlDepth}
            disabled={off}
            onChange={(value) => onCrawlChange({ ...crawl, crawlDepth: typeof value === 'number' ? value : 0 })}
          />
          <NumberInput
            label="Pages per website"
            description={`Pages read from each address, at most ${knowledgeLimits.crawlMaxPagesMax}`}
            min={1}
            max={knowledgeLimits.crawlMaxPagesMax}
            clampBehavior="strict"
            allowDecimal={false}
            value={crawl.crawlMaxPages}
            error={crawlErrors?.crawlMaxPages}
            disabled={off}
            onChange={(value) => onCrawlChange({ ...crawl, crawlMaxPages: typeof value === 'number' ? value : 1 })}
          />
        </Group>
        {urls.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No website added yet
          </Text>
        ) : (
          <Stack gap={4} component="ul" aria-label="Website URLs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {urls.map((url, index) => (
              <Group
                key={url}
                component="li"
                justify="space-between"
                wrap="nowrap"
                px="sm"
                py={6}
                bg={editing === index ? 'blue.0' : 'gray.0'}
                style={{ borderRadius: 'var(--mantine-radius-sm)', opacity: enabled ? 1 : 0.6 }}
              >
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text c="dimmed" component="span" style={{ display: 'flex' }}>
                    <LinkIcon />
                  </Text>
                  <Text size="sm" truncate="end" title={url}>
                    {url}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit ${url}`}
                      disabled={off}
                      onClick={() => handleEdit(index)}
                    >
                      <EditIcon />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${url}`}
                      disabled={off}
                      onClick={() => handleRemove(index)}
                    >
                      <TrashIcon />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
