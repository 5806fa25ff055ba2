import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { SignInWidget } from '../../../features/auth/components/sign-in-widget';
import { sessionQueryKey, useSession } from '../../../lib/auth/use-session';
import { isServerPath, safeCallbackUrl } from '../../../lib/safe-callback-url';

function GoTo({ url }: { url: string }) {
  const server = isServerPath(url);
  useEffect(() => {
    if (server) window.location.assign(url);
  }, [server, url]);
  return server ? <LoadingState /> : <Navigate to={url} replace />;
}

/** `/signin?callbackUrl=…`: the sign-in widget (ADR 124); once signed in, go to the callback (a same-origin path) or /user. */
export function Component() {
  const [params] = useSearchParams();
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'), '/user');
  const queryClient = useQueryClient();
  const session = useSession();

  const onSignedIn = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    return Boolean(queryClient.getQueryData(sessionQueryKey));
  }, [queryClient]);

  if (session.isPending) return <LoadingState />;
  if (session.data) return <GoTo url={callbackUrl} />;
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-16">
      <SignInWidget onSignedIn={onSignedIn} callbackUrl={callbackUrl} failed={params.has('error')} />
    </div>
  );
}
