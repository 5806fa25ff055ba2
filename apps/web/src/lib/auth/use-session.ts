import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useT } from '../i18n/translate-context';
import { getSession, signOut } from './session';
import { noteSignedOut } from './signed-out-notice';

export const sessionQueryKey = ['session'] as const;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
    meta: { toast: false },
  });
}

/** `data` is undefined while loading, null when signed out. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/**
 * Signs out, then loads the returned URL, where a toast confirms it (`SignedOutToast`); a failure toasts
 * 'Error signing out' (spec §8). `go` is the page load, replaceable in tests.
 */
export function useSignOut(go: (url: string) => void = (url) => window.location.assign(url)) {
  const t = useT();
  return useMutation({
    mutationFn: (callbackUrl: string = '/') => signOut(callbackUrl),
    meta: { toast: false },
    onSuccess: (url) => {
      noteSignedOut();
      go(url);
    },
    onError: () => {
      toast.error(t('auth.signOutError'), { id: 'sign-out-error' });
    },
  });
}
