// Compiles the Solidity sources in ../contracts with solc-js (the `solc` npm package: the compiler is
// WebAssembly shipped in the package, nothing is downloaded) into ABI + bytecode artifacts in ../artifacts.
// The artifacts are a cache keyed by the sources, the compiler, OpenZeppelin's version and the settings:
// an unchanged tree is not compiled again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { artifactsDir, type ContractArtifact, contractNames, ContractsBuildError, type Manifest, manifestPath } from './artifacts.ts';

const require = createRequire(import.meta.url);
const sourcesDir = fileURLToPath(new URL('../contracts/', import.meta.url));

/** Compiler settings. `cancun` is the newest EVM version the public chains we list all run. */
export const compilerSettings = {
  optimizer: { enabled: true, runs: 10_000 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.gasEstimates'] } },
} as const;

type SolcOutput = {
  errors?: Array<{ severity: 'error' | 'warning' | 'info'; formattedMessage: string }>;
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
};

type Solc = { version(): string; compile(input: string, callbacks: { import(path: string): { contents: string } | { error: string } }): string };

function readSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const file of readdirSync(sourcesDir)
    .filter((f) => f.endsWith('.sol'))
    .sort())
    sources[file] = readFileSync(join(sourcesDir, file), 'utf8');
  return sources;
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
}

/** The cache key: what decides the compiled output. */
export function sourcesKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ solc: packageVersion('solc'), oz: packageVersion('@openzeppelin/contracts'), settings: compilerSettings }));
  for (const [file, text] of Object.entries(readSources())) hash.update(`\0${file}\0${text}`);
  return hash.digest('hex');
}

/** Resolves `@openzeppelin/contracts/...` imports from node_modules; nothing else may be imported. */
function findImport(path: string): { contents: string } | { error: string } {
  if (!path.startsWith('@openzeppelin/contracts/')) return { error: `Only @openzeppelin/contracts imports are allowed, not ${path}` };
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `Cannot find ${path}` };
  }
}

/**
 * Compiles every contract and writes the artifacts. Throws ContractsBuildError on a compiler error.
 *
 * @example
 * const { compiled } = compileContracts();
 */
export function compileContracts(): { key: string; compiled: string[]; ms: number } {
  const started = performance.now();
  const solc = require('solc') as Solc;
  const sources = readSources();
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: compilerSettings,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new ContractsBuildError(errors.map((e) => e.formattedMessage).join('\n'));

  const key = sourcesKey();
  const staging = `${artifactsDir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const name of contractNames) {
    const compiled = output.contracts?.[`${name}.sol`]?.[name];
    if (!compiled) throw new ContractsBuildError(`${name}.sol did not produce a contract named ${name}`);
    const artifact: ContractArtifact = {
      contractName: name,
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecodeSize: compiled.evm.deployedBytecode.object.length / 2,
    };
    writeFileSync(join(staging, `${name}.json`), JSON.stringify(artifact, null, 2) + '\n');
  }
  const manifest: Manifest = { key, solc: solc.version(), contracts: [...contractNames] };
  writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  // Swap the whole directory so a reader never sees half of a build.
  rmSync(artifactsDir, { recursive: true, force: true });
  renameSync(staging, artifactsDir);
  return { key, compiled: [...contractNames], ms: performance.now() - started };
}

/** True when the artifacts match the sources, compiler and settings. */
export function artifactsUpToDate(): boolean {
  if (!existsSync(manifestPath)) return false;
  try {
    return (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest).key === sourcesKey();
  } catch {
    return false;
  }
}

/**
 * Compiles the contracts unless the cached artifacts are current. Returns whether it compiled.
 *
 * @example
 * ensureArtifacts(); // before deploying or testing
 */
export function ensureArtifacts(): { built: boolean; ms: number } {
  if (artifactsUpToDate()) return { built: false, ms: 0 };
  return { built: true, ms: compileContracts().ms };
}
