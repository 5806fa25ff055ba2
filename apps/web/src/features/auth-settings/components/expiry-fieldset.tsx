import { authConfigLimits } from '@keepsake/wire/console/auth-config';
import type { UseFormReturn } from 'react-hook-form';
import { useT } from '../../../lib/i18n/translate-context';
import type { AuthSettingsFormInput } from '../api/auth-settings-form-schema';
import { NumberSetting } from './number-setting';
import { SettingCheckbox } from '../../../components/setting-checkbox';

/** Magic link and passcode lifetimes, and PKCE for magic links. */
export function ExpiryFieldset({ form, editable }: { form: UseFormReturn<AuthSettingsFormInput>; editable: boolean }) {
  const t = useT();
  const errors = form.formState.errors;
  const minutes = { valueAsNumber: true } as const;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">{t('authSettings.expiries')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberSetting
          label={t('authSettings.magicLinkLoginMinutes')}
          registration={form.register('magicLinks.loginExpirationMinutes', minutes)}
          limits={authConfigLimits.magicLinkMinutes}
          error={errors.magicLinks?.loginExpirationMinutes?.message}
          editable={editable}
        />
        <NumberSetting
          label={t('authSettings.magicLinkSignupMinutes')}
          registration={form.register('magicLinks.signupExpirationMinutes', minutes)}
          limits={authConfigLimits.magicLinkMinutes}
          error={errors.magicLinks?.signupExpirationMinutes?.message}
          editable={editable}
        />
        <NumberSetting
          label={t('authSettings.emailOtpMinutes')}
          registration={form.register('otps.emailExpirationMinutes', minutes)}
          limits={authConfigLimits.otpMinutes}
          error={errors.otps?.emailExpirationMinutes?.message}
          editable={editable}
        />
        <NumberSetting
          label={t('authSettings.smsOtpMinutes')}
          registration={form.register('otps.smsExpirationMinutes', minutes)}
          limits={authConfigLimits.otpMinutes}
          error={errors.otps?.smsExpirationMinutes?.message}
          editable={editable}
        />
        <NumberSetting
          label={t('authSettings.whatsappOtpMinutes')}
          registration={form.register('otps.whatsappExpirationMinutes', minutes)}
          limits={authConfigLimits.otpMinutes}
          error={errors.otps?.whatsappExpirationMinutes?.message}
          editable={editable}
        />
      </div>
      <SettingCheckbox
        label={t('authSettings.magicLinkPkce')}
        hint={t('authSettings.magicLinkPkceHint')}
        disabled={!editable}
        {...form.register('magicLinks.pkceRequired')}
      />
      <SettingCheckbox
        label={t('authSettings.oauthPkce')}
        hint={t('authSettings.oauthPkceHint')}
        disabled={!editable}
        {...form.register('oauthPkceRequired')}
      />
    </fieldset>
  );
}
