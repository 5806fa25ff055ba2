import { useT } from '../lib/i18n/translate-context';
import type { SessionUser } from '../lib/auth/session';
import { AppLink } from './app-link';
import { Avatar } from './avatar';
import { buttonClassName } from './button';
import { MobileMenu, type MenuSection } from './mobile-menu';
import { Spinner } from './spinner';

type TopNavProps = {
  /** undefined while the session loads, null when signed out. */
  user: SessionUser | null | undefined;
  onSignOut: () => void;
  signingOut?: boolean;
  /** Console pages: the header spans the console's width, so the logo lines up with the sidebar. */
  wide?: boolean;
  /** Console pages: the sections the mobile menu lists. */
  sections?: readonly MenuSection[] | undefined;
};

const linkClass = 'text-sm font-medium text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white';

export function TopNav({ user, onSignOut, signingOut = false, wide = false, sections }: TopNavProps) {
  const t = useT();
  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className={`mx-auto flex h-14 items-center gap-6 px-4 ${wide ? 'max-w-7xl' : 'max-w-6xl'}`}>
        <AppLink href="/" className="flex items-center gap-2 text-lg font-bold text-slate-950 dark:text-white">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          Keepsake
        </AppLink>
        <nav aria-label={t('nav.main')} className="hidden items-center gap-5 md:flex">
          <AppLink href="/team" className={linkClass}>
            {t('nav.team')}
          </AppLink>
          <AppLink href="/help" className={linkClass}>
            {t('nav.help')}
          </AppLink>
          <AppLink href="/jobs" target="_blank" rel="noopener" className={linkClass}>
            {t('nav.jobs')}
          </AppLink>
        </nav>
        <div className="ml-auto hidden items-center gap-4 md:flex">
          {user && (
            <>
              <AppLink href="/user" aria-label={t('nav.account')} className="rounded-full">
                <Avatar userId={user.userId} imageUrl={user.image} alt={t('nav.avatarAlt', { email: user.email })} />
              </AppLink>
              <AppLink href="/console/overview" className={linkClass}>
                {t('nav.console')}
              </AppLink>
              <button type="button" className={buttonClassName('secondary')} onClick={onSignOut} disabled={signingOut} aria-busy={signingOut || undefined}>
                {signingOut && <Spinner />}
                {t('nav.signOut')}
              </button>
            </>
          )}
          {user === null && (
            <AppLink href="/signin" className={buttonClassName('primary')}>
              {t('nav.signIn')}
            </AppLink>
          )}
        </div>
        <div className="ml-auto md:hidden">
          <MobileMenu user={user} onSignOut={onSignOut} signingOut={signingOut} sections={sections} />
        </div>
      </div>
    </header>
  );
}
