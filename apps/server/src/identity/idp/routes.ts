import {
  idpAuthorizeBody,
  idpAuthorizeResponse,
  idpAuthorizeStartBody,
  idpAuthorizeStartResponse,
  idpLogoutStartBody,
  idpLogoutStartResponse,
} from '@keepsake/wire/sdk/idp';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sdkCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { sdkData } from '../sdk-auth.ts';
import { admitOrigin } from '../sdk-guards.ts';
import type { IdentityService } from '../service.ts';

const tags = ['Auth: identity provider'];
const FORM = 'application/x-www-form-urlencoded';

/** The widget's form post carries its headers as fields (the incumbent client's `submitFormSDK`). */
const formFields = {
  __Authorization: z.string().max(8192).optional(),
  '__X-SDK-Client': z.string().max(8192).optional(),
  '__X-SDK-Parent-Host': z.string().max(2048).optional(),
};
const authorizeBody = idpAuthorizeBody.extend(formFields);

/** Spec §7: the widget's IdP-consent calls (docs/identity-provider.md). */
export function idpRoutes(app: App, identity: IdentityService) {
  const { authorize } = identity.idp;

  app.post(
    '/oauth/authorize/start',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: 'IdP consent preflight: checks the authorize request and says whether the signed-in user must consent',
        body: idpAuthorizeStartBody,
        response: { 200: idpAuthorizeStartResponse, ...clientErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      return sdkData(request, await authorize.start(caller.tenant, caller.sessionToken, request.body));
    },
  );

  // JSON (answers the redirect URI) or, as the incumbent's widget sends it, a form post that the browser follows
  // (answers 302 to the redirect URI). The form parser lives in this scope only.
  void app.register(async (scope) => {
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/oauth/authorize',
      {
        schema: {
          tags,
          summary:
            'IdP consent answer: the redirect URI with a one-time code and state, or error=access_denied when consent was denied (a form post is redirected there)',
          body: authorizeBody,
          response: { 200: idpAuthorizeResponse, 302: z.null().describe('Form post: redirected to the redirect URI'), ...clientErrors },
        },
      },
      async (request, reply) => {
        const { __Authorization, '__X-SDK-Client': _client, '__X-SDK-Parent-Host': _host, ...params } = request.body;
        const isForm = (request.headers['content-type'] ?? '').startsWith(FORM);
        const caller = isForm
          ? await identity.sdkCallerOf(__Authorization, request.cookies?.stytch_session)
          : await identity.sdkCallerOf(request.headers.authorization, request.cookies?.stytch_session);
        admitOrigin(request, reply, app.ctx.config.publicUrl, [caller.tenant]);
        const answer = await authorize.submit(caller.tenant, caller.sessionToken, params);
        if (isForm) return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(answer.redirect_uri, 302);
        return sdkData(request, answer);
      },
    );
  });

  app.post(
    '/oauth/logout/start',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: 'IdP logout preflight: checks the logout request; answers where to redirect and whether the user must confirm',
        body: idpLogoutStartBody,
        response: { 200: idpLogoutStartResponse, ...clientErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      return sdkData(request, await authorize.logoutStart(caller.tenant, caller.sessionToken, request.body));
    },
  );
}
