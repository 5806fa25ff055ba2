import { authConfigLimits } from '@keepsake/wire/console/auth-config';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField } from '../../../components/select-field';
import { useT } from '../../../lib/i18n/translate-context';
import type { AuthSettingsFormInput } from '../api/auth-settings-form-schema';
import { NumberSetting } from './number-setting';
import { SettingCheckbox } from '../../../components/setting-checkbox';

/** The password strength policy (zxcvbn or LUDS with its counts), reset links and the breached-password check. */
export function PasswordPolicyFieldset({ form, editable }: { form: UseFormReturn<AuthSettingsFormInput>; editable: boolean }) {
  const t = useT();
  const errors = form.formState.errors.passwords;
  const whole = { valueAsNumber: true } as const;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">{t('authSettings.passwords')}</legend>
      <SelectField
        label={t('authSettings.strengthPolicy')}
        disabled={!editable}
        options={[
          { value: 'zxcvbn', label: t('authSettings.policyZxcvbn') },
          { value: 'luds', label: t('authSettings.policyLuds') },
        ]}
        {...form.register('passwords.strengthPolicy')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberSetting
          label={t('authSettings.ludsMinimumCount')}
          registration={form.register('passwords.ludsMinimumCount', whole)}
          limits={authConfigLimits.ludsMinimumCount}
          error={errors?.ludsMinimumCount?.message}
          editable={editable}
        />
        <NumberSetting
          label={t('authSettings.ludsComplexity')}
          registration={form.register('passwords.ludsComplexity', whole)}
          limits={authConfigLimits.ludsComplexity}
          error={errors?.ludsComplexity?.message}
          editable={editable}
          hint={t('authSettings.ludsHint')}
        />
        <NumberSetting
          label={t('authSettings.resetMinutes')}
          registration={form.register('passwords.resetExpirationMinutes', whole)}
          limits={authConfigLimits.resetMinutes}
          error={errors?.resetExpirationMinutes?.message}
          editable={editable}
        />
      </div>
      <SettingCheckbox label={t('authSettings.resetPkce')} disabled={!editable} {...form.register('passwords.pkceRequiredForResets')} />
      <SettingCheckbox
        label={t('authSettings.breachCheck')}
        hint={t('authSettings.breachCheckHint')}
        disabled={!editable}
        {...form.register('passwords.breachCheckOnLogin')}
      />
    </fieldset>
  );
}
