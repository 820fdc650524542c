import { isRoleId, roleAltLabels, roles } from '@parley/contracts/permissions';

/** 'Development (Send Message)', 'Administrator', or 'Role 9' for an unknown number. */
export function roleLabel(role: number): string {
  if (!isRoleId(role)) return `Role ${role}`;
  const alt = roleAltLabels[role];
  return alt ? `${roles[role]} (${alt})` : roles[role];
}
