// The hosted sales page's server side (issue 14 item 16, ADR 109): a public read of a collection on sale (its
// branding, price in the buyer's currency, limit, fees, how it can be paid) and order creation from the page, both
// only while the collection's payments are enabled and its hosted page is on. Orders are made by the Orders API's
// service for the collection's project, so everything after (quote, payment, delivery, webhooks) is the same.
import { isFiatCurrency } from '@keepsake/chains/currencies';
import type { HostedOrderInput, HostedSaleResponse } from '@keepsake/wire/developer/hosted-checkout';
import type { ChainRuntime } from '../../chains/runtime.ts';
import { readPayments, type PaymentSettings } from '../../collections/payments.ts';
import type { CollectionService } from '../../collections/service.ts';
import { tokenExplorerUrl } from '../../collections/nft-views.ts';
import type { CardProcessorChoice } from '../../payments/cards/registry.ts';
import type { RateLimiter } from '../../platform/rate-limiter.ts';
import { paymentContractOf } from '../crypto/preparation.ts';
import type { OrderService } from '../orders/service.ts';
import { cryptoFlatFeeUsdCents } from '../orders/quote.ts';
import { currenciesFor, findCurrency, type PriceCurrency } from '../pricing/currencies.ts';
import { fromUnits } from '../pricing/money.ts';
import type { PriceService } from '../pricing/prices.ts';
import { HostedCheckoutUnavailableError, HostedCollectionNotFoundError } from './errors.ts';

/** Orders one client address may create from hosted pages per window (they are quotes: cheap, but rows). */
export const hostedOrdersPerIp = 60;
export const hostedOrdersWindowSeconds = 600;

const usd: PriceCurrency = { kind: 'fiat', code: 'usd', decimals: 2 };

export function createHostedCheckout(deps: {
  chains: ChainRuntime;
  collections: CollectionService;
  prices: PriceService;
  orders: OrderService;
  cards: CardProcessorChoice;
  limiter: RateLimiter;
}) {
  /** The collection and its settings, when the hosted page sells it. @throws HostedCollectionNotFoundError, HostedCheckoutUnavailableError */
  async function onSale(
    collectionId: string,
  ): Promise<{ collection: NonNullable<Awaited<ReturnType<CollectionService['findForWorker']>>>; settings: PaymentSettings }> {
    const collection = await deps.collections.findForWorker(collectionId);
    if (!collection) throw new HostedCollectionNotFoundError();
    const settings = readPayments(collection.payments, collection.chain);
    if (!settings) throw new HostedCheckoutUnavailableError('This collection is not for sale.');
    if (!settings.enabled) throw new HostedCheckoutUnavailableError('This collection is not selling now.');
    if (!settings.hostedPage) throw new HostedCheckoutUnavailableError('The hosted sales page is off for this collection.');
    return { collection, settings };
  }

  /** The token a wallet pays with: the collection's own token, else a USD stablecoin of the chain, else its native coin. */
  function cryptoCurrencyOf(chain: string, settings: PaymentSettings): PriceCurrency | undefined {
    const own = findCurrency(deps.chains, chain, settings.currency);
    if (own && own.kind !== 'fiat') return own;
    const tokens = currenciesFor(deps.chains, chain).filter((currency) => currency.kind !== 'fiat');
    return tokens.find((currency) => currency.kind === 'token' && currency.usdStable) ?? tokens.find((currency) => currency.kind === 'native');
  }

  return {
    /**
     * What the page shows: branding, the price in the buyer's fiat currency (§5: an unsupported one falls back to
     * usd), the limit, the fees, and the ways to pay.
     * @throws HostedCollectionNotFoundError, HostedCheckoutUnavailableError, PricesUnavailableError
     */
    async sale(collectionId: string, requestedCurrency: string | undefined): Promise<HostedSaleResponse> {
      const { collection, settings } = await onSale(collectionId);
      const code = (requestedCurrency ?? '').trim().toLowerCase();
      const fiat = findCurrency(deps.chains, collection.chain, isFiatCurrency(code) ? code : 'usd') ?? usd;
      const own = findCurrency(deps.chains, collection.chain, settings.currency) ?? usd;
      const snapshot = await deps.prices.current();
      const convert = (to: PriceCurrency) => fromUnits(deps.prices.convert(snapshot.rates, settings.priceUnits, own, to), to.decimals);
      const token = paymentContractOf(deps.chains, collection.chain) ? cryptoCurrencyOf(collection.chain, settings) : undefined;
      const connection = deps.chains.connections.find((c) => c.chain === collection.chain);
      const { info } = deps.cards.processor;
      return {
        collectionId: collection.id,
        name: collection.metadata.name,
        description: collection.metadata.description,
        ...(collection.metadata.imageUrl ? { imageUrl: collection.metadata.imageUrl } : {}),
        branding: collection.branding,
        chain: collection.chain,
        tokenExplorer: tokenExplorerUrl(connection?.explorerUrl, '{contractAddress}', '{tokenId}'),
        quantityLimit: settings.quantityLimit,
        price: { amount: fromUnits(settings.priceUnits, settings.decimals), currency: settings.currency },
        feePercent: await deps.orders.feePercent(collection.projectId),
        feesPayer: settings.feesPayer,
        devRates: snapshot.dev,
        card: deps.cards.enabled
          ? {
              currency: fiat.code,
              unitPrice: { amount: convert(fiat), currency: fiat.code },
              processor: { name: info.name, label: info.label, test: info.test, ...(info.publishableKey ? { publishableKey: info.publishableKey } : {}) },
            }
          : null,
        crypto:
          token && connection
            ? {
                method: collection.chain,
                chainId: connection.chainId,
                currency: token.code,
                unitPrice: { amount: convert(token), currency: token.code },
                flatFee: { amount: fromUnits(deps.prices.convert(snapshot.rates, cryptoFlatFeeUsdCents, usd, token), token.decimals), currency: token.code },
                test: connection.definition.kind === 'local',
                network: {
                  name: connection.definition.chain.name,
                  // A local chain's RPC is this server's own devnet; elsewhere only the chain's public endpoints (a
                  // configured RPC URL may carry a provider key).
                  rpcUrls: connection.definition.kind === 'local' ? [connection.rpcUrl] : [...connection.definition.chain.rpcUrls.default.http],
                  nativeCurrency: connection.definition.chain.nativeCurrency,
                },
              }
            : null,
      };
    },

    /**
     * An order for `quantity` NFTs of the collection, made for its project; answers `{clientSecret, order}`.
     * @throws HostedCollectionNotFoundError, HostedCheckoutUnavailableError, RateLimitedError (TooManyRequestsError),
     *   InvalidOrderError, PricesUnavailableError
     */
    async createOrder(collectionId: string, input: HostedOrderInput, clientIp: string) {
      const { collection } = await onSale(collectionId);
      await deps.limiter.hit(`hosted-order:ip:${clientIp}`, hostedOrdersPerIp, hostedOrdersWindowSeconds);
      const { quantity, ...order } = input;
      const created = await deps.orders.create(
        collection.projectId,
        { ...order, lineItems: { collectionLocator: `keepsake:${collection.id}`, callData: { quantity } } },
        undefined,
      );
      return created.body;
    },
  };
}

export type HostedCheckout = ReturnType<typeof createHostedCheckout>;
