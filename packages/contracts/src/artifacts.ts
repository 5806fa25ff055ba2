// Reads the compiled contract artifacts (ABI + creation bytecode) that src/build.ts writes to ../artifacts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every contract in ../contracts, by name (the file is `<name>.sol`). */
export const contractNames = [
  'KeepsakeCollection721',
  'KeepsakeCollection1155',
  'KeepsakeTestUsd',
  'KeepsakeTestSmartAccount',
  'KeepsakePayments',
  'KeepsakeDevFarcasterIdRegistry',
  'KeepsakeDevFarcasterKeyRegistry',
] as const;
export type ContractName = (typeof contractNames)[number];

export type ContractArtifact = {
  contractName: ContractName;
  abi: unknown[];
  /** Creation bytecode, 0x-prefixed. */
  bytecode: `0x${string}`;
  /** Runtime code size in bytes (EIP-170 caps it at 24,576). */
  deployedBytecodeSize: number;
};

export type Manifest = { key: string; solc: string; contracts: string[] };

export const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));
export const manifestPath = join(artifactsDir, 'manifest.json');

/** Base of this package's errors. */
export class ContractsError extends Error {
  override name = 'ContractsError';
}

/** The Solidity sources did not compile. */
export class ContractsBuildError extends ContractsError {
  override name = 'ContractsBuildError';
  constructor(details: string) {
    super(`The contracts did not compile:\n${details}`);
  }
}

/** The artifacts have not been built. */
export class ArtifactMissingError extends ContractsError {
  override name = 'ArtifactMissingError';
  constructor(name: string) {
    super(`The compiled artifact of ${name} is missing. Run \`npm run build --workspace @keepsake/contracts\` (npm start does it).`);
  }
}

const cache = new Map<ContractName, ContractArtifact>();

/**
 * The ABI and bytecode of one contract. Throws ArtifactMissingError when the contracts were never built.
 *
 * @example
 * const { abi, bytecode } = loadArtifact('KeepsakeCollection721');
 */
export function loadArtifact(name: ContractName): ContractArtifact {
  const cached = cache.get(name);
  if (cached) return cached;
  let artifact: ContractArtifact;
  try {
    artifact = JSON.parse(readFileSync(join(artifactsDir, `${name}.json`), 'utf8')) as ContractArtifact;
  } catch {
    throw new ArtifactMissingError(name);
  }
  cache.set(name, artifact);
  return artifact;
}
