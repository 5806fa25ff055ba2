// Security headers on every response (helmet's set), with the content security policy the web app needs
// (ADR 069). Helmet runs once, at start-up: @fastify/helmet built it again for every request, which cost about
// 5% of a mint request's CPU, and even a prebuilt middleware sets each header on the raw response one by one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

export const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'"],
    frameSrc: ["'self'"],
    connectSrc: ["'self'"],
    upgradeInsecureRequests: null,
  },
};

/**
 * With Stripe as the card processor, the hosted sales page loads Stripe.js and its Payment Element (ADR 121): the
 * origins Stripe's CSP guide lists for them. Only then: a deployment without Stripe keeps the policy above.
 */
export const stripeContentSecurityPolicy = {
  directives: {
    ...contentSecurityPolicy.directives,
    scriptSrc: ["'self'", 'https://js.stripe.com'],
    frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
  },
};

/**
 * The headers helmet sets for these options, read once from a stand-in response: they do not depend on the
 * request (no CSP nonces), so every response can get the same set without running helmet again.
 */
function helmetHeaders(policy: typeof contentSecurityPolicy): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet({ contentSecurityPolicy: policy, crossOriginEmbedderPolicy: false })(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error('helmet could not build its headers');
    },
  );
  return headers;
}

const securityHeaders = helmetHeaders(contentSecurityPolicy);
const stripeSecurityHeaders = helmetHeaders(stripeContentSecurityPolicy);

/** Gives a response the security headers and its request's id (`x-request-id`, also in error bodies). */
export function stampResponse(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(securityHeaders);
  reply.header('x-request-id', request.id);
}

/**
 * Stamps every response as its request arrives. Register it before any other onRequest hook, so that what
 * they refuse is stamped too; errors the router raises before any hook runs call `stampResponse` themselves.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { stripe: boolean } = { stripe: false }): void {
  const headers = options.stripe ? stripeSecurityHeaders : securityHeaders;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
