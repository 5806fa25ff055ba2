// `npm run build --workspace @keepsake/contracts`: compiles the contracts when their sources changed.
import { ensureArtifacts } from './build.ts';

const { built, ms } = ensureArtifacts();
if (built) console.log(`Compiled the contracts in ${(ms / 1000).toFixed(1)} s`);
