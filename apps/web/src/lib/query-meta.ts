import type { ApiError } from './api-client';

/** Per query/mutation options read by the app's QueryCache and MutationCache. */
export type AppQueryMeta = {
  /** false: no error toast for this query or mutation (it shows the error itself). */
  toast?: false;
  /** Replaces the error's own message in the toast. */
  errorToast?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
    defaultError: ApiError | Error;
  }
}
