import { useEffect } from 'react';
import { useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { useT } from '../../lib/i18n/translate-context';
import type { MessageKey } from '../../lib/i18n/translate';
import { canonicalPath, titleKeys } from '../route-manifest';

// The home page keeps the title index.html ships with (its full description).
const shippedTitle = typeof document === 'undefined' ? '' : document.title;

/** Sets the tab title from the route manifest: `API keys · Console · Keepsake`. */
export function useDocumentTitle() {
  const t = useT();
  const matches = useMatches();
  const keys = titleKeys(matches.map((match) => match.id));
  const title = keys.length === 0 && shippedTitle ? shippedTitle : [...keys.map((key) => t(key as MessageKey)), t('title.app')].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Redirects another casing of a page's path (`/console/projects/apikeys`) to the manifest's spelling (ADR 096). */
export function useCanonicalPath() {
  const location = useLocation();
  const navigate = useNavigate();
  const canonical = canonicalPath(location.pathname);
  useEffect(() => {
    if (canonical) void navigate(`${canonical}${location.search}${location.hash}`, { replace: true });
  }, [canonical, location.search, location.hash, navigate]);
}

/** "Skip to content": the first focusable element of every page, shown when focused. */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      onClick={(event) => {
        // Focus the page's content without a hash navigation (the router would treat it as a page change).
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      className="sr-only rounded-md bg-white px-4 py-2 text-sm font-semibold text-indigo-700 shadow-lg ring-2 ring-indigo-600 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] dark:bg-slate-900 dark:text-indigo-300"
    >
      {t('nav.skipToContent')}
    </a>
  );
}

/** A thin bar across the top while the router loads the next page (its lazy module); nothing when idle. */
export function RouteProgress() {
  const t = useT();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label={t('nav.pageLoading')} className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-indigo-100 dark:bg-indigo-950">
      <div className="route-progress h-full w-1/3 bg-indigo-600 dark:bg-indigo-400" />
    </div>
  );
}
