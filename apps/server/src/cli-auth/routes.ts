import {
  cliTokenBody,
  cliTokenParams,
  cliTokenResponse,
  cliTokenRevokeResponse,
  cliTokensResponse,
  deviceAuthorizationBody,
  deviceAuthorizationResponse,
  deviceDecisionBody,
  deviceDecisionResponse,
  deviceLookupResponse,
  loopbackApproveBody,
  loopbackApproveResponse,
  userCodeQuery,
} from '@keepsake/wire/console/cli-auth';
import type { App } from '../http/types.ts';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { CliAuthService } from './service.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['CLI sign-in'];

/** CLI sign-in (ADR 114, docs/cli.md): the CLI's two unauthenticated endpoints and the console's side. */
export function cliAuthRoutes(app: App, cli: CliAuthService) {
  app.post(
    '/api/cli/device/code',
    {
      schema: {
        tags,
        summary: 'RFC 8628 device authorization: a device code for the CLI and a user code for the developer',
        description:
          'device_name (optional, 1–100 printable characters) is shown on /console/authorize-device beside the code. ' +
          'Limited to 30 per client IP per 10 minutes (429 too_many_requests, docs/cli.md).',
        body: deviceAuthorizationBody,
        response: { 200: deviceAuthorizationResponse, ...clientErrors },
      },
    },
    async (request) => cli.startDevice({ ip: request.ip }, request.body.device_name),
  );

  app.post(
    '/api/cli/token',
    {
      schema: {
        tags,
        summary: 'Exchange an approved device code, or a loopback code with its PKCE verifier, for a CLI token',
        description:
          'Refusals are 400 with error_type authorization_pending, slow_down, access_denied, expired_token or invalid_grant (RFC 8628 §3.5). ' +
          'device_name (the machine, 1–100 printable characters) is stored with the token and listed in the console.',
        body: cliTokenBody,
        response: { 200: cliTokenResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = request.body;
      return body.grant_type === 'authorization_code' ? cli.exchangeLoopback(body) : cli.pollDevice(body.device_code, body.device_name);
    },
  );

  app.get(
    '/api/console/cli/device',
    {
      config: session,
      schema: {
        tags,
        summary: 'A pending user code, before Approve / Deny',
        description: 'With approve and deny, limited to 30 per developer and 60 per client IP per 10 minutes (429 too_many_requests, docs/cli.md).',
        querystring: userCodeQuery,
        response: { 200: deviceLookupResponse, ...clientErrors },
      },
    },
    async (request) => cli.lookupUserCode({ ip: request.ip, userId: consoleUser(request).userId }, request.query.user_code),
  );

  for (const decision of ['approve', 'deny'] as const) {
    app.post(
      `/api/console/cli/device/${decision}`,
      {
        config: session,
        schema: {
          tags,
          summary: `${decision === 'approve' ? 'Approve' : 'Deny'} a CLI sign-in by its user code`,
          description: 'With the look-up, limited to 30 per developer and 60 per client IP per 10 minutes (429 too_many_requests, docs/cli.md).',
          body: deviceDecisionBody,
          response: { 200: deviceDecisionResponse, ...clientErrors },
        },
      },
      async (request) => cli.decideDevice({ ip: request.ip, userId: consoleUser(request).userId }, request.body.user_code, decision === 'approve'),
    );
  }

  app.post(
    '/api/console/cli/loopback',
    {
      config: session,
      schema: {
        tags,
        summary: "Approve a browser CLI sign-in: the redirect to the CLI's loopback listener",
        body: loopbackApproveBody,
        response: { 200: loopbackApproveResponse, ...clientErrors },
      },
    },
    async (request) => cli.approveLoopback(consoleUser(request).userId, request.body),
  );

  app.get(
    '/api/console/account/cli-tokens',
    {
      config: session,
      schema: { tags, summary: "The developer's live CLI tokens (never the tokens themselves)", response: { 200: cliTokensResponse, ...clientErrors } },
    },
    async (request) => cli.listTokens(consoleUser(request).userId),
  );

  app.delete(
    '/api/console/account/cli-tokens/:id',
    {
      config: session,
      schema: { tags, summary: 'Revoke one of your CLI tokens', params: cliTokenParams, response: { 200: cliTokenRevokeResponse, ...clientErrors } },
    },
    async (request) => cli.revokeToken(consoleUser(request).userId, request.params.id),
  );
}
