import { Button, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompassOff, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '@parley/contracts/messages';
import { usePageTitle } from '../page-title';

interface StatusPageProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  status: string;
}

/** The frame of a page that explains why there is nothing to show, with a way back home. */
function StatusPage({ icon, title, children, status }: StatusPageProps) {
  usePageTitle(title);
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl" shadow="xs" data-status-page={status}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Title order={1} fz={26}>
          {title}
        </Title>
        {children}
        <Group mt="sm">
          <Button component={Link} to="/dashboard">
            Go to the Dashboard
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Any console URL that is no page: says so instead of silently showing the welcome page. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <StatusPage icon={<IconCompassOff size={30} stroke={1.6} />} title="Page not found" status="not-found">
      <Text c="dimmed">
        There is no page at <Code>{pathname}</Code>. Check the address, or pick a screen from the menu.
      </Text>
    </StatusPage>
  );
}

/** A page the user's roles do not allow (the menu hides it; a typed or old link still arrives here). */
export function ForbiddenPage() {
  return (
    <StatusPage icon={<IconLock size={30} stroke={1.6} />} title={messages.accessDenied} status="forbidden">
      <Text c="dimmed">
        You do not have permission to open this page. Ask an administrator of your enterprise for access.
      </Text>
    </StatusPage>
  );
}
