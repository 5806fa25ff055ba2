import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isRetryableError } from '../lib/api-client';
import { sessionQueryKey } from '../lib/auth/use-session';
import { showErrorToast } from '../lib/error-toast';
import type { AppQueryMeta } from '../lib/query-meta';
import '../lib/query-meta';

function toastError(error: Error, meta: AppQueryMeta | undefined, id?: string): void {
  if (meta?.toast === false) return;
  showErrorToast(meta?.errorToast ?? error.message, id);
}

/** TanStack Query's defaults (3 retries, 5 min GC), but no retries for final 4xx answers. */
export function shouldRetry(failureCount: number, error: Error): boolean {
  return failureCount < 3 && isRetryableError(error);
}

export function createQueryClient(): QueryClient {
  const onError = (error: Error, meta: AppQueryMeta | undefined, id?: string) => {
    // A 401 means the session ended: refetching it lets the guards send the user to sign in.
    if (error instanceof ApiError && error.status === 401) {
      void client.invalidateQueries({ queryKey: sessionQueryKey });
      return;
    }
    toastError(error, meta, id);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta, query.queryHash) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: { retry: shouldRetry },
    },
  });
  return client;
}
