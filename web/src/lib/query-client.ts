import { MutationCache, QueryClient } from '@tanstack/react-query';
import { messages } from '@parley/contracts/messages';
import { ApiError, isSessionEndingError } from './api-client';
import { showToast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The component shows the failure itself (beside the fields); no toast. */
      inlineErrors?: boolean;
    };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) return false;
  return failureCount < 2;
}

/** The query client of the console: server data lives here and nowhere else (STYLE.md rule 6). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (mutation.meta?.inlineErrors || isSessionEndingError(error)) return;
        showToast(error instanceof ApiError ? error.message : messages.somethingWentWrong, { tone: 'error' });
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
