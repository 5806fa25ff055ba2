import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { LinkNavigationProvider } from '../../components/app-link';
import { TopNav } from '../../components/top-nav';
import { useSession, useSignOut } from '../../lib/auth/use-session';
import { useThemeRule } from '../../lib/theme/theme-provider';

/** The app shell: top navigation (with the mobile menu) around every page. */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const signOut = useSignOut();
  useThemeRule(location.pathname);

  // While loading (or if the session call failed) show neither Sign In nor the user.
  const user = session.isPending ? undefined : session.isError ? undefined : (session.data?.user ?? null);

  return (
    <LinkNavigationProvider navigate={(to) => void navigate(to)}>
      <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <TopNav user={user} onSignOut={() => signOut.mutate('/')} signingOut={signOut.isPending} />
        <main className="flex flex-1 flex-col">
          <Outlet />
        </main>
      </div>
      <ScrollRestoration />
    </LinkNavigationProvider>
  );
}
