import { useState, type ChangeEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../lib/i18n/translate-context';
import type { AuthSettingsFormInput } from '../api/auth-settings-form-schema';
import { SettingCheckbox } from '../../../components/setting-checkbox';

type Toggle = 'captchaEnabled' | 'mfaRequired';

/**
 * Captcha and MFA. Turning either on changes what every app of the project must do, so it is confirmed first in a
 * dialog that says what happens; turning it off needs no confirmation. Nothing is stored until the form is saved.
 */
export function ProtectionFieldset({ form, editable }: { form: UseFormReturn<AuthSettingsFormInput>; editable: boolean }) {
  const t = useT();
  const [confirming, setConfirming] = useState<Toggle | null>(null);
  const values = { captchaEnabled: form.watch('captchaEnabled'), mfaRequired: form.watch('mfaRequired') };
  const set = (name: Toggle, value: boolean) => form.setValue(name, value, { shouldDirty: true });
  const toggle = (name: Toggle) => (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.checked) setConfirming(name);
    else set(name, false);
  };
  const copy = {
    captchaEnabled: {
      title: t('authSettings.captchaConfirmTitle'),
      description: t('authSettings.captchaConfirmBody'),
      confirm: t('authSettings.captchaConfirm'),
    },
    mfaRequired: { title: t('authSettings.mfaConfirmTitle'), description: t('authSettings.mfaConfirmBody'), confirm: t('authSettings.mfaConfirm') },
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">{t('authSettings.protection')}</legend>
      <SettingCheckbox
        label={t('authSettings.captcha')}
        hint={t('authSettings.captchaHint')}
        name="captchaEnabled"
        checked={values.captchaEnabled}
        disabled={!editable}
        onChange={toggle('captchaEnabled')}
      />
      <SettingCheckbox
        label={t('authSettings.mfa')}
        hint={t('authSettings.mfaHint')}
        name="mfaRequired"
        checked={values.mfaRequired}
        disabled={!editable}
        onChange={toggle('mfaRequired')}
      />
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={copy[confirming].title}
          description={copy[confirming].description}
          confirmLabel={copy[confirming].confirm}
          onConfirm={() => {
            set(confirming, true);
            setConfirming(null);
          }}
        />
      )}
    </fieldset>
  );
}
