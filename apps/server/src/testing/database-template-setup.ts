// Vitest global setup of the integration project (vitest.config.ts): migrates one database template for the run, on
// the engine that KEEPSAKE_TEST_DB picks, and removes it afterwards. Each test server's database starts as a copy
// of it (database-template.ts, ADR 112).
import { prepareDatabaseTemplate } from './database-template.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const engine = process.env.KEEPSAKE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  return prepareDatabaseTemplate(engine);
}
