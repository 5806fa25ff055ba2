import { AuthorizeDevice } from '../../../features/cli-auth/components/authorize-device';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage } from './console-page';

/** `/console/authorize-device?user_code=…` (RFC 8628 verification page, ADR 114). */
export function Component() {
  const t = useT();
  return (
    <ConsolePage title={t('title.authorizeDevice')}>
      <AuthorizeDevice />
    </ConsolePage>
  );
}
