import { useContext, useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { SessionUser } from '@parley/contracts/account';
import { messages } from '@parley/contracts/messages';
import { hasAny, type Permission } from '@parley/contracts/permissions';
import { showToast } from '../../lib/toast';
import { SessionUserContext } from './session-user';

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

function AccessDenied() {
  useEffect(() => {
    showToast(messages.accessDenied, { tone: 'error', id: 'access-denied' });
  }, []);
  return <Navigate to="/dashboard" replace />;
}

/** A route the user may not open: toast 'Access Denied' and show the welcome page. */
export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const user = useContext(SessionUserContext);
  if (!user) return null;
  return canOpenRoute(access, user) ? children : <AccessDenied />;
}
