import type { AuditFilters } from './get-audit-trail';

/** Query keys of the audit trail. */
export const auditTrailKeys = {
  all: ['audit-trail'] as const,
  list: (filters: AuditFilters & { from: number; perPage: number }) => ['audit-trail', 'list', filters] as const,
  users: () => ['audit-trail', 'users'] as const,
};
