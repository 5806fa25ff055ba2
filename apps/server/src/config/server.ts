// The process itself: listening, public URL, database, data directory, dev mode, role, logging, request limits,
// the administrators and the web build it serves.
import { resolve } from 'node:path';
import { z } from 'zod';
import { booleanString } from './env.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const serverEnv = z.object({
  PORT: z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535).default(3000),
  /** Unset: loopback in dev mode (only this machine can reach the dev mailbox), every interface in production. */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'expected an absolute http:// or https:// URL such as https://keepsake.example.com' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(200).default(10),
  KEEPSAKE_DATA_DIR: z.string().min(1).default('.keepsake'),
  KEEPSAKE_DEV_MODE: booleanString.optional(),
  KEEPSAKE_DEV_LOG_PASSCODES: booleanString.default(false),
  KEEPSAKE_ROLE: z.enum(['all', 'api', 'worker'], { message: 'expected all, api or worker' }).default('all'),
  KEEPSAKE_MASTER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, { message: 'expected 32 bytes in base64 (44 characters)' })
    .optional(),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(logLevels, { message: `expected one of ${logLevels.join(', ')}` }).default('info'),
  /** Unset: `pretty` in dev mode (one readable line per request), `json` in production. */
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'expected json or pretty' }).optional(),
  TRUSTED_PROXIES: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce.number({ message: 'expected a number of bytes' }).int().min(1024).max(50_000_000).default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(200).max(600_000).default(30_000),
  KEEPSAKE_ADMIN_EMAILS: z
    .string()
    .default('')
    .refine((v) => v.split(',').every((e) => e.trim() === '' || /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(e.trim())), {
      message: 'expected comma-separated email addresses',
    }),
  WEB_DIST_DIR: z.string().optional(),
});

export type ServerConfig = {
  port: number;
  host: string;
  publicUrl: string;
  /** PGlite with `dataDir` undefined keeps the database in memory (tests only). */
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string | undefined };
  dataDir: string;
  devMode: boolean;
  /** Dev mode only: the dev mailbox and outbox also write each passcode and link to the log. */
  devLogPasscodes: boolean;
  role: 'all' | 'api' | 'worker';
  masterKey: string | undefined;
  logLevel: (typeof logLevels)[number];
  /** `json`: pino's JSON lines (production); `pretty`: one readable line per entry and per request (dev mode). */
  logFormat: 'json' | 'pretty';
  trustedProxies: string[];
  bodyLimitBytes: number;
  /** Longest a request may take to arrive, headers and body (a client that stalls is cut off with 408). */
  requestTimeoutMs: number;
  /** Console users (by email) who may use the admin area, e.g. issue impersonation tokens. */
  adminEmails: string[];
  webDistDir: string;
};

const commaList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function serverConfig(e: z.output<typeof serverEnv>, cwd: string): ServerConfig {
  const dataDir = resolve(cwd, e.KEEPSAKE_DATA_DIR);
  const devMode = e.KEEPSAKE_DEV_MODE ?? e.NODE_ENV !== 'production';
  return {
    port: e.PORT,
    host: e.HOST ?? (devMode ? 'localhost' : '0.0.0.0'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'data') },
    dataDir,
    devMode,
    devLogPasscodes: devMode && e.KEEPSAKE_DEV_LOG_PASSCODES,
    role: e.KEEPSAKE_ROLE,
    masterKey: e.KEEPSAKE_MASTER_KEY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (devMode ? 'pretty' : 'json'),
    trustedProxies: commaList(e.TRUSTED_PROXIES),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    adminEmails: commaList(e.KEEPSAKE_ADMIN_EMAILS).map((s) => s.toLowerCase()),
    webDistDir: resolve(cwd, e.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
}
