import { ProviderNotSupportedError } from '../errors.ts';

/**
 * A method of a sign-in product this Keepsake server does not offer yet: calling it rejects with
 * 'Provider {provider} is not yet supported' (spec §6). Its place in the API is kept, typed, so apps can be
 * written against it now.
 */
export function notSupported<Args extends unknown[], Result>(provider: string, method: string): (...args: Args) => Promise<Result> {
  return async () => {
    throw new ProviderNotSupportedError(method, provider);
  };
}
