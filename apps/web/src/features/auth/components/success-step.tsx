import { useT } from '../../../lib/i18n/translate-context';

export function SuccessStep() {
  const t = useT();
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
      <svg className="size-14 text-green-600" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        <path d="M7.5 12.5l3 3 6-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 className="text-xl font-semibold">{t('auth.success')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('auth.successBody')}</p>
    </div>
  );
}
