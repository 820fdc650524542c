import { useMemo, useState } from 'react';
import { Box, Collapse, Menu, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { visibleNavigation, type NavArea } from '@parley/contracts/navigation';
import { NavIcon } from './nav-icons';

export interface SideNavProps {
  permissions: readonly string[];
  settings: { recordExternalCampaigns: boolean };
  collapsed: boolean;
}

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The entry whose path is the longest prefix of the current location (so only one is active). */
function findActivePath(paths: string[], pathname: string): string | null {
  const current = normalise(pathname);
  let best: string | null = null;
  for (const path of paths) {
    const target = normalise(path);
    if (current === target || current.startsWith(`${target}/`)) {
      if (best === null || target.length > normalise(best).length) best = path;
    }
  }
  return best;
}

/** A group that holds one area named like itself (Configuration, Manage) shows its entries directly. */
function isPlainArea(groupName: string, area: NavArea): boolean {
  return area.area.toLowerCase() === groupName.toLowerCase();
}

/**
 * The side menu (platform §2.2): groups MODULE / CONFIGURATION / MANAGE built from the user's
 * permissions; each area can fold; collapsed, only area icons show and open a menu of entries.
 */
export function SideNav({ permissions, settings, collapsed }: SideNavProps) {
  const { pathname } = useLocation();
  const groups = useMemo(() => visibleNavigation(permissions, settings), [permissions, settings]);
  const activePath = useMemo(
    () =>
      findActivePath(
        groups.flatMap((group) => group.areas.flatMap((area) => area.entries.map((entry) => entry.path))),
        pathname,
      ),
    [groups, pathname],
  );
  const [foldedAreas, setFoldedAreas] = useState<ReadonlySet<string>>(() => new Set());

  const toggleArea = (key: string) =>
    setFoldedAreas((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  if (collapsed) {
    return (
      <ScrollArea h="100%" scrollbarSize={4} type="hover">
        <Stack gap={4} align="center" py="xs">
          {groups.map((group, index) => (
            <Stack key={group.group} gap={4} align="center" w="100%">
              {index > 0 ? <Box w="60%" my={4} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} /> : null}
              {group.areas.map((area) => {
                const containsActive = area.entries.some((entry) => entry.path === activePath);
                return (
                  <Menu
                    key={area.area}
                    trigger="click-hover"
                    position="right-start"
                    offset={6}
                    openDelay={80}
                    closeDelay={150}
                    withinPortal
                    shadow="md"
                  >
                    <Menu.Target>
                      <UnstyledButton
                        aria-label={area.area}
                        className="parley-nav-icon"
                        data-active={containsActive || undefined}
                      >
                        <NavIcon name={area.icon} size={20} />
                      </UnstyledButton>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Label>{isPlainArea(group.group, area) ? group.group : area.area}</Menu.Label>
                      {area.entries.map((entry) => (
                        <Menu.Item
                          key={entry.path}
                          component={Link}
                          to={entry.path}
                          aria-current={entry.path === activePath ? 'page' : undefined}
                          fw={entry.path === activePath ? 600 : undefined}
                          c={entry.path === activePath ? 'blue.9' : undefined}
                        >
                          {entry.label}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                );
              })}
            </Stack>
          ))}
        </Stack>
      </ScrollArea>
    );
  }

  return (
    <ScrollArea h="100%" scrollbarSize={6} type="hover">
      <Stack gap="md" p="xs" pb="lg">
        {groups.map((group) => {
          const headingId = `nav-group-${group.group.toLowerCase()}`;
          return (
            <Box key={group.group} component="section" aria-labelledby={headingId}>
              <Text
                component="h2"
                id={headingId}
                size="xs"
                fw={700}
                c="dimmed"
                px={12}
                mb={4}
                style={{ letterSpacing: 0.8 }}
              >
                {group.group}
              </Text>
              {group.areas.map((area) => {
                const entries = area.entries.map((entry) => (
                  <NavLink
                    key={entry.path}
                    component={Link}
                    to={entry.path}
                    label={entry.label}
                    active={entry.path === activePath}
                    aria-current={entry.path === activePath ? 'page' : undefined}
                    variant="light"
                    py={4}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  />
                ));
                if (isPlainArea(group.group, area)) {
                  return (
                    <Stack key={area.area} gap={1}>
                      {entries}
                    </Stack>
                  );
                }
                const key = `${group.group}/${area.area}`;
                const open = !foldedAreas.has(key);
                const regionId = `nav-area-${key.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
                return (
                  <Box key={area.area} mb={2}>
                    <UnstyledButton
                      className="parley-nav-area"
                      onClick={() => toggleArea(key)}
                      aria-expanded={open}
                      aria-controls={regionId}
                    >
                      <NavIcon name={area.icon} />
                      <Text component="span" size="sm" fw={600} style={{ flex: 1 }}>
                        {area.area}
                      </Text>
                      <IconChevronRight
                        size={14}
                        aria-hidden="true"
                        style={{ transform: open ? 'rotate(90deg)' : 'none', transition: 'transform 150ms ease' }}
                      />
                    </UnstyledButton>
                    <Collapse expanded={open} id={regionId} keepMounted={false}>
                      <Stack gap={1} pl={26} role="group" aria-label={area.area}>
                        {entries}
                      </Stack>
                    </Collapse>
                  </Box>
                );
              })}
            </Box>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
