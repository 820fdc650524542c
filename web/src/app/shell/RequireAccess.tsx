import { useContext, type ReactNode } from 'react';
import type { SessionUser } from '@parley/contracts/account';
import { hasAny, type Permission } from '@parley/contracts/permissions';
import { SessionUserContext } from './session-user';
import { ForbiddenPage } from './StatusPages';

/** What a console route needs (same rules as the side menu). */
export interface RouteAccess {
  anyOf?: readonly Permission[];
  requiresSetting?: 'recordExternalCampaigns';
  /** My Library: only when the user has artifacts enabled. */
  requiresArtifacts?: boolean;
}

/** Whether the user may open a route: the web hides what the server would refuse. */
export function canOpenRoute(access: RouteAccess, user: SessionUser): boolean {
  if (access.anyOf && !hasAny(user.permissions, access.anyOf)) return false;
  if (access.requiresSetting && user.enterprise[access.requiresSetting] !== true) return false;
  if (access.requiresArtifacts && !user.artifactsEnabled) return false;
  return true;
}

/** A route the user may not open shows 'Access Denied' and why, at its own address. */
export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const user = useContext(SessionUserContext);
  if (!user) return null;
  return canOpenRoute(access, user) ? children : <ForbiddenPage />;
}
