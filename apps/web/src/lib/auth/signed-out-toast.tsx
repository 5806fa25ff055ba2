import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../i18n/translate-context';
import { takeSignedOutNotice } from './signed-out-notice';

/** Shows "You have been signed out" once on the page a sign-out lands on (the Toaster announces it as a status). */
export function SignedOutToast() {
  const t = useT();
  useEffect(() => {
    if (takeSignedOutNotice()) toast.success(t('auth.signedOut'), { id: 'signed-out' });
  }, [t]);
  return null;
}
