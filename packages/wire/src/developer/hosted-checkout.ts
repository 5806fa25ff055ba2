// The hosted sales page's public API (/api/checkout/collections/{collectionId}; issue 14 item 16, ADR 109): what the
// page shows of a collection on sale, and creating an order from the page. No API key: the collection must have
// payments enabled and its hosted page on. The order answered is read and paid with its client secret, through the
// Orders API (`Authorization: <clientSecret>`).
import { z } from 'zod';
import { uuidSchema } from '../common.ts';
import { feesPayers, maxQuantityPerOrder } from './collection-payments.ts';
import { createOrderBody } from './orders.ts';

export const hostedCheckoutParams = z.object({ collectionId: uuidSchema });

/** §5: an unsupported currency falls back to usd (the server answers which one it used). */
export const hostedSaleQuery = z.object({
  currency: z.string({ message: 'currency must be a string' }).max(12, 'currency must be a currency code such as usd').optional(),
});

const money = z.object({ amount: z.string(), currency: z.string() });

export const hostedSaleResponse = z
  .object({
    collectionId: z.string(),
    name: z.string(),
    description: z.string(),
    imageUrl: z.string().optional(),
    branding: z.object({ bannerUrl: z.string().optional(), primaryColor: z.string().optional(), backgroundColor: z.string().optional() }),
    chain: z.string(),
    tokenExplorer: z.string().nullable().meta({
      description:
        "A delivered token's page on the chain's block explorer, with {contractAddress} and {tokenId} to fill in; null when the chain has none (the devnet)",
    }),
    quantityLimit: z.number().int().meta({ description: 'The most NFTs one order may buy (1–15)' }),
    price: money.meta({ description: "One NFT at the collection's own price" }),
    feePercent: z.number().meta({ description: "The plan's fee tier: 0, 1 or 3 % of the subtotal" }),
    feesPayer: z.enum(feesPayers),
    devRates: z.boolean().meta({ description: 'True when converted with the embedded dev rates, not market rates' }),
    card: z
      .object({
        currency: z.string().meta({ description: "The buyer's fiat currency (the currency parameter, else usd)" }),
        unitPrice: money,
        processor: z.object({
          name: z.string(),
          label: z.string(),
          test: z.boolean(),
          publishableKey: z.string().optional().meta({ description: "Stripe: the publishable key Stripe.js's Payment Element is loaded with" }),
        }),
      })
      .nullable()
      .meta({ description: 'Paying by card; null when card payments are not configured' }),
    crypto: z
      .object({
        method: z.string().meta({ description: 'The chain, as payment.method' }),
        chainId: z.number().int(),
        currency: z.string().meta({ description: "The token paid with: the collection's token, else a USD stablecoin of the chain, else its native coin" }),
        unitPrice: money,
        flatFee: money.meta({ description: 'The 0.5 USD crypto order fee, in the token' }),
        test: z.boolean(),
        network: z
          .object({
            name: z.string(),
            rpcUrls: z.array(z.string()),
            nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
          })
          .meta({ description: "What a wallet needs to add the chain (wallet_addEthereumChain): a local chain's RPC URL, else the chain's public one" }),
      })
      .nullable()
      .meta({ description: "Paying with a wallet; null when the server has no payment contract on the collection's chain" }),
  })
  .meta({ id: 'HostedSale' });
export type HostedSaleResponse = z.infer<typeof hostedSaleResponse>;

/** An order from the hosted page: one line of the collection, `quantity` NFTs; the rest as the Orders API takes it. */
export const hostedOrderBody = createOrderBody.omit({ lineItems: true }).extend({
  quantity: z
    .number({ message: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(maxQuantityPerOrder, `quantity must be at most ${maxQuantityPerOrder} (the multi-purchase limit)`),
});
export type HostedOrderInput = z.output<typeof hostedOrderBody>;
