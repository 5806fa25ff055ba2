// POST /api/v1-alpha1/faucet (issue 14 item 13; spec §9 "faucet 100 … per 3600 s"): test USDXM for an address on a
// local chain, so that a newcomer can pay for an order on the devnet.
import { z } from 'zod';
import { uuidSchema } from '../common.ts';
import { chainSchema } from './collections.ts';

const addressMessage = 'address must be an EVM address (0x followed by 40 hex digits)';

export const faucetBody = z
  .object({
    chain: chainSchema,
    address: z.string({ message: addressMessage }).regex(/^0x[0-9a-fA-F]{40}$/, addressMessage),
    orderId: uuidSchema.optional().meta({
      description: 'With Authorization: <clientSecret> instead of a key (the hosted sales page): the order that secret belongs to, paid on this chain',
    }),
  })
  .strict();
export type FaucetInput = z.output<typeof faucetBody>;

export const faucetResponse = z
  .object({
    chain: z.string(),
    address: z.string(),
    amount: z.object({ amount: z.string(), currency: z.string() }).meta({ description: '100 test USDXM (no value)' }),
    tokenAddress: z.string(),
    txId: z.string().meta({ description: 'The mint transaction, mined' }),
  })
  .meta({ id: 'FaucetGrant' });
export type FaucetResponse = z.infer<typeof faucetResponse>;
