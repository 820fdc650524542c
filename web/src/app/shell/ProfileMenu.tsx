import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBooks, IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SessionUser } from '@parley/contracts/account';
import { useLogout } from '../../features/account/api/logout';
import { initials, ProfileAvatar } from '../../features/account/components/ProfileAvatar';
import { endSession } from '../../lib/session-end';
import { realtime } from './realtime-connection';

/** My Profile, My Library (when artifacts are enabled) and Sign out (platform §2.2: Details, My Library, Signout). */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const logout = useLogout();

  const handleSignout = () => {
    // Close the websocket first: the server ends the session and closes its socket with 4001,
    // which would reload the page (platform §4.4) before the sign-out finishes here.
    realtime.stop();
    // The session ends locally whatever the server answers (it may already be gone).
    logout.mutate(undefined, { onSettled: () => endSession('signedOut') });
  };

  // The name holds what the button shows (label in name, WCAG 2.5.3): the initials unless a picture replaces them.
  const shownText = user.profilePic ? user.name : `${initials(user.name)} ${user.name}`;

  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Profile menu: ${shownText}`} px={6} py={2} style={{ borderRadius: 6 }}>
          <Group gap={8} wrap="nowrap">
            <ProfileAvatar name={user.name} profilePic={user.profilePic} size={26} />{' '}
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {user.name}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" c="dimmed" truncate>
            {user.emailId}
          </Text>
        </Menu.Label>
        <Menu.Item
          component={Link}
          to="/details/myprofile"
          leftSection={<IconUserCircle size={16} aria-hidden="true" />}
        >
          My Profile
        </Menu.Item>
        {user.artifactsEnabled ? (
          <Menu.Item component={Link} to="/content-library" leftSection={<IconBooks size={16} aria-hidden="true" />}>
            My Library
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={handleSignout}
          disabled={logout.isPending}
        >
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
