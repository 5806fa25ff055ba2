// The test card processor's records in the database (ADR 102's TestPaymentStore; ADR 105): an order paid with a
// test card can still be refunded after a restart. Brand and last 4 only (the processor never keeps a number),
// and not the payment's client secret, which the test processor's form does not use.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { testCardRecords } from '@keepsake/db/schema';
import type { CardPayment, CardRefund } from '../../payments/cards/processor.ts';
import type { TestPaymentStore } from '../../payments/cards/test-processor.ts';

async function read(db: Database, key: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select().from(testCardRecords).where(eq(testCardRecords.key, key));
  return row?.data;
}

async function write(db: Database, key: string, data: Record<string, unknown>) {
  await db
    .insert(testCardRecords)
    .values({ key, data })
    .onConflictDoUpdate({ target: testCardRecords.key, set: { data: sql`excluded.data` } });
}

export function createDatabaseTestPaymentStore(db: Database): TestPaymentStore {
  return {
    async get(id) {
      const data = await read(db, `payment:${id}`);
      return data && ({ ...data, clientSecret: '', createdAt: new Date(data.createdAt as string) } as unknown as CardPayment);
    },
    async put(payment) {
      await write(db, `payment:${payment.id}`, { ...payment, clientSecret: '', createdAt: payment.createdAt.toISOString() });
    },
    async claimIdempotencyKey(key, fingerprint, id) {
      await db
        .insert(testCardRecords)
        .values({ key: `key:${key}`, data: { fingerprint, id } })
        .onConflictDoNothing();
      return (await read(db, `key:${key}`)) as { fingerprint: string; id: string };
    },
    async getRefund(id) {
      const data = await read(db, `refund:${id}`);
      return data && ({ ...data, createdAt: new Date(data.createdAt as string) } as unknown as CardRefund);
    },
    async putRefund(refund) {
      await write(db, `refund:${refund.id}`, { ...refund, createdAt: refund.createdAt.toISOString() });
    },
  };
}
