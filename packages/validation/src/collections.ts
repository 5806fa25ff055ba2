// Collection validation of spec §5, shared by the server (developer and console API) and the web app (the
// console's forms): the same rules, the same messages, word for word.
import { z } from 'zod';
import { maxUrlLength, normalizeUrl } from './urls.ts';

/** The spec's messages (§5), and ours for the limits it does not word. */
export const collectionMessages = {
  nameEmpty: 'Name cannot be empty',
  nameTooLong: 'Name must be at most 100 characters',
  descriptionEmpty: 'Description cannot be empty',
  descriptionTooLong: 'Description must be at most 500 characters',
  imageUrl: 'Image url should be a valid url, starting with https://',
  twitter: 'Please enter a valid Twitter/X handle',
  url: 'Invalid URL',
  symbol: 'Symbol must be 1 to 10 letters or digits',
  supplyLimit: 'Supply limit must be a whole number of at least 1',
  fungibility: 'Fungibility must be non-fungible or semi-fungible',
  color: 'Colors are written #RRGGBB',
} as const;

export const maxNameLength = 100;
export const maxDescriptionLength = 500;
export const maxSymbolLength = 10;
/** The largest supply limit: JSON numbers stay exact up to here. */
export const maxSupplyLimit = Number.MAX_SAFE_INTEGER;

export const fungibilities = ['non-fungible', 'semi-fungible'] as const;
export type Fungibility = (typeof fungibilities)[number];

/** Title (the API's `metadata.name`): 1–100 characters with at least one that is not whitespace. */
export const collectionNameSchema = z
  .string({ message: collectionMessages.nameEmpty })
  .refine((value) => value.trim().length > 0, collectionMessages.nameEmpty)
  .refine((value) => value.length <= maxNameLength, collectionMessages.nameTooLong);

/** 1–500 characters with at least one that is not whitespace. */
export const collectionDescriptionSchema = z
  .string({ message: collectionMessages.descriptionEmpty })
  .refine((value) => value.trim().length > 0, collectionMessages.descriptionEmpty)
  .refine((value) => value.length <= maxDescriptionLength, collectionMessages.descriptionTooLong);

/** Empty, or a URL by the §5 rules; the output is normalised (http upgraded to https) or ''. */
function optionalUrl(message: string) {
  return z
    .string({ message })
    .max(maxUrlLength, message)
    .transform((value, context) => {
      if (value.trim() === '') return '';
      const url = normalizeUrl(value);
      if (url === undefined) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return url;
    });
}

/** Empty, or a valid URL (https, http on localhost, or ipfs://). */
export const imageUrlSchema = optionalUrl(collectionMessages.imageUrl);

/** Empty, or a valid URL. */
export const websiteUrlSchema = optionalUrl(collectionMessages.url);

const handlePattern = /^@?([A-Za-z0-9_]{4,15})$/;
const profilePattern = /^(?:https?:\/\/)?(?:www\.|mobile\.)?(?:twitter|x)\.com\/@?([A-Za-z0-9_]{4,15})\/?(?:[?#]\S*)?$/i;

/** Empty, or a Twitter/X handle (4–15 letters, digits, underscores; an optional @ or a profile URL). Output: the bare handle or ''. */
export const twitterHandleSchema = z
  .string({ message: collectionMessages.twitter })
  .max(200, collectionMessages.twitter)
  .transform((value, context) => {
    const trimmed = value.trim();
    if (trimmed === '') return '';
    const handle = handlePattern.exec(trimmed)?.[1] ?? profilePattern.exec(trimmed)?.[1];
    if (!handle) {
      context.addIssue({ code: 'custom', message: collectionMessages.twitter });
      return z.NEVER;
    }
    return handle;
  });

/** The token symbol: 1–10 letters or digits, kept upper-case as wallets show it. */
export const collectionSymbolSchema = z
  .string({ message: collectionMessages.symbol })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9]{1,${maxSymbolLength}}$`), collectionMessages.symbol)
  .transform((value) => value.toUpperCase());

export const fungibilitySchema = z.enum(fungibilities, { message: collectionMessages.fungibility });

export const supplyLimitSchema = z
  .number({ message: collectionMessages.supplyLimit })
  .int(collectionMessages.supplyLimit)
  .min(1, collectionMessages.supplyLimit)
  .max(maxSupplyLimit, collectionMessages.supplyLimit);

/** A `#RRGGBB` color, or empty. */
export const colorSchema = z
  .string({ message: collectionMessages.color })
  .trim()
  .regex(/^(#[0-9A-Fa-f]{6})?$/, collectionMessages.color)
  .transform((value) => value.toLowerCase());

/** The collection's metadata as the developer API carries it (`metadata` of POST/PUT/PATCH collections). */
export const collectionMetadataSchema = z.object({
  name: collectionNameSchema,
  description: collectionDescriptionSchema,
  imageUrl: imageUrlSchema.optional(),
  symbol: collectionSymbolSchema.optional(),
});
export type CollectionMetadataInput = z.input<typeof collectionMetadataSchema>;
export type CollectionMetadata = z.output<typeof collectionMetadataSchema>;

/** Social links (spec §3): Twitter/X handle, Discord invite and website. Each may be empty. */
export const socialLinksSchema = z.object({
  twitter: twitterHandleSchema.optional(),
  discord: websiteUrlSchema.optional(),
  website: websiteUrlSchema.optional(),
});
export type SocialLinksInput = z.input<typeof socialLinksSchema>;
export type SocialLinks = z.output<typeof socialLinksSchema>;

/** What a collection page needs to look like its brand: a banner image and two colors. */
export const brandingSchema = z.object({
  bannerUrl: imageUrlSchema.optional(),
  primaryColor: colorSchema.optional(),
  backgroundColor: colorSchema.optional(),
});
export type BrandingInput = z.input<typeof brandingSchema>;
export type Branding = z.output<typeof brandingSchema>;

/** A text input's value as an optional supply limit: '' is none. */
const supplyLimitField = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : Number(value)), supplyLimitSchema.optional());

/**
 * The console's create-collection form (spec §3 "Collection form: title, description, imageUrl, symbol"), plus
 * the chain, the fungibility and the supply limit. Its output maps onto the developer API's create body.
 */
export const collectionFormSchema = z.object({
  title: collectionNameSchema,
  description: collectionDescriptionSchema,
  imageUrl: imageUrlSchema,
  symbol: z.string().transform((value, context) => {
    if (value.trim() === '') return '';
    const parsed = collectionSymbolSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: collectionMessages.symbol });
    return z.NEVER;
  }),
  chain: z.string().min(1, 'Choose a chain'),
  fungibility: fungibilitySchema,
  supplyLimit: supplyLimitField,
});
export type CollectionFormInput = z.input<typeof collectionFormSchema>;
export type CollectionFormOutput = z.output<typeof collectionFormSchema>;

/** The console's collection details form: the metadata a collection page shows, and its social links. */
export const collectionDetailsFormSchema = z.object({
  title: collectionNameSchema,
  description: collectionDescriptionSchema,
  imageUrl: imageUrlSchema,
  twitter: twitterHandleSchema,
  discord: websiteUrlSchema,
  website: websiteUrlSchema,
});
export type CollectionDetailsFormInput = z.input<typeof collectionDetailsFormSchema>;
export type CollectionDetailsFormOutput = z.output<typeof collectionDetailsFormSchema>;
