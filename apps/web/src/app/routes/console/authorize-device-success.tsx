import { useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage } from './console-page';

/** `/console/authorize-device/success`: the terminal signs in (or learns of the denial) on its next poll. */
export function Component() {
  const t = useT();
  const denied = useSearchParams()[0].get('status') === 'denied';
  return (
    <ConsolePage title={t('title.authorizeDeviceSuccess')}>
      <p role="status" className="text-sm">
        {t(denied ? 'cliAuth.device.denied' : 'cliAuth.device.approved')}
      </p>
    </ConsolePage>
  );
}
