import type { NftResponse } from './schemas.ts';
import type { NftRow } from './store.ts';

/** An NFT as the developer API shows it: `{id, onChain:{status, chain, contractAddress, tokenId?, txId?}, actionId}`. */
export function presentNft(row: NftRow): NftResponse {
  return {
    id: row.id,
    collectionId: row.collectionId,
    recipient: row.recipient,
    metadata: row.metadata as NftResponse['metadata'],
    ...(row.templateId ? { templateId: row.templateId, amount: row.quantity } : {}),
    onChain: {
      status: row.status,
      chain: row.chain,
      ...(row.contractAddress ? { contractAddress: row.contractAddress } : {}),
      owner: row.ownerAddress,
      ...(row.tokenId ? { tokenId: row.tokenId } : {}),
      ...(row.txId ? { txId: row.txId } : {}),
      ...(row.error ? { error: row.error } : {}),
    },
    actionId: row.actionId,
    createdAt: row.createdAt.toISOString(),
  };
}
