// Vitest global setup: compiles the contracts (only when their sources changed) before any test deploys them.
import { ensureArtifacts } from '@keepsake/contracts/build';

export default function setup(): void {
  ensureArtifacts();
}
