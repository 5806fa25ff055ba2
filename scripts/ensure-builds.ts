// `npm start`'s pre-start step: the contract artifacts and the web app, each built only when stale.
import { ensureContractsBuild, ensureWebBuild } from './builds.ts';

try {
  ensureContractsBuild();
  ensureWebBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
