import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { useDeviceDecision, useDeviceLookup } from '../api/device';

/** `/console/authorize-device`: the developer checks the code their terminal shows, then approves or denies it. */
export function AuthorizeDevice() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const userCode = params.get('user_code')?.trim().toUpperCase() || undefined;
  const [typed, setTyped] = useState(userCode ?? '');
  const lookup = useDeviceLookup(userCode);
  const decision = useDeviceDecision();

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) setParams({ user_code: typed.trim().toUpperCase() });
  };
  const decide = (approve: boolean) =>
    decision.mutate({ userCode: userCode!, approve }, { onSuccess: (answer) => void navigate(`/console/authorize-device/success?status=${answer.status}`) });

  return (
    <section aria-labelledby="authorize-device" className="max-w-lg space-y-6 rounded-lg border border-slate-200 p-6 dark:border-slate-800">
      <h2 id="authorize-device" className="text-lg font-semibold">
        {t('cliAuth.device.heading')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('cliAuth.device.intro')}</p>
      <form onSubmit={submitCode} className="flex flex-wrap items-end gap-3">
        <TextField
          label={t('cliAuth.device.codeLabel')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
        <Button type="submit" variant="secondary">
          {t('cliAuth.device.check')}
        </Button>
      </form>
      {userCode && lookup.isPending ? <LoadingState /> : null}
      {lookup.error ? <ErrorMessage error={lookup.error} /> : null}
      {lookup.data ? (
        <div className="space-y-4">
          <p className="text-sm">
            {t('cliAuth.device.confirm')} <strong className="font-mono text-lg">{lookup.data.user_code}</strong>
          </p>
          {lookup.data.device_name ? (
            <p className="text-sm">
              {t('cliAuth.device.deviceName')} <strong className="break-all">{lookup.data.device_name}</strong>
            </p>
          ) : null}
          {decision.error ? <ErrorMessage error={decision.error} /> : null}
          <div className="flex gap-3">
            <Button onClick={() => decide(true)} loading={decision.isPending && decision.variables?.approve === true} disabled={decision.isPending}>
              {t('cliAuth.device.approve')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => decide(false)}
              loading={decision.isPending && decision.variables?.approve === false}
              disabled={decision.isPending}
            >
              {t('cliAuth.device.deny')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
