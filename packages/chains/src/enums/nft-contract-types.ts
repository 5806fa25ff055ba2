// NFT contract types of spec §3, grouped by chain family. Each type names the field that identifies its
// contract (spec §3 "Collection types select the contract identifier field"); secondary-market and
// aggregator types have none.

export const nftContractTypes = {
  // EVM
  'erc-721': { family: 'evm', identifier: 'contractAddress' },
  'erc-1155': { family: 'evm', identifier: 'contractAddress' },
  'erc-721-drop': { family: 'evm', identifier: 'contractAddress' },
  'erc-20': { family: 'evm', identifier: 'tokenContractAddress' },
  // Solana
  'candy-machine': { family: 'solana', identifier: 'candyMachineId' },
  'solana-auction-house': { family: 'solana', identifier: 'auctionHouseAddress' },
  'solana-nft': { family: 'solana', identifier: 'mintAddress' },
  'solana-compressed-nft': { family: 'solana', identifier: 'mintAddress' },
  // Sui
  'sui-object': { family: 'sui', identifier: 'objectId' },
  'sui-package': { family: 'sui', identifier: 'packageId' },
  // Xion
  'xion-cw721': { family: 'xion', identifier: 'contractAddress' },
  // Aptos
  'aptos-token': { family: 'aptos', identifier: 'contractAddress' },
  // Exchange and aggregate types: listings of NFTs that live elsewhere.
  secondary: { family: 'any', identifier: 'none' },
  aggregator: { family: 'any', identifier: 'none' },
} as const satisfies Record<string, { family: string; identifier: string }>;

export type NftContractType = keyof typeof nftContractTypes;
export type ContractIdentifierField = (typeof nftContractTypes)[NftContractType]['identifier'];

export const nftContractTypeNames = Object.keys(nftContractTypes) as NftContractType[];

/** The contract types Keepsake deploys itself, per collection fungibility. */
export const deployedContractTypes = { 'non-fungible': 'erc-721', 'semi-fungible': 'erc-1155' } as const satisfies Record<string, NftContractType>;
