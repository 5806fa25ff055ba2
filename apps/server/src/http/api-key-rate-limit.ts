import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sha256Hex } from '../platform/secrets.ts';

/**
 * Route config for the developer API's per-key limit (spec §9 "API key rate 500/min").
 * Counted per process in memory, keyed by a hash of the presented key (or the IP when there is none).
 */
export function apiKeyRateLimit(config: Config) {
  return {
    max: config.rateLimits.apiKeyPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const key = request.headers['x-api-key'];
      return typeof key === 'string' && key ? `key:${sha256Hex(key)}` : `ip:${request.ip}`;
    },
  };
}
