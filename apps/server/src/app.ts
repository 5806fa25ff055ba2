import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createNftHoldingsReader } from './collections/nft-holdings.ts';
import { adminRoutes } from './admin/routes.ts';
import { actionRoutes } from './actions/routes.ts';
import { createActionService } from './actions/service.ts';
import { createChainTransactionService } from './chains/transactions.ts';
import { collectionConsoleRoutes } from './collections/console-routes.ts';
import { collectionNftConsoleRoutes } from './collections/nft-console-routes.ts';
import { createNftViews } from './collections/nft-views.ts';
import { createNftDetail } from './collections/nft-detail.ts';
import { nftDetailConsoleRoutes } from './collections/nft-detail-routes.ts';
import { createMetadataService } from './collections/metadata.ts';
import { metadataRoutes } from './collections/metadata-routes.ts';
import { collectionRoutes } from './collections/routes.ts';
import { createCollectionService } from './collections/service.ts';
import { orderConsoleRoutes } from './checkout/console/routes.ts';
import { createOrderConsole } from './checkout/console/service.ts';
import { createFaucet } from './checkout/crypto/faucet.ts';
import { faucetRoutes } from './checkout/crypto/faucet-routes.ts';
import { createOrderFaucet } from './checkout/crypto/order-faucet.ts';
import { createCryptoRefunder } from './checkout/crypto/refunder.ts';
import { cardPaymentRoutes } from './checkout/cards/routes.ts';
import { createCardRefunder } from './checkout/cards/refunder.ts';
import { createCardCheckout } from './checkout/cards/service.ts';
import { createDatabaseTestPaymentStore } from './checkout/cards/test-payments.ts';
import { hostedCheckoutRoutes } from './checkout/hosted/routes.ts';
import { createHostedCheckout } from './checkout/hosted/service.ts';
import { createOrderPresenter } from './checkout/orders/presenter.ts';
import { orderRoutes } from './checkout/orders/routes.ts';
import type { Refunder } from './checkout/settlement/ports.ts';
import { createSettlement } from './checkout/settlement/settlement.ts';
import { createSettlementWorker } from './checkout/settlement/worker.ts';
import { createCardProcessor } from './payments/cards/registry.ts';
import { createOrderService } from './checkout/orders/service.ts';
import { priceSourceOf } from './checkout/pricing/price-source-of.ts';
import { createPriceService } from './checkout/pricing/prices.ts';
import { priceRoutes } from './checkout/pricing/routes.ts';
import type { AppContext } from './context.ts';
import { registerApiDocs } from './docs/routes.ts';
import { createApiKeyLimits } from './http/api-key-rate-limit.ts';
import { registerAuth } from './http/auth.ts';
import { clientErrorHandler, registerErrorHandler, sendError } from './http/error-handler.ts';
import { BadRequestError, errorTypes } from './http/errors.ts';
import { registerLocalOnlyPaths } from './http/local-only.ts';
import { cardDataLogPaths, serializeRequest } from './platform/log-redaction.ts';
import { jsonDeeperThan, jsonTooDeepMessage, maxJsonDepth } from './platform/json-depth.ts';
import { findUnstorableText, registerNulGuard } from './http/unstorable-text.ts';
import { registerSecurityHeaders, stampResponse } from './http/security-headers.ts';
import { identityRoutes } from './identity/routes.ts';
import { oauthPublicRoutes } from './identity/oauth/routes.ts';
import { idpProviderRoutes } from './identity/idp/provider-routes.ts';
import { connectedAppRoutes } from './projects/connected-app-routes.ts';
import { oauthClientRoutes } from './projects/oauth-client-routes.ts';
import { createIdentityService } from './identity/service.ts';
import { devMailboxRoutes } from './mail/dev-routes.ts';
import { devOutboxRoutes } from './messaging/dev-routes.ts';
import { operatorRoutes } from './operator/routes.ts';
import { platformRoutes } from './platform/routes.ts';
import { consoleProjectRoutes } from './projects/console-routes.ts';
import { createProjectService } from './projects/service.ts';
import { createConnectedAppsConsole } from './projects/connected-apps.ts';
import { productSessionRoutes } from './session/routes.ts';
import { productSignInRoutes } from './session/sign-in-routes.ts';
import { farcasterDevRoutes } from './session/farcaster-dev-routes.ts';
import { createProductSignIn } from './session/sign-in-methods.ts';
import { userCollectionRoutes } from './user-collection/routes.ts';
import { createUserCollectionService } from './user-collection/service.ts';
import { createProductSessionService } from './session/service.ts';
import { consoleWalletRoutes } from './wallets/console-routes.ts';
import { walletRoutes } from './wallets/routes.ts';
import { createWalletService } from './wallets/service.ts';
import { registerWebApp } from './web/static.ts';
import { webhookConsoleRoutes } from './webhooks/routes.ts';
import { createWebhookService } from './webhooks/service.ts';
import { OneLineRequestLog } from './platform/logging.ts';
import { createMintKicker } from './nfts/queues.ts';
import { nftConsoleRoutes } from './nfts/console-routes.ts';
import { nftRoutes } from './nfts/routes.ts';
import { createNftService } from './nfts/service.ts';
import { cliAuthRoutes } from './cli-auth/routes.ts';
import { createCliAuthService } from './cli-auth/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * Fields that carry a credential in the bodies and objects Keepsake handles: a logged object holding one (at its
 * top level or one down, such as `{ body: { clientSecret } }`) has it censored. URLs and errors are redacted by
 * rule instead (platform/log-redaction.ts), and credentials by their prefix anywhere in a line.
 */
const credentialFields = [
  'session_token',
  'session_jwt',
  'intermediate_session_token',
  'impersonation_token',
  'secret',
  'apiKey',
  'api_key',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'user_code',
  'device_code',
  'code_verifier',
  'totp_code',
  'recovery_code',
  'state',
  'nonce',
  'signature',
  'password',
  'existing_password',
  'new_password',
];

/** Paths whose bodies and headers never reach the logs. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...credentialFields.map((field) => `*.${field}`),
  'privateKey',
  'private_key',
  'sealedPrivateKey',
  '*.privateKey',
  '*.private_key',
  '*.sealedPrivateKey',
  ...cardDataLogPaths,
];

export function createServices(ctx: AppContext) {
  const identity = createIdentityService(ctx);
  const projects = createProjectService(ctx, identity);
  const sessions = createProductSessionService(identity);
  const productSignIn = createProductSignIn(ctx, { identity, projects });
  const webhooks = createWebhookService(ctx, projects);
  const wallets = createWalletService(ctx, { identity, projects, nfts: createNftHoldingsReader(ctx.db) });
  const actions = createActionService(ctx);
  const chainTransactions = createChainTransactionService(ctx);
  const collections = createCollectionService(ctx, { projects, actions });
  const metadata = createMetadataService(ctx);
  const nfts = createNftService(ctx, { collections, wallets, actions, kick: createMintKicker(ctx) });
  const nftViews = createNftViews(ctx, { collections });
  const nftDetail = createNftDetail(ctx, { collections, actions, chainTransactions });
  const userCollection = createUserCollectionService({ identity, wallets, nftViews });
  const prices = createPriceService(priceSourceOf(ctx.config.prices), { log: ctx.log });
  const faucet = createFaucet(ctx, { chainTransactions });
  /** Gives crypto payments back on chain: the Refunder settlement uses for chain methods. */
  const cryptoRefunder = createCryptoRefunder(ctx, { chainTransactions });
  // Checkout settlement (ADR 105): one card processor, one presentation of the order, refunders by payment
  // method (the crypto payments add theirs under the chain's name).
  const cardChoice = createCardProcessor(ctx.config, { testStore: createDatabaseTestPaymentStore(ctx.db) });
  const orderPresenter = createOrderPresenter(ctx, { test: cardChoice.processor.info.test });
  const settlement = createSettlement(ctx, { webhooks, presenter: orderPresenter });
  const cardCheckout = createCardCheckout({ cards: cardChoice, settlement });
  const orders = createOrderService(ctx, { collections, prices, webhooks, presenter: orderPresenter, cards: cardCheckout, settlement, projects });
  const refunders: Record<string, Refunder> = { card: createCardRefunder(cardChoice.processor) };
  for (const connection of ctx.chains.connections) refunders[connection.chain] = cryptoRefunder;
  const settlementWorker = createSettlementWorker(ctx, { nfts, collections, webhooks, presenter: orderPresenter, refunders });
  const orderConsole = createOrderConsole(ctx, { projects, collections });
  const orderFaucet = createOrderFaucet({ faucet, orders, limiter: identity.limiter });
  const hostedCheckout = createHostedCheckout({ chains: ctx.chains, collections, prices, orders, cards: cardChoice, limiter: identity.limiter });
  const cliAuth = createCliAuthService(ctx, { limiter: identity.limiter });
  const connectedApps = createConnectedAppsConsole({ projects, apps: identity.idp.apps });
  return {
    cliAuth,
    connectedApps,
    settlement,
    settlementWorker,
    refunders,
    cardCheckout,
    prices,
    orders,
    faucet,
    orderFaucet,
    cryptoRefunder,
    orderConsole,
    hostedCheckout,
    identity,
    projects,
    sessions,
    productSignIn,
    webhooks,
    wallets,
    actions,
    chainTransactions,
    collections,
    metadata,
    nfts,
    nftViews,
    nftDetail,
    userCollection,
  };
}

export type Services = ReturnType<typeof createServices>;

/** Builds the HTTP app on a ready context. `main` owns the process; tests call this directly. */
export async function buildApp(ctx: AppContext, services: Services = createServices(ctx)): Promise<FastifyInstance> {
  const app = Fastify({
    // Request logs carry the URL with API keys and credential-named query parameters redacted.
    loggerInstance: ctx.log.child({}, { serializers: { req: serializeRequest } }) as unknown as FastifyBaseLogger,
    // Pretty logs (dev mode): one line per request instead of Fastify's two entries.
    ...(ctx.config.logFormat === 'pretty' ? { logController: new OneLineRequestLog() } : {}),
    bodyLimit: ctx.config.bodyLimitBytes,
    // A request must arrive, headers and body, within REQUEST_TIMEOUT_MS; a client that stalls gets 408 and is cut
    // off. Node checks at connectionsCheckingInterval, so the check runs a few times per timeout.
    requestTimeout: ctx.config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, ctx.config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(ctx.config.requestTimeoutMs / 4))),
    },
    clientErrorHandler: clientErrorHandler(ctx.config.publicUrl),
    trustProxy: ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false,
    genReqId: () => `request-id-${crypto.randomUUID()}`,
    requestIdHeader: false,
    routerOptions: { maxParamLength: 500 },
    // Errors the router raises before any route or hook runs (an undecodable path, an overlong parameter).
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = tooLong ? 'A path parameter is longer than 500 characters.' : 'The request path is not a valid URL.';
      stampResponse(request, reply);
      void sendError(request, reply, ctx.config.publicUrl, tooLong ? 414 : 400, tooLong ? errorTypes.uriTooLong : errorTypes.badRequest, message);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON with an empty body is a call with no fields (spec §7: sessions/revoke is sent that way).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // Before parsing: deeper JSON overflows the stack of what handles it (a 500), and costs JSON.parse dearly.
    if (jsonDeeperThan(text, maxJsonDepth)) return done(new BadRequestError(jsonTooDeepMessage), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      const error = Object.assign(new Error('Request body is not valid JSON.'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      return done(error, undefined);
    }
    // Before any route sees it: NUL and unpaired surrogates would fail the query that stores them (a 500).
    const unstorable = findUnstorableText(parsed);
    if (unstorable) return done(unstorable, undefined);
    done(null, parsed);
  });

  registerErrorHandler(app, ctx.config.publicUrl);
  registerSecurityHeaders(app, { stripe: ctx.config.cards.processor === 'stripe' });
  registerNulGuard(app);
  registerLocalOnlyPaths(app);
  await app.register(fastifyCookie);
  // Before every route: the OpenAPI document is collected as routes are added (ADR 092).
  await registerApiDocs(app, ctx.config);

  registerAuth(app, {
    sessions: services.sessions,
    projects: services.projects,
    sdkCallers: services.identity.sdkCallers,
    // Spec §9: 500 requests a minute per API key, across every developer API route and process (ADR 078, 089).
    apiKeyLimits: createApiKeyLimits(ctx.db, ctx.config.rateLimits, ctx.log),
    operatorSecret: ctx.operatorSecret,
    adminEmails: ctx.config.adminEmails,
    cliTokenUser: async (token) => {
      const found = await services.cliAuth.authenticateToken(token);
      if (!found) return undefined;
      const profile = await services.identity.platformUserProfile(found.userId);
      // A CLI token lives until it is revoked (ADR 114).
      return { userId: found.userId, email: profile?.email ?? '', sessionId: `cli:${found.tokenId}`, expiresAt: new Date(8.64e15) };
    },
  });
  await app.register(async (sdk) => identityRoutes(sdk.withTypeProvider<ZodTypeProvider>(), services.identity), { prefix: '/sdk/v1' });
  oauthPublicRoutes(app, services.identity.oauth);
  idpProviderRoutes(app, services.identity.idp);
  platformRoutes(app, services.identity);
  productSessionRoutes(app, services);
  productSignInRoutes(app, services);
  consoleProjectRoutes(app, services.projects);
  cliAuthRoutes(app, services.cliAuth);
  oauthClientRoutes(app, services.projects);
  connectedAppRoutes(app, services.connectedApps);
  webhookConsoleRoutes(app, services.webhooks);
  collectionRoutes(app, services.collections);
  collectionConsoleRoutes(app, services.collections);
  nftRoutes(app, services.nfts);
  nftConsoleRoutes(app, services.nfts);
  collectionNftConsoleRoutes(app, services.nftViews);
  nftDetailConsoleRoutes(app, services.nftDetail);
  userCollectionRoutes(app, services.userCollection);
  actionRoutes(app, services.actions);
  metadataRoutes(app, services.metadata);
  priceRoutes(app, { chains: ctx.chains, prices: services.prices });
  orderRoutes(app, services.orders);
  faucetRoutes(app, { faucet: services.faucet, orderFaucet: services.orderFaucet });
  await cardPaymentRoutes(app, { orders: services.orders, cards: services.cardCheckout });
  orderConsoleRoutes(app, services.orderConsole);
  hostedCheckoutRoutes(app, services.hostedCheckout);
  walletRoutes(app, services.wallets);
  consoleWalletRoutes(app, services.wallets);
  operatorRoutes(app, services.projects);
  adminRoutes(app, services);
  devMailboxRoutes(app);
  devOutboxRoutes(app);
  farcasterDevRoutes(app, services);

  const web = await registerWebApp(app, ctx.config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const page = request.method === 'GET' || request.method === 'HEAD' ? web.fallback(pathname) : undefined;
    if (page) return reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page.html);
    return sendError(request, reply, ctx.config.publicUrl, 404, errorTypes.routeNotFound, `Route ${request.method} ${pathname} not found.`);
  });
  return app;
}
