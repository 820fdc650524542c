import { Group, Stack, Title } from '@mantine/core';

/** A titled block of the customer panel (Details, Chat Tags, Collected Data, ...), with an optional action. */
export function PanelSection({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="xs" tt="uppercase" c="dimmed" fw={700}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}
