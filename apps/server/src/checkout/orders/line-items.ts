// Resolving an order's line items against the seller's collections (issue 14 items 1, 3): the locator, the
// collection's payment settings, its per-order limit, templates, and whether it can be sold now.
import type { OrderLineItemColumn } from '@keepsake/db/schema';
import { collectionLocatorPattern } from '@keepsake/wire/developer/orders';
import type { ChainRuntime } from '../../chains/runtime.ts';
import { CollectionNotFoundError, TemplateNotFoundError } from '../../collections/errors.ts';
import { readPayments } from '../../collections/payments.ts';
import type { CollectionService } from '../../collections/service.ts';
import { findCurrency } from '../pricing/currencies.ts';
import { InvalidOrderError } from './errors.ts';
import type { PricedLine } from './quote.ts';

export type LineRequest = { collectionLocator: string; quantity: number; totalPrice?: string | undefined };

/** @throws InvalidOrderError */
export async function resolveLines(
  deps: { chains: ChainRuntime; collections: CollectionService },
  projectId: string,
  requests: LineRequest[],
  cryptoChain: string | undefined,
): Promise<PricedLine[]> {
  const total = requests.reduce((sum, line) => sum + line.quantity, 0);
  if (total > 15) throw new InvalidOrderError(`An order buys at most 15 NFTs (the multi-purchase limit); this one asks for ${total}.`);
  const lines = await Promise.all(
    requests.map(async (request) => {
      const [, , collectionId, templateId] = collectionLocatorPattern.exec(request.collectionLocator)!;
      const collection = await deps.collections.forCheckout(projectId, collectionId!.toLowerCase()).catch((error: unknown) => {
        throw error instanceof CollectionNotFoundError ? new InvalidOrderError(`Collection ${collectionId} not found.`) : error;
      });
      const settings = readPayments(collection.payments, collection.chain);
      if (cryptoChain && collection.chain !== cryptoChain) {
        throw new InvalidOrderError(`Collection ${collection.id} is on ${collection.chain}; pay for it with payment.method ${collection.chain}.`);
      }
      if (settings && request.quantity > settings.quantityLimit) {
        throw new InvalidOrderError(`callData.quantity ${request.quantity} is above this collection's limit of ${settings.quantityLimit} per order.`);
      }
      let metadata: OrderLineItemColumn['metadata'] = {
        name: collection.metadata.name,
        description: collection.metadata.description,
        ...(collection.metadata.imageUrl ? { imageUrl: collection.metadata.imageUrl } : {}),
        collection: { name: collection.metadata.name },
      };
      if (templateId) {
        if (!settings?.allowDirectTemplateMinting) {
          throw new InvalidOrderError('This collection does not sell its templates directly (allowDirectTemplateMinting is off).');
        }
        const template = await deps.collections.templateForMint(projectId, collection.id, templateId.toLowerCase()).catch((error: unknown) => {
          throw error instanceof TemplateNotFoundError ? new InvalidOrderError(`Template ${templateId} not found in collection ${collection.id}.`) : error;
        });
        metadata = {
          name: template.metadata.name,
          description: template.metadata.description ?? '',
          ...(template.metadata.image ? { imageUrl: template.metadata.image } : {}),
          collection: { name: collection.metadata.name },
        };
      }
      const unavailable = !settings
        ? 'The collection is not for sale.'
        : !settings.enabled
          ? 'The collection is not selling now.'
          : collection.deployStatus !== 'success'
            ? "The collection's contract is not deployed."
            : undefined;
      const priced = settings ?? {
        priceUnits: 0n,
        decimals: 2,
        currency: 'usd',
        feesPayer: 'buyer' as const,
        recipientAddress: '',
        enabled: false,
        hostedPage: false,
        allowDirectTemplateMinting: false,
        quantityLimit: 15,
      };
      const settingsCurrency = findCurrency(deps.chains, collection.chain, priced.currency) ?? { kind: 'fiat' as const, code: 'usd' as const, decimals: 2 };
      return {
        settings: priced,
        settingsCurrency,
        quantity: request.quantity,
        line: {
          collectionId: collection.id,
          ...(templateId ? { templateId: templateId.toLowerCase() } : {}),
          collectionLocator: request.collectionLocator,
          chain: collection.chain,
          quantity: request.quantity,
          metadata,
          ...(request.totalPrice ? { totalPrice: request.totalPrice } : {}),
          ...(unavailable ? { unavailable } : {}),
        },
      };
    }),
  );
  assertCollectionLimits(lines);
  return lines;
}

/**
 * A collection's `quantityLimit` holds for the whole order, not each line (issue 22 item 4): fifteen lines of one
 * each from a collection limited to two per order are refused as one line of fifteen would be.
 * @throws InvalidOrderError
 */
function assertCollectionLimits(lines: PricedLine[]): void {
  const perCollection = new Map<string, { quantity: number; limit: number; lines: number }>();
  for (const { line, settings } of lines) {
    const seen = perCollection.get(line.collectionId) ?? { quantity: 0, limit: settings.quantityLimit, lines: 0 };
    perCollection.set(line.collectionId, { ...seen, quantity: seen.quantity + line.quantity, lines: seen.lines + 1 });
  }
  for (const [collectionId, { quantity, limit, lines: count }] of perCollection) {
    if (count > 1 && quantity > limit) {
      throw new InvalidOrderError(
        `This order asks for ${quantity} NFTs of collection ${collectionId} in ${count} line items; the collection sells at most ${limit} per order.`,
      );
    }
  }
}
