import { PasskeysSection } from '../../../features/account/components/passkeys-section';
import { CliTokensSection } from '../../../features/cli-tokens/components/cli-tokens-section';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage } from './console-page';

/** `/console/account` (spec §2 console pages): the developer's passkeys and CLI tokens (ADR 114). */
export function Component() {
  const t = useT();
  return (
    <ConsolePage title={t('account.title')}>
      <div className="space-y-10">
        <PasskeysSection />
        <CliTokensSection />
      </div>
    </ConsolePage>
  );
}
