import { PasskeysSection } from '../../../features/account/components/passkeys-section';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage } from './console-page';

export function Component() {
  const t = useT();
  return (
    <ConsolePage title={t('account.title')}>
      <div className="space-y-10">
        <PasskeysSection />
      </div>
    </ConsolePage>
  );
}
