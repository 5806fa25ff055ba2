// A PostgreSQL database made for one run (a benchmark, the genuine-client suite on PostgreSQL in `npm test`) and
// dropped after it. KEEPSAKE_TEST_PG_URL names the server, as for the integration tests.
import pg from 'pg';

export const adminUrl = process.env.KEEPSAKE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function withScratchDatabase<T>(run: (url: string) => Promise<T>, prefix = 'ks_scratch'): Promise<T> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
