import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@parley/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { auditTrailKeys } from './audit-trail-keys';

export const AUDIT_PAGE_SIZE = 25;

/** Filters of the audit trail as the server takes them (dates as ISO instants). */
export interface AuditFilters {
  userId?: string;
  action?: string;
  fromDate?: string;
  toDate?: string;
}

export function getAuditTrail(query: AuditFilters & { from: number; perPage: number }, signal?: AbortSignal) {
  return apiRequest(adminRoutes.auditTrail, { query, signal });
}

export function auditTrailQueryOptions(query: AuditFilters & { from: number; perPage: number }) {
  return queryOptions({
    queryKey: auditTrailKeys.list(query),
    queryFn: ({ signal }) => getAuditTrail(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditTrail(query: AuditFilters & { from: number; perPage: number }) {
  return useQuery(auditTrailQueryOptions(query));
}
