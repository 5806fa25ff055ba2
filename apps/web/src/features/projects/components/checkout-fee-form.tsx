import { checkoutFeePercents, type CheckoutFeePercent } from '@keepsake/wire/console/projects';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { useCheckoutSettings, useUpdateCheckoutSettings } from '../api/checkout-settings';
import type { Project } from '../types/project';

/** The plan's checkout fee tier (§9: 0, 1 or 3 %); owners and admins change it, others read it. */
export function CheckoutFeeForm({ project }: { project: Project }) {
  const t = useT();
  const settings = useCheckoutSettings(project.id);
  const update = useUpdateCheckoutSettings(project.id);
  const editable = canManageProject(project.role);
  const [chosen, setChosen] = useState<CheckoutFeePercent | undefined>(undefined);
  const current = chosen ?? settings.data?.feePercent;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (current === undefined) return;
    const saved = await update.mutateAsync({ feePercent: current }).catch(() => null);
    if (saved) {
      setChosen(undefined);
      toast.success(t('settings.checkout.saved'));
    }
  }

  return (
    <section aria-labelledby="checkout-fee-title" className="max-w-2xl space-y-3">
      <h2 id="checkout-fee-title" className="text-lg font-semibold">
        {t('settings.checkout.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('settings.checkout.intro')}</p>
      {settings.isPending && <SkeletonRows rows={1} label={t('settings.checkout.loading')} />}
      {settings.isError && <ErrorMessage error={settings.error} />}
      {settings.data && (
        <form onSubmit={submit} className="space-y-4">
          <fieldset disabled={!editable}>
            <legend className="text-sm font-medium">{t('settings.checkout.tier')}</legend>
            <div className="mt-2 flex flex-wrap gap-6">
              {checkoutFeePercents.map((percent) => (
                <label key={percent} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="feePercent"
                    value={percent}
                    checked={current === percent}
                    onChange={() => setChosen(percent)}
                    className="size-4 accent-indigo-600"
                  />
                  {t('settings.checkout.percent', { percent })}
                </label>
              ))}
            </div>
          </fieldset>
          {!editable && <p className="text-sm text-slate-500">{t('settings.checkout.readOnly')}</p>}
          {update.error && <ErrorMessage error={update.error} />}
          {editable && (
            <Button type="submit" loading={update.isPending} disabled={chosen === undefined || chosen === settings.data.feePercent}>
              {t('settings.checkout.save')}
            </Button>
          )}
        </form>
      )}
    </section>
  );
}
