import { lazy, Suspense } from 'react';
import { ActionIcon, Anchor, Group } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { SessionUser } from '@parley/contracts/account';
import { ParleyLogo } from '../../components/ParleyLogo';
import { playNotificationSound } from '../../features/account/lib/notification-sounds';
// Loaded after the shell: the shell's first JavaScript stays within its budget (decision 003).
const ChatNotificationMenu = lazy(() =>
  import('../../features/chat-notifications/components/ChatNotificationMenu').then((module) => ({
    default: module.ChatNotificationMenu,
  })),
);
import { ProfileMenu } from './ProfileMenu';
import { realtime } from './realtime-connection';

interface TopBarProps {
  user: SessionUser;
  navCollapsed: boolean;
  onToggleNav: () => void;
}

/** 40 px top bar: navigation toggle, logo, the chat notification menu (CHAT.HANDLE), profile menu. */
export function TopBar({ user, navCollapsed, onToggleNav }: TopBarProps) {
  const navigate = useNavigate();
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onToggleNav}
          aria-label={navCollapsed ? 'Expand navigation' : 'Collapse navigation'}
          aria-expanded={!navCollapsed}
          aria-controls="side-navigation"
        >
          {navCollapsed ? (
            <IconLayoutSidebarLeftExpand size={18} aria-hidden="true" />
          ) : (
            <IconLayoutSidebarLeftCollapse size={18} aria-hidden="true" />
          )}
        </ActionIcon>
        <Anchor component={Link} to="/dashboard" underline="never" aria-label="Parley home">
          <ParleyLogo label={user.enterprise.title} />
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user.permissions.includes('CHAT.HANDLE') ? (
          <Suspense fallback={null}>
            <ChatNotificationMenu
              user={user}
              realtime={realtime}
              playSound={playNotificationSound}
              onNavigate={(path) => void navigate(path)}
            />
          </Suspense>
        ) : null}
        <ProfileMenu user={user} />
      </Group>
    </Group>
  );
}
