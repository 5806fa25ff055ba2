import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { useT } from '../../../lib/i18n/translate-context';

/** The end of a collection settings form: the server's error, then Save for managers or a read-only note. */
export function SaveFooter({ canManage, saving, error }: { canManage: boolean; saving: boolean; error: Error | null }) {
  const t = useT();
  return (
    <>
      {error && <ErrorMessage error={error} />}
      {canManage ? (
        <Button type="submit" loading={saving}>
          {t('collections.save')}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">{t('collections.readOnly')}</p>
      )}
    </>
  );
}
