// What every part of the configuration shares: the error it throws and the parsers of common variable kinds.
import { z } from 'zod';

/** Raised when the environment is wrong; `main` prints it and exits with status 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const booleanString = z.enum(['true', 'false', '1', '0'], { message: 'expected true, false, 1 or 0' }).transform((v) => v === 'true' || v === '1');
