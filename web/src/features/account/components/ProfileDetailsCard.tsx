import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '@parley/contracts/account';
import { isRoleId, roleAltLabels, roles } from '@parley/contracts/permissions';

function roleLabel(role: number): string {
  if (!isRoleId(role)) return `Role ${role}`;
  const alt = roleAltLabels[role];
  return alt ? `${roles[role]} (${alt})` : roles[role];
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </Stack>
  );
}

/** Name, email, roles and enterprise of the signed-in user. */
export function ProfileDetailsCard({ user }: { user: SessionUser }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-details-heading">
      <Group gap="md" mb="md" wrap="nowrap">
        <Avatar src={user.profilePic} radius="xl" size={48} color="blue" alt="">
          {initials(user.name)}
        </Avatar>
        <Stack gap={0}>
          <Title order={2} fz="lg" id="profile-details-heading">
            Details
          </Title>
          <Text size="sm" c="dimmed">
            Your account in {user.enterprise.title}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        <Field label="Name">{user.name}</Field>
        <Field label="Email">{user.emailId}</Field>
        <Field label="Enterprise">{user.enterprise.name}</Field>
        <Field label="Roles">
          <Group gap={6} component="span">
            {user.roles.length === 0 ? (
              <span>No roles</span>
            ) : (
              user.roles.map((role) => (
                <Badge key={role} variant="light" radius="sm" component="span">
                  {roleLabel(role)}
                </Badge>
              ))
            )}
          </Group>
        </Field>
      </SimpleGrid>
    </Paper>
  );
}
