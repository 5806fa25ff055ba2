import { AppLink } from '../../../components/app-link';
import { buttonClassName } from '../../../components/button';
import { useT } from '../../../lib/i18n/translate-context';
import type { MessageKey } from '../../../lib/i18n/translate';

/** What ships: the page describes only what Keepsake does today. */
const FEATURES: { title: MessageKey; body: MessageKey; icon: string }[] = [
  { title: 'marketing.wallets.title', body: 'marketing.wallets.body', icon: 'M3 7h18v12H3zM16 13h2M3 7l3-3h12l3 3' },
  { title: 'marketing.tokenization.title', body: 'marketing.tokenization.body', icon: 'M12 2l9 5v10l-9 5-9-5V7zM12 12l9-5M12 12v10M12 12L3 7' },
  { title: 'marketing.payments.title', body: 'marketing.payments.body', icon: 'M2 6h20v12H2zM2 10h20M6 15h4' },
];

export function MarketingHome() {
  const t = useT();
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-indigo-600 via-purple-600 to-pink-500 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
          <p className="text-sm font-semibold tracking-wide text-indigo-100 uppercase">{t('marketing.eyebrow')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">{t('marketing.hero.title')}</h1>
          <p className="mt-6 max-w-2xl text-lg text-indigo-50">{t('marketing.hero.body')}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <AppLink href="/signin" className={buttonClassName('secondary', 'px-5! py-3! text-base!')}>
              {t('marketing.cta.start')}
            </AppLink>
            <a href="/docs" className="inline-flex items-center rounded-md px-5 py-3 text-base font-semibold text-white ring-1 ring-white/60 hover:bg-white/10">
              {t('marketing.cta.docs')}
            </a>
          </div>
        </div>
      </section>
      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-heading" className="text-2xl font-bold text-slate-950 sm:text-3xl">
          {t('marketing.features.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">{t('marketing.features.body')}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <svg
                className="size-8 text-indigo-600"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={feature.icon} />
              </svg>
              <h3 className="mt-4 text-lg font-semibold text-slate-950">{t(feature.title)}</h3>
              <p className="mt-2 text-sm text-slate-600">{t(feature.body)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold text-slate-950">{t('marketing.selfHost.title')}</h2>
            <p className="mt-2 max-w-2xl text-slate-600">{t('marketing.selfHost.body')}</p>
          </div>
          <AppLink href="/signin" className={buttonClassName('primary', 'px-5! py-3! text-base!')}>
            {t('marketing.cta.console')}
          </AppLink>
        </div>
      </section>
    </>
  );
}
