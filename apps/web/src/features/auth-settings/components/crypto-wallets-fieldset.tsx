import type { UseFormReturn } from 'react-hook-form';
import { useT } from '../../../lib/i18n/translate-context';
import type { AuthSettingsFormInput } from '../api/auth-settings-form-schema';
import { SettingCheckbox } from '../../../components/setting-checkbox';

/** Crypto wallet sign-in: whether Ethereum wallets sign a Sign-In with Ethereum (EIP-4361) message. */
export function CryptoWalletsFieldset({ form, editable }: { form: UseFormReturn<AuthSettingsFormInput>; editable: boolean }) {
  const t = useT();
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">{t('authSettings.cryptoWallets')}</legend>
      <SettingCheckbox
        label={t('authSettings.siweRequired')}
        hint={t('authSettings.siweRequiredHint')}
        disabled={!editable}
        {...form.register('cryptoWallets.siweRequired')}
      />
    </fieldset>
  );
}
