import { RequireAuth } from '../../../components/require-auth';
import { CollectionEmptyState } from '../../../features/user/components/collection-empty-state';

export function Component() {
  return <RequireAuth>{() => <CollectionEmptyState />}</RequireAuth>;
}
