import { RequireAuth } from '../../../components/require-auth';
import { CliSignIn } from '../../../features/cli-auth/components/cli-signin';

/** `/cli-signin`: the CLI's browser sign-in (loopback grant, ADR 114); anonymous visitors sign in first. */
export function Component() {
  return <RequireAuth>{() => <CliSignIn />}</RequireAuth>;
}
