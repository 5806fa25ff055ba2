import { devFarcasterFidBody, devFarcasterFidResponse } from '@keepsake/wire/console/session';
import { getAddress } from 'viem';
import type { App } from '../http/types.ts';
import { clientErrors } from '../http/schemas.ts';
import type { IdentityService } from '../identity/service.ts';

/**
 * POST /api/dev/farcaster/fids: registers an fid for a custody address in the devnet's stand-in ID registry
 * (docs/decisions/108), so that Sign In With Farcaster works locally. Registered only in dev mode when Farcaster is
 * verified against the devnet (no FARCASTER_RPC_URL), so it is a 404 anywhere else.
 */
export function farcasterDevRoutes(app: App, deps: { identity: IdentityService }) {
  if (!deps.identity.farcaster.devRegistrationAvailable()) return;
  app.post(
    '/api/dev/farcaster/fids',
    {
      schema: {
        tags: ['Dev mode'],
        summary: "Make an address the custody address of an fid in the devnet's stand-in Farcaster ID registry",
        body: devFarcasterFidBody,
        response: { 200: devFarcasterFidResponse, ...clientErrors },
      },
    },
    async (request) => {
      const custodyAddress = getAddress(request.body.custodyAddress.toLowerCase());
      await deps.identity.farcaster.registerDevnetFid(custodyAddress, request.body.fid);
      return { custodyAddress, fid: request.body.fid };
    },
  );
}
