import { RequireAuth } from '../../../components/require-auth';
import { UserHome } from '../../../features/user/components/user-home';

export function Component() {
  return <RequireAuth>{(session) => <UserHome user={session.user} />}</RequireAuth>;
}
