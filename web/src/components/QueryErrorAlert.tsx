import { Alert, Button, Group, Text } from '@mantine/core';

interface QueryErrorAlertProps {
  /** What could not be loaded, e.g. 'The agents could not be loaded'. */
  title: string;
  message: string;
  onRetry: () => void;
  maw?: number;
}

/** A failed load: what failed, why, and Try again. */
export function QueryErrorAlert({ title, message, onRetry, maw }: QueryErrorAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} maw={maw}>
      <Group gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Group>
    </Alert>
  );
}
