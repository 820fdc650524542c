import type { SessionUser } from '@parley/contracts/account';
import { defaultFeatureFlags, effectivePermissions } from '@parley/contracts/permissions';

/** A signed-in user with the given roles, permissions computed from the contracts' table. */
export function sessionUserWithRoles(roles: number[], overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    uId: '9a9a0000-0000-4000-8000-000000000001',
    userName: 'ada',
    name: 'Ada Lovelace',
    emailId: 'ada@example.com',
    profilePic: null,
    roles,
    permissions: effectivePermissions(roles),
    twoFactorAuth: false,
    artifactsEnabled: false,
    enterprise: {
      id: '9a9a0000-0000-4000-8000-0000000000e1',
      name: 'Acme Ltd',
      title: 'Acme Console',
      twoFactAuthEnterpriseLevel: false,
      recordExternalCampaigns: false,
    },
    flags: { ...defaultFeatureFlags },
    ...overrides,
  };
}
