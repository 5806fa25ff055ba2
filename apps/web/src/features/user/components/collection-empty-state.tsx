import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useT } from '../../../lib/i18n/translate-context';

/** The NFT listing arrives later; until then a signed-in user sees this. */
export function CollectionEmptyState() {
  const t = useT();
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12">
      <h1 className="text-2xl font-bold">{t('collection.title')}</h1>
      <div className="mt-8">
        <EmptyState title={t('collection.empty')} description={t('collection.emptyBody')}>
          <Link to="/user" className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
            {t('collection.back')}
          </Link>
        </EmptyState>
      </div>
    </section>
  );
}
