import { useT } from '../../../lib/i18n/translate-context';
import { checkoutSteps, type Progress } from '../lib/progress';

/** The order's steps, quote → payment → delivery → completed: a progress bar and the list of steps. */
export function ProgressSteps({ progress }: { progress: Progress }) {
  const t = useT();
  const done = progress.state === 'delivered' || progress.state === 'delivery-failed';
  const current = checkoutSteps[progress.step]!;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label={t('checkout.progress.label')}
        aria-valuemin={0}
        aria-valuemax={checkoutSteps.length - 1}
        aria-valuenow={progress.step}
        aria-valuetext={t(`checkout.progress.${current}`)}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-all dark:bg-indigo-400"
          style={{ width: `${(progress.step / (checkoutSteps.length - 1)) * 100}%` }}
        />
      </div>
      <ol aria-label={t('checkout.progress.steps')} className="grid grid-cols-4 gap-1 text-center text-xs">
        {checkoutSteps.map((step, index) => {
          const reached = index < progress.step || (done && index === progress.step);
          const isCurrent = index === progress.step && !done;
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className={
                isCurrent
                  ? 'font-semibold text-indigo-700 dark:text-indigo-300'
                  : reached
                    ? 'text-slate-900 dark:text-slate-100'
                    : 'text-slate-600 dark:text-slate-400'
              }
            >
              {reached ? '✓ ' : ''}
              {t(`checkout.progress.${step}`)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
