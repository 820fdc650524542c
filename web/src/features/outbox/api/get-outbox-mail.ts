import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@parley/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { outboxKeys } from './outbox-keys';

export function getOutboxMail(id: string, signal?: AbortSignal) {
  return apiRequest(adminRoutes.outboxMail, { params: { id }, signal });
}

export function outboxMailQueryOptions(id: string) {
  return queryOptions({
    queryKey: outboxKeys.mail(id),
    queryFn: ({ signal }) => getOutboxMail(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOutboxMail(id: string) {
  return useQuery(outboxMailQueryOptions(id));
}
