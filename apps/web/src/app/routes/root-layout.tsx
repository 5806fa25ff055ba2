import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { LinkNavigationProvider } from '../../components/app-link';
import { TopNav } from '../../components/top-nav';
import { useSession, useSignOut } from '../../lib/auth/use-session';
import { useT } from '../../lib/i18n/translate-context';
import { activeSection, CONSOLE_SECTIONS } from '../console-sections';
import { RouteProgress, SkipLink, useCanonicalPath, useDocumentTitle } from './navigation-chrome';
import { useThemeRule } from '../../lib/theme/theme-provider';

/** The app shell: top navigation (with the mobile menu) around every page. */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const signOut = useSignOut();
  const t = useT();
  const matches = useMatches();
  useThemeRule(location.pathname);
  useDocumentTitle();
  useCanonicalPath();

  const matchedIds = matches.map((match) => match.id);
  const inConsole = matchedIds.includes('console');
  const current = inConsole ? activeSection(matchedIds) : undefined;
  const sections = inConsole ? CONSOLE_SECTIONS.map((section) => ({ href: section.href, label: t(section.label), current: section === current })) : undefined;

  // While loading (or if the session call failed) show neither Sign In nor the user.
  const user = session.isPending ? undefined : session.isError ? undefined : (session.data?.user ?? null);

  return (
    <LinkNavigationProvider navigate={(to) => void navigate(to)}>
      <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <SkipLink />
        <RouteProgress />
        <TopNav user={user} onSignOut={() => signOut.mutate('/')} signingOut={signOut.isPending} wide={inConsole} sections={sections} />
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
          <Outlet />
        </main>
      </div>
      <ScrollRestoration />
    </LinkNavigationProvider>
  );
}
