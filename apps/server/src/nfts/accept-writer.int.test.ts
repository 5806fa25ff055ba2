// The accept writer's group commit (ADR 053) on a real database: concurrent writes share one transaction and
// each caller gets exactly its own rows, committed before it is answered; a write that fails inside a group
// fails alone while the others are committed; a lone write is not held back waiting for company.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { createAcceptWriter } from './accept-writer.ts';

let server: TestServer;
const table = `accept_writer_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

beforeAll(async () => {
  server = await startTestServer();
  await server.ctx.db.execute(sql.raw(`create table ${table} (id uuid primary key, label text not null, txid bigint not null)`));
});
afterAll(async () => {
  await server?.ctx.db.execute(sql.raw(`drop table if exists ${table}`));
  await server?.close();
});

type Mint = { id: string; label: string | null };
type Row = { id: string; txid: string };

/** Inserts the mints with the id of the transaction that wrote them; a null label violates NOT NULL. */
function writerFor(groups: string[][]) {
  return createAcceptWriter<Mint, Row>(
    async (mints) => {
      groups.push(mints.map((m) => m.id));
      // One statement: atomic on its own, as the mint insert is.
      const raw: unknown = await server.ctx.db.execute(
        sql`insert into ${sql.raw(table)} (id, label, txid)
            select v.id, v.label, txid_current() from jsonb_to_recordset(${JSON.stringify(mints)}::jsonb) as v(id uuid, label text)
            returning id, txid::text`,
      );
      return (raw as { rows: Row[] }).rows;
    },
    { maxInFlight: 1, maxRows: 1_000 },
  );
}

const stored = async (ids: string[]) => {
  const raw: unknown = await server.ctx.db.execute(sql`select id, label from ${sql.raw(table)} where id = any(${`{${ids.join(',')}}`}::uuid[])`);
  return (raw as { rows: Array<{ id: string; label: string }> }).rows;
};

describe(`accept writer (${testDb})`, () => {
  it('writes concurrent calls together, answers each with its own committed rows', async () => {
    const groups: string[][] = [];
    const writer = writerFor(groups);
    const calls = Array.from({ length: 40 }, (_, i) => Array.from({ length: (i % 3) + 1 }, (_, j) => ({ id: randomUUID(), label: `call ${i}.${j}` })));
    const answers = await Promise.all(calls.map((mints) => writer.write(mints)));

    answers.forEach((rows, i) => expect(rows.map((r) => r.id)).toEqual(calls[i]!.map((m) => m.id)));
    // Calls made in the same tick share a transaction: far fewer transactions than calls.
    expect(groups.length).toBeLessThan(5);
    expect(new Set(answers.flat().map((r) => r.txid)).size).toBe(groups.length);
    const all = calls.flat();
    expect((await stored(all.map((m) => m.id))).length).toBe(all.length);
  });

  it('fails only the call whose rows cannot be written; the rest of its group is committed', async () => {
    const groups: string[][] = [];
    const writer = writerFor(groups);
    const good1 = [{ id: randomUUID(), label: 'good 1' }];
    const bad = [
      { id: randomUUID(), label: 'fine' },
      { id: randomUUID(), label: null },
    ];
    const good2 = [{ id: randomUUID(), label: 'good 2' }];
    const [a, b, c] = await Promise.allSettled([writer.write(good1), writer.write(bad), writer.write(good2)]);

    expect(a.status).toBe('fulfilled');
    expect(c.status).toBe('fulfilled');
    expect(b.status).toBe('rejected');
    const reason = (b as PromiseRejectedResult).reason as Error & { cause?: unknown };
    expect(String(reason.cause)).toMatch(/null value/i); // the database's own error, from the call's own transaction
    expect(groups[0]).toHaveLength(4); // first tried together
    const rows = await stored([...good1, ...bad, ...good2].map((m) => m.id));
    expect(rows.map((r) => r.label).sort()).toEqual(['good 1', 'good 2']); // the bad call's good row rolled back with it
  });

  it('writes a lone call at once, and calls arriving during a write join the next group', async () => {
    const groups: string[][] = [];
    const writer = writerFor(groups);
    const first = writer.write([{ id: randomUUID(), label: 'alone' }]);
    await new Promise((resolve) => setImmediate(resolve));
    const later = Array.from({ length: 10 }, () => writer.write([{ id: randomUUID(), label: 'later' }]));
    await Promise.all([first, ...later]);
    expect(groups.map((g) => g.length)).toEqual([1, 10]);
  });
});
