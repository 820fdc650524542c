import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { ConfigurationSelect, LABEL_OFFSET } from './ConfigurationSelect';

/**
 * The shared configuration bar of the gen-ai and prompt tabs (agents.md §2.2): a title, Select
 * Configuration (hidden on a prompt agent's knowledge base, which uses the prompt's), Create
 * Configuration and Update.
 */
export function GenAiConfigBar({
  label,
  value,
  onChange,
  error,
  hideSelect = false,
  note,
  onUpdate,
  onCancel,
  updating,
  disabled = false,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  hideSelect?: boolean;
  /** Shown instead of the select when it is hidden. */
  note?: React.ReactNode;
  onUpdate: () => void;
  onCancel?: () => void;
  updating: boolean;
  disabled?: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <div>
          <Title order={3} size="h4">
            {label}
          </Title>
          {hideSelect && note ? (
            <Text size="sm" c="dimmed" mt={4} data-testid="configuration-note">
              {note}
            </Text>
          ) : null}
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ConfigurationSelect
            value={value}
            onChange={onChange}
            error={error}
            hideSelect={hideSelect}
            disabled={disabled || updating}
          />
          <Group gap="sm" mt={hideSelect ? 0 : LABEL_OFFSET} style={{ alignSelf: 'flex-start' }}>
            {onCancel ? (
              <Button variant="default" onClick={onCancel} disabled={updating}>
                Cancel
              </Button>
            ) : null}
            <Button onClick={onUpdate} loading={updating} disabled={disabled}>
              Update
            </Button>
          </Group>
        </Group>
      </Group>
    </Paper>
  );
}
