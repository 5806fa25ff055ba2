import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/auth/use-session';
import type { Session } from '../lib/auth/session';
import { ErrorMessage } from './error-message';
import { LoadingState } from './loading-state';

/**
 * Renders `children` with the session when signed in; sends anonymous users to
 * `/signin?callbackUrl=<this page>`.
 */
export function RequireAuth({ children }: { children: (session: Session) => ReactNode }) {
  const location = useLocation();
  const { data: session, error, isPending } = useSession();
  if (isPending) return <LoadingState />;
  if (error) return <ErrorMessage error={error} className="m-8" />;
  if (!session) {
    const callbackUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`} replace />;
  }
  return <>{children(session)}</>;
}
