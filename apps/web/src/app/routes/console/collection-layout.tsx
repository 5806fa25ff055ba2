import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Image } from '../../../components/ui/image';
import { LoadingState } from '../../../components/loading-state';
import { useCollection } from '../../../features/collections/api/get-collection';
import { CollectionTabs } from '../../../features/collections/components/collection-tabs';
import { DeployStatusBadge } from '../../../features/collections/components/deploy-status-badge';
import type { Collection } from '../../../features/collections/types/collection';
import { useCurrentProject } from '../../../features/projects/hooks/use-current-project';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';

export type CollectionOutlet = { collection: Collection; canManage: boolean };

/** What the per-collection pages receive from this layout. */
export function useCollectionOutlet(): CollectionOutlet {
  return useOutletContext<CollectionOutlet>();
}

/** `/console/collections/{id}/*`: the collection's header and tabs around its page. */
export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useCollection(id);
  const { projects } = useCurrentProject();

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return notFound ? <p role="alert">{t('collections.notFound')}</p> : <ErrorMessage error={query.error} />;
  }
  const collection = query.data;
  const role = projects.find((project) => project.id === collection.projectId)?.role;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <Image src={collection.imagePreviewUrl} alt="" seed={collection.id} loading="eager" className="size-14 rounded-lg" />
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">
              <span className="break-words">{collection.metadata.name}</span>
              <DeployStatusBadge status={collection.onChain.status} />
            </h1>
            <p className="text-sm text-slate-500">
              {collection.metadata.symbol} · {collection.deploy.chainName}
            </p>
          </div>
        </div>
        <Link to="/console/collections" className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
          {t('collections.backToList')}
        </Link>
      </div>
      <CollectionTabs collectionId={collection.id} />
      <Outlet context={{ collection, canManage: canManageProject(role) } satisfies CollectionOutlet} />
    </div>
  );
}
