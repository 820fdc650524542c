import { ActionIcon, Anchor, Group } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SessionUser } from '@parley/contracts/account';
import { ParleyLogo } from '../../components/ParleyLogo';
import { ProfileMenu } from './ProfileMenu';

interface TopBarProps {
  user: SessionUser;
  navCollapsed: boolean;
  onToggleNav: () => void;
}

/** 40 px top bar: navigation toggle, logo, profile menu. */
export function TopBar({ user, navCollapsed, onToggleNav }: TopBarProps) {
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
      <ProfileMenu user={user} />
    </Group>
  );
}
