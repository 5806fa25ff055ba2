import { StrictMode, Suspense, lazy, useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteFooter } from '../components/site-footer';
import { TopNav } from '../components/top-nav';
import { MarketingHome } from '../features/marketing/components/marketing-home';
import { getSession, signOut } from '../lib/auth/session';
import type { SessionUser } from '../lib/auth/session';
import { noteSignedOut, takeSignedOutNotice } from '../lib/auth/signed-out-notice';
import { loadDictionary } from '../lib/i18n/load-dictionary';
import { createTranslate } from '../lib/i18n/translate';
import type { Translate } from '../lib/i18n/translate';
import { TranslateProvider } from '../lib/i18n/translate-context';
import { languageTag, readQueryPreferences } from '../lib/locale/locale-resolution';
import type { Locale } from '../lib/locale/locale-resolution';
import type { MarketingPath } from '../lib/marketing-paths';
import { resolveTheme } from '../lib/theme/theme-rule';

// The home page ships in the entry; the others load only where they are the page (ARCHITECTURE.md: marketing ≤ 80 KB).
const PAGES: Record<MarketingPath, ComponentType> = {
  '/': MarketingHome,
  '/team': lazy(() => import('../features/marketing/components/team-page').then((m) => ({ default: m.TeamPage }))),
  '/help': lazy(() => import('../features/marketing/components/help-page').then((m) => ({ default: m.HelpPage }))),
  '/jobs': lazy(() => import('../features/marketing/components/jobs-page').then((m) => ({ default: m.JobsPage }))),
};

// Toasts are rare here (a sign-out's confirmation or failure), so react-hot-toast loads on demand.
const Toaster = lazy(() => import('react-hot-toast').then(({ Toaster: HotToaster }) => ({ default: () => <HotToaster position="top-center" /> })));

function MarketingApp({ page, locale }: { page: MarketingPath; locale: Locale }) {
  const [t, setT] = useState<Translate | null>(null);
  const [failed, setFailed] = useState(false);
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  const [signingOut, setSigningOut] = useState(false);
  const [showToaster, setShowToaster] = useState(false);

  const showToast = async (kind: 'success' | 'error', message: string, id: string) => {
    setShowToaster(true);
    const { default: toast } = await import('react-hot-toast');
    toast[kind](message, { id });
  };

  useEffect(() => {
    loadDictionary(locale).then(
      (dictionary) => {
        const translate = createTranslate(dictionary);
        setT(() => translate);
        // Signing out lands here: confirm it once.
        if (takeSignedOutNotice()) void showToast('success', translate('auth.signedOut'), 'signed-out');
      },
      () => setFailed(true),
    );
    getSession().then(
      (session) => setUser(session?.user ?? null),
      () => setUser(null),
    );
  }, [locale]);

  if (!t)
    return failed ? (
      <p role="alert" className="p-8 text-center">
        Could not load this page.
      </p>
    ) : null;

  const onSignOut = () => {
    setSigningOut(true);
    signOut('/').then(
      (url) => {
        noteSignedOut();
        window.location.assign(url);
      },
      () => {
        setSigningOut(false);
        void showToast('error', t('auth.signOutError'), 'sign-out-error');
      },
    );
  };

  const Page = PAGES[page];
  return (
    <TranslateProvider t={t}>
      <div className="flex min-h-screen flex-col bg-white text-slate-900">
        <TopNav user={user} onSignOut={onSignOut} signingOut={signingOut} />
        <main className="flex-1">
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
      {showToaster && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </TranslateProvider>
  );
}

export function mountMarketing(root: HTMLElement, page: MarketingPath): void {
  const { locale } = readQueryPreferences(window.location.search);
  const prefersDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = resolveTheme(window.location.pathname, 'system', prefersDark);
  document.documentElement.lang = languageTag(locale);
  createRoot(root).render(
    <StrictMode>
      <MarketingApp page={page} locale={locale} />
    </StrictMode>,
  );
}
