import { Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '@parley/contracts/account';
import { ActiveSessionsCard } from './ActiveSessionsCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { NotificationsCard } from './NotificationsCard';
import { ProfileDetailsCard } from './ProfileDetailsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** /details/myprofile: details, password, two-factor, notifications and sessions of the signed-in user. */
export function ProfilePage({ user }: { user: SessionUser }) {
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} fz={24}>
          My Profile
        </Title>
        <Text c="dimmed" size="sm">
          Your details, password, sign-in security and notifications.
        </Text>
      </div>
      <ProfileDetailsCard user={user} />
      <ChangePasswordCard userName={user.emailId} />
      <TwoFactorCard user={user} />
      <NotificationsCard />
      <ActiveSessionsCard />
    </Stack>
  );
}
