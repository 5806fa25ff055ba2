import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint rules for layers (docs/decisions/085, 086), run on small fixtures: a service or store
// that imports http/, and a file that reaches into another folder's store, must be refused; the HTTP-facing files
// and a folder's own store must not. Only the import rules are taken from eslint.config.js: the type-checked rules
// need a TypeScript program, which these fixtures do not have.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const importRules = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports']);

let configs: Linter.Config[];
const linter = new Linter({ cwd: root });

beforeAll(async () => {
  const { default: repoConfig } = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as { default: Linter.Config[] };
  const boundaries = repoConfig
    .filter((entry) => Object.keys(entry.rules ?? {}).some((rule) => importRules.has(rule)))
    .map((entry) => ({
      ...(entry.files ? { files: entry.files } : {}),
      ...(entry.ignores ? { ignores: entry.ignores } : {}),
      rules: Object.fromEntries(Object.entries(entry.rules ?? {}).filter(([rule]) => importRules.has(rule))),
    }));
  expect(boundaries.length).toBeGreaterThan(3);
  configs = [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { '@typescript-eslint': tseslint.plugin } }, ...boundaries];
  // Loading the config loads every lint plugin the repository uses.
}, 120_000);

/** The rule ids that fire on `source` placed at `file` (relative to the repository root). */
function fired(file: string, source: string): string[] {
  return linter.verify(source, configs, path.join(root, file)).map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
}

describe('layer lint rules', () => {
  it('refuse http/ imports in services and stores, at any depth', () => {
    expect(fired('apps/server/src/collections/service.ts', "import { ApiError } from '../http/errors.ts';\nexport const e = ApiError;\n")).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*never import http\//),
    ]);
    expect(
      fired('apps/server/src/identity/sessions/store.ts', "import { sendError } from '../../http/error-handler.ts';\nexport const s = sendError;\n"),
    ).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: /)]);
    expect(
      fired('apps/server/src/identity/users/identifiers-service.ts', "import type { App } from '../../http/types.ts';\nexport type A = App;\n"),
    ).toHaveLength(1);
    expect(fired('apps/server/src/wallets/balances.ts', "import { errorTypes } from '../http/errors.ts';\nexport const t = errorTypes;\n")).toHaveLength(1);
  });

  it('let the HTTP-facing files import http/', () => {
    expect(fired('apps/server/src/collections/routes.ts', "import { BadRequestError } from '../http/errors.ts';\nexport const e = BadRequestError;\n")).toEqual(
      [],
    );
    expect(fired('apps/server/src/identity/sessions/routes.ts', "import { sdkCaller } from '../../http/auth.ts';\nexport const c = sdkCaller;\n")).toEqual([]);
    expect(fired('apps/server/src/identity/sdk-guards.ts', "import { sendError } from '../http/error-handler.ts';\nexport const s = sendError;\n")).toEqual([]);
    expect(fired('apps/server/src/webhooks/service.ts', "import { postWebhook } from './http-delivery.ts';\nexport const p = postWebhook;\n")).toEqual([]);
  });

  it("refuse another folder's store: sibling, child and other domain", () => {
    const refused = /^no-restricted-imports: .*not its store/;
    expect(fired('apps/server/src/identity/sessions/service.ts', "import { findUser } from '../users/store.ts';\nexport const f = findUser;\n")).toEqual([
      expect.stringMatching(refused),
    ]);
    expect(fired('apps/server/src/identity/otps/service.ts', "import { findPhone } from '../users/phones-store.ts';\nexport const f = findPhone;\n")).toEqual([
      expect.stringMatching(refused),
    ]);
    expect(fired('apps/server/src/identity/service.ts', "import { findUser } from './users/store.ts';\nexport const f = findUser;\n")).toEqual([
      expect.stringMatching(refused),
    ]);
    expect(fired('apps/server/src/nfts/service.ts', "import { findCollection } from '../collections/store.ts';\nexport const f = findCollection;\n")).toEqual([
      expect.stringMatching(refused),
    ]);
    expect(
      fired('apps/server/src/identity/magic-links/tokens.ts', "import { findProject } from '../../projects/store.ts';\nexport const f = findProject;\n"),
    ).toEqual([expect.stringMatching(refused)]);
  });

  it("let a folder use its own store and another folder's service", () => {
    expect(fired('apps/server/src/identity/sessions/service.ts', "import { findSession } from './store.ts';\nexport const f = findSession;\n")).toEqual([]);
    expect(
      fired(
        'apps/server/src/identity/sessions/service.ts',
        "import { createUserDirectory } from '../users/directory.ts';\nexport const c = createUserDirectory;\n",
      ),
    ).toEqual([]);
    expect(
      fired('apps/server/src/nfts/service.ts', "import type { CollectionService } from '../collections/service.ts';\nexport type C = CollectionService;\n"),
    ).toEqual([]);
  });
});
