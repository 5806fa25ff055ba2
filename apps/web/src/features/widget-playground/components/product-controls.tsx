import { Products, type OTPMethod, type Product } from '@keepsake/auth-ui';
import { widgetLimits } from '@keepsake/wire/console/widget-settings';
import type { Dispatch } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { SettingCheckbox } from '../../../components/setting-checkbox';
import { TextField } from '../../../components/text-field';
import type { MessageKey } from '../../../lib/i18n/translate';
import { useT } from '../../../lib/i18n/translate-context';
import { ALL_OTP_METHODS, WIDGET_DEFAULT_MINUTES, type PlaygroundAction, type PlaygroundState } from '../lib/draft';

const PRODUCT_LABELS: Partial<Record<Product, MessageKey>> = {
  emailMagicLinks: 'widgetPlayground.product.emailMagicLinks',
  oauth: 'widgetPlayground.product.oauth',
  otp: 'widgetPlayground.product.otp',
  crypto: 'widgetPlayground.product.crypto',
  passwords: 'widgetPlayground.product.passwords',
  passkeys: 'widgetPlayground.product.passkeys',
};

const METHOD_LABELS: Record<OTPMethod, MessageKey> = {
  email: 'widgetPlayground.otp.email',
  sms: 'widgetPlayground.otp.sms',
  whatsapp: 'widgetPlayground.otp.whatsapp',
};

/** A product's name in the playground; one the widget added later shows its config name. */
export function useProductLabel() {
  const t = useT();
  return (product: Product) => {
    const key = PRODUCT_LABELS[product];
    return key ? t(key) : product;
  };
}

type MinutesFieldProps = { label: string; limits: { min: number; max: number }; initial: number; onMinutes: (minutes: number) => void };

/** A number of minutes with its range; while the text is not a whole number the draft keeps its last good value. */
function MinutesField({ label, limits, initial, onMinutes }: MinutesFieldProps) {
  const t = useT();
  return (
    <TextField
      label={label}
      hint={t('widgetPlayground.minutesRange', limits)}
      type="number"
      inputMode="numeric"
      min={limits.min}
      max={limits.max}
      defaultValue={initial}
      onChange={(event) => {
        if (/^\d+$/.test(event.target.value)) onMinutes(Number(event.target.value));
      }}
    />
  );
}

type Props = { state: PlaygroundState; dispatch: Dispatch<PlaygroundAction>; oauthProviders: readonly string[] };

/** Products on and off, in order, with each one's options (spec §3 "Widget config"). */
export function ProductControls({ state, dispatch, oauthProviders }: Props) {
  const t = useT();
  const label = useProductLabel();
  const { config } = state.draft;
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">{t('widgetPlayground.products')}</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('widgetPlayground.productsHint')}</p>
      <ol
        aria-label={t('widgetPlayground.productOrder')}
        className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200 dark:divide-slate-700 dark:ring-slate-700"
      >
        {state.order.map((product, index) => {
          const on = config.products.includes(product);
          return (
            <li key={product} className="space-y-3 p-3">
              <div className="flex items-center gap-2">
                <div className="min-w-0 flex-1">
                  <SettingCheckbox
                    label={label(product)}
                    hint={product === Products.passkeys ? t('widgetPlayground.passkeysHint') : undefined}
                    checked={on}
                    onChange={(event) => dispatch({ type: 'toggleProduct', product, on: event.target.checked })}
                  />
                </div>
                <Button
                  variant="secondary"
                  aria-label={t('widgetPlayground.moveUp', { product: label(product) })}
                  disabled={!on || index === 0}
                  onClick={() => dispatch({ type: 'moveProduct', product, by: -1 })}
                >
                  <span aria-hidden="true">↑</span>
                </Button>
                <Button
                  variant="secondary"
                  aria-label={t('widgetPlayground.moveDown', { product: label(product) })}
                  disabled={!on || index === config.products.length - 1}
                  onClick={() => dispatch({ type: 'moveProduct', product, by: 1 })}
                >
                  <span aria-hidden="true">↓</span>
                </Button>
              </div>
              {on && product === Products.otp && <OtpOptions state={state} dispatch={dispatch} />}
              {on && product === Products.oauth && <OauthOptions state={state} dispatch={dispatch} oauthProviders={oauthProviders} />}
            </li>
          );
        })}
      </ol>
      <MinutesField
        label={t('widgetPlayground.sessionDuration')}
        limits={widgetLimits.sessionDurationMinutes}
        initial={config.sessionOptions?.sessionDurationMinutes ?? WIDGET_DEFAULT_MINUTES.sessionDuration}
        onMinutes={(minutes) => dispatch({ type: 'setSessionDuration', minutes })}
      />
      <SettingCheckbox
        label={t('widgetPlayground.shadowDom')}
        hint={t('widgetPlayground.shadowDomHint')}
        checked={config.enableShadowDOM === true}
        onChange={(event) => dispatch({ type: 'setShadowDom', on: event.target.checked })}
      />
    </fieldset>
  );
}

function OtpOptions({ state, dispatch }: Omit<Props, 'oauthProviders'>) {
  const t = useT();
  const otp = state.draft.config.otpOptions;
  return (
    <div className="ml-6 space-y-3">
      <fieldset>
        <legend className="text-sm font-medium">{t('widgetPlayground.otpMethods')}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {ALL_OTP_METHODS.map((method) => (
            <SettingCheckbox
              key={method}
              label={t(METHOD_LABELS[method])}
              checked={otp?.methods.includes(method) ?? method === 'email'}
              onChange={(event) => dispatch({ type: 'toggleOtpMethod', method, on: event.target.checked })}
            />
          ))}
        </div>
      </fieldset>
      <MinutesField
        label={t('widgetPlayground.otpExpiration')}
        limits={widgetLimits.otpExpirationMinutes}
        initial={otp?.expirationMinutes ?? WIDGET_DEFAULT_MINUTES.otpExpiration}
        onMinutes={(minutes) => dispatch({ type: 'setOtpExpiration', minutes })}
      />
    </div>
  );
}

function OauthOptions({ state, dispatch, oauthProviders }: Props) {
  const t = useT();
  const chosen = state.draft.config.oauthOptions?.providers.map((provider) => provider.type) ?? [];
  // A provider saved earlier whose client has since been removed stays listed, so it can be switched off.
  const listed = [...new Set([...oauthProviders, ...chosen])];
  return (
    <fieldset className="ml-6">
      <legend className="text-sm font-medium">{t('widgetPlayground.oauthProviders')}</legend>
      {listed.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t('widgetPlayground.noOauthProviders')}{' '}
          <Link to="/console/projects/settings" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
            {t('widgetPlayground.oauthSettingsLink')}
          </Link>
        </p>
      ) : (
        <div className="mt-1 flex flex-wrap gap-4">
          {listed.map((provider) => (
            <SettingCheckbox
              key={provider}
              label={provider}
              checked={chosen.includes(provider)}
              onChange={(event) => dispatch({ type: 'toggleOauthProvider', provider, on: event.target.checked })}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
