import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFadePresence } from '../hooks/use-fade-presence';
import { useScrollLock } from '../hooks/use-scroll-lock';
import { useT } from '../lib/i18n/translate-context';
import type { SessionUser } from '../lib/auth/session';
import { AppLink } from './app-link';
import { Avatar } from './avatar';
import { Spinner } from './spinner';

export const MENU_FADE_MS = 400;

/** A console section for the menu, already translated; `current` marks the page's section. */
export type MenuSection = { href: string; label: string; current: boolean };

type MobileMenuProps = {
  /** undefined while the session loads, null when signed out. */
  user: SessionUser | null | undefined;
  onSignOut: () => void;
  signingOut?: boolean;
  /** On console pages: every console section, so a phone reaches all of them (the sidebar is hidden there). */
  sections?: readonly MenuSection[] | undefined;
};

const itemClass = 'block rounded-md px-3 py-3 text-base font-medium text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800';

/** Keeps Tab and Shift+Tab inside the open menu. */
function trapTab(event: KeyboardEvent, menu: HTMLElement) {
  const focusable = menu.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The small-screen menu: a modal panel that locks scroll and fades over 400 ms. */
export function MobileMenu({ user, onSignOut, signingOut = false, sections }: MobileMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const mounted = useFadePresence(open, MENU_FADE_MS);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  useScrollLock(open);

  useEffect(() => {
    if (open) {
      closeRef.current?.focus();
    } else if (wasOpen.current) {
      toggleRef.current?.focus();
    }
    wasOpen.current = open;
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
      if (event.key === 'Tab' && menuRef.current) trapTab(event, menuRef.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(true)}
      >
        <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {mounted &&
        createPortal(
          <div
            ref={menuRef}
            id="mobile-menu"
            role="dialog"
            aria-modal="true"
            aria-label={t('nav.menu')}
            data-state={open ? 'open' : 'closed'}
            className={`fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white px-4 pb-4 transition-opacity duration-400 ease-out starting:opacity-0 motion-reduce:transition-none md:hidden dark:bg-slate-950 ${open ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
          >
            <div className="flex h-14 shrink-0 items-center justify-between">
              <span className="text-lg font-bold text-slate-900 dark:text-white">Keepsake</span>
              <button
                ref={closeRef}
                type="button"
                className="rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                aria-label={t('nav.closeMenu')}
                aria-expanded="true"
                aria-controls="mobile-menu"
                onClick={close}
              >
                <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </div>
            {sections && sections.length > 0 && (
              <nav aria-label={t('console.nav.label')} className="mt-2 flex flex-col gap-1 border-b border-slate-200 pb-4 dark:border-slate-800">
                {sections.map((section) => (
                  <AppLink
                    key={section.href}
                    href={section.href}
                    aria-current={section.current ? 'page' : undefined}
                    className={`${itemClass} aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-700 dark:aria-[current=page]:bg-indigo-950 dark:aria-[current=page]:text-indigo-200`}
                    onClick={close}
                  >
                    {section.label}
                  </AppLink>
                ))}
              </nav>
            )}
            <nav aria-label={t('nav.menu')} className={`${sections?.length ? 'mt-4' : 'mt-2'} flex flex-col gap-1`}>
              <AppLink href="/team" className={itemClass} onClick={close}>
                {t('nav.team')}
              </AppLink>
              <AppLink href="/help" className={itemClass} onClick={close}>
                {t('nav.help')}
              </AppLink>
              <AppLink href="/jobs" target="_blank" rel="noopener" className={itemClass} onClick={close}>
                {t('nav.jobs')}
              </AppLink>
            </nav>
            <div className="mt-auto border-t border-slate-200 pt-4 dark:border-slate-800">
              {user && (
                <div className="flex flex-col gap-1">
                  <div className="flex items-center gap-3 px-3 py-2">
                    <Avatar userId={user.userId} imageUrl={user.image} alt={t('nav.avatarAlt', { email: user.email })} />
                    <span className="truncate text-sm text-slate-600 dark:text-slate-300">{user.email}</span>
                  </div>
                  <AppLink href="/user/collection" className={itemClass} onClick={close}>
                    {t('nav.seeCollection')}
                  </AppLink>
                  <AppLink href="/console/overview" className={itemClass} onClick={close}>
                    {t('nav.console')}
                  </AppLink>
                  <button
                    type="button"
                    className={`${itemClass} flex items-center gap-2 text-left`}
                    onClick={onSignOut}
                    disabled={signingOut}
                    aria-busy={signingOut || undefined}
                  >
                    {signingOut && <Spinner />}
                    {t('nav.signOut')}
                  </button>
                </div>
              )}
              {user === null && (
                <AppLink href="/signin" className={itemClass} onClick={close}>
                  {t('nav.signIn')}
                </AppLink>
              )}
            </div>
          </div>,
          // Portalled: an ancestor's backdrop-filter would otherwise contain `position: fixed`.
          document.body,
        )}
    </>
  );
}
