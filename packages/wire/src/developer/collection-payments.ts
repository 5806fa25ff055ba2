// A collection's payment settings (issue 14 item 1): the collections API's `payments` object. Amounts are decimal
// strings on the wire; the server keeps them as integer minor units (fiat) or base units (tokens). Which token
// symbols a collection may use depends on its chain, so the server checks the currency against the chain.
import { z } from 'zod';

/** Who bears the checkout fees (§3): the buyer on top of the price, the seller out of it, or the buyer out of the price. */
export const feesPayers = ['buyer', 'seller', 'buyer-subtract'] as const;
export type FeesPayer = (typeof feesPayers)[number];

/** §9 multi-purchase limit: at most 15 NFTs per order. */
export const maxQuantityPerOrder = 15;

export const evmAddressMessage = 'recipientAddress must be an EVM address (0x followed by 40 hex digits)';
const addressSchema = z.string({ message: evmAddressMessage }).regex(/^0x[0-9a-fA-F]{40}$/, evmAddressMessage);

/** A non-negative amount as a decimal string ("0.01", "1500"); never a float. */
export const decimalAmountSchema = z
  .string({ message: 'price must be a decimal string such as "0.01"' })
  .regex(/^(0|[1-9]\d{0,17})(\.\d{1,18})?$/, 'price must be a decimal string such as "0.01" (up to 18 decimals)');

/** A fiat currency (`usd`…) or a token symbol of the collection's chain (`usdxm`, `usdc`, its native coin `eth`). */
export const currencySchema = z
  .string({ message: 'currency must be a string' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{2,12}$/, 'currency must be a currency code such as usd or a token symbol such as usdxm');

const quantityLimitSchema = z
  .number({ message: 'quantityLimit must be a whole number' })
  .int('quantityLimit must be a whole number')
  .min(1, 'quantityLimit must be at least 1')
  .max(maxQuantityPerOrder, `quantityLimit must be at most ${maxQuantityPerOrder} (the multi-purchase limit)`);

const settingFields = {
  price: decimalAmountSchema.meta({ description: 'The price of one NFT in `currency`, as a decimal string' }),
  currency: currencySchema.meta({
    description:
      "A fiat currency (usd, eur, aud, gbp, jpy, sgd, hkd, krw, inr, vnd) or a token of the collection's chain (usdxm on the devnet, its native coin such as eth); default: the chain's native coin",
  }),
  recipientAddress: addressSchema.meta({ description: "The seller's address that receives the proceeds" }),
  feesPayer: z.enum(feesPayers, { message: `feesPayer must be one of ${feesPayers.join(', ')}` }),
  enabled: z.boolean({ message: 'enabled must be a boolean value' }),
  hostedPage: z.boolean({ message: 'hostedPage must be a boolean value' }).meta({ description: 'Whether the hosted sales page sells this collection' }),
  allowDirectTemplateMinting: z.boolean({ message: 'allowDirectTemplateMinting must be a boolean value' }),
  quantityLimit: quantityLimitSchema.meta({ description: 'The most NFTs one order may buy (1–15)' }),
};

/**
 * Setting payments on create, or on a collection without them: price and recipient are required, the rest defaults
 * (currency: the chain's native coin; feesPayer buyer; enabled; no hosted page; no direct template minting; 15).
 */
export const paymentsInputSchema = z.object({
  price: settingFields.price,
  recipientAddress: settingFields.recipientAddress,
  currency: settingFields.currency.optional(),
  feesPayer: settingFields.feesPayer.optional(),
  enabled: settingFields.enabled.optional(),
  hostedPage: settingFields.hostedPage.optional(),
  allowDirectTemplateMinting: settingFields.allowDirectTemplateMinting.optional(),
  quantityLimit: settingFields.quantityLimit.optional(),
});
export type PaymentsInput = z.output<typeof paymentsInputSchema>;

/** PATCH: any of the settings, merged over the current ones (price and recipient are required when there are none). */
export const paymentsPatchSchema = paymentsInputSchema.partial();
export type PaymentsPatch = z.output<typeof paymentsPatchSchema>;

/** The settings as the API answers them. */
export const paymentsSchema = z
  .object({
    price: z.string(),
    currency: z.string(),
    recipientAddress: z.string(),
    feesPayer: z.enum(feesPayers),
    enabled: z.boolean(),
    hostedPage: z.boolean(),
    allowDirectTemplateMinting: z.boolean(),
    quantityLimit: z.number().int(),
  })
  .meta({ id: 'CollectionPayments' });
export type PaymentsResponse = z.infer<typeof paymentsSchema>;
