import { useState } from 'react';
import { Box, Group, Paper, SegmentedControl, Text, Textarea } from '@mantine/core';
import Markdown from 'react-markdown';
import { intentLimits, intentMessages } from '@parley/contracts/agent-stories';
import classes from './intents.module.css';

interface ResponseEditorProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The Response tab: a markdown editor and its preview (agents.md §2.3). Ctrl+Enter keeps the
 * response and shows the preview; Edit puts it back into the editor. Raw HTML is never rendered.
 */
export function ResponseEditor({ value, onChange }: ResponseEditorProps) {
  const [mode, setMode] = useState<'edit' | 'preview'>(value.trim() ? 'preview' : 'edit');
  const [error, setError] = useState<string | null>(null);

  const handleKeep = () => {
    if (!value.trim()) {
      setError(intentMessages.responseEmpty);
      return;
    }
    setError(null);
    setMode('preview');
  };

  return (
    <Box>
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={500}>
          Response
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Response view"
          value={mode}
          onChange={(next) => setMode(next as 'edit' | 'preview')}
          data={[
            { value: 'edit', label: 'Edit' },
            { value: 'preview', label: 'Preview' },
          ]}
        />
      </Group>
      {mode === 'edit' ? (
        <Textarea
          aria-label="Response text"
          placeholder="What the bot answers, in markdown. Use $parameter to insert a value."
          description="Markdown: **bold**, _italic_, lists, [links](https://example.com). Ctrl+Enter to preview."
          autosize
          minRows={6}
          maxRows={16}
          maxLength={intentLimits.responseMax}
          value={value}
          error={error}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              handleKeep();
            }
          }}
        />
      ) : (
        <Paper withBorder p="sm" radius="sm" aria-label="Response preview" role="region">
          {value.trim() ? (
            <div className={classes.markdown}>
              <Markdown skipHtml>{value}</Markdown>
            </div>
          ) : (
            <Text c="dimmed" size="sm">
              No response yet — switch to Edit to write one.
            </Text>
          )}
        </Paper>
      )}
    </Box>
  );
}
