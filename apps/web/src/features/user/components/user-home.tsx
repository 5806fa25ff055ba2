import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { buttonClassName } from '../../../components/button';
import type { SessionUser } from '../../../lib/auth/session';
import { useT } from '../../../lib/i18n/translate-context';

export function UserHome({ user }: { user: SessionUser }) {
  const t = useT();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12">
      <div className="flex items-center gap-4">
        <Avatar userId={user.userId} imageUrl={user.image} width={56} height={56} alt={t('nav.avatarAlt', { email: user.email })} />
        <div>
          <h1 className="text-2xl font-bold">{t('user.greeting', { name: user.name || user.email })}</h1>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('user.signedInAs', { email: user.email })}</p>
        </div>
      </div>
      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        <Link to="/user/collection" className="rounded-xl border border-slate-200 p-6 hover:border-indigo-400 dark:border-slate-800">
          <h2 className="font-semibold">{t('nav.seeCollection')}</h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('user.collectionBody')}</p>
        </Link>
        <Link to="/console/overview" className="rounded-xl border border-slate-200 p-6 hover:border-indigo-400 dark:border-slate-800">
          <h2 className="font-semibold">{t('user.openConsole')}</h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('user.consoleBody')}</p>
        </Link>
      </div>
      <Link to="/" className={buttonClassName('link', 'mt-8')}>
        {t('common.backHome')}
      </Link>
    </section>
  );
}
