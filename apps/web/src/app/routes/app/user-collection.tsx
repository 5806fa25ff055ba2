import { RequireAuth } from '../../../components/require-auth';
import { UserCollection } from '../../../features/user/components/user-collection';

/** `/user/collection`: the signed-in user's NFTs. */
export function Component() {
  return <RequireAuth>{() => <UserCollection />}</RequireAuth>;
}
