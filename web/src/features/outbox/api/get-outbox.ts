import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@parley/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { outboxKeys } from './outbox-keys';

export const OUTBOX_PAGE_SIZE = 20;

export function getOutbox(page: { from: number; perPage: number }, signal?: AbortSignal) {
  return apiRequest(adminRoutes.outbox, { query: page, signal });
}

export function outboxQueryOptions(page: { from: number; perPage: number }) {
  return queryOptions({
    queryKey: outboxKeys.list(page),
    queryFn: ({ signal }) => getOutbox(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(page: { from: number; perPage: number }) {
  return useQuery(outboxQueryOptions(page));
}
