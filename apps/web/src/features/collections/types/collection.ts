export type DeployStatus = 'pending' | 'success' | 'failed';
export type ChainKind = 'mainnet' | 'testnet' | 'local';

/** A collection as the console API returns it (GET /api/console/collections/{id}). */
export type Collection = {
  id: string;
  projectId: string;
  chain: string;
  fungibility: 'non-fungible' | 'semi-fungible';
  metadata: { name: string; description: string; imageUrl?: string; symbol?: string };
  supplyLimit: number | null;
  payments: { price: string; recipientAddress: string } | null;
  onChain: { status: DeployStatus; chain: string; type: 'erc-721' | 'erc-1155'; contractAddress?: string; txId?: string; owner?: string };
  actionId: string;
  createdAt: string;
  socialLinks: { twitter: string; discord: string; website: string };
  branding: { bannerUrl: string; primaryColor: string; backgroundColor: string };
  imagePreviewUrl: string | null;
  deploy: {
    error: string | null;
    deployedAt: string | null;
    explorerUrl: string | null;
    chainName: string;
    chainKind: ChainKind;
    baseUri: string;
    contractUri: string;
  };
  templates: number;
};

export type CollectionsPage = { collections: Collection[]; page: number; perPage: number; total: number };

/** A chain the server deploys collections on. */
export type DeployableChain = { chain: string; chainId: number; chainName: string; chainKind: ChainKind; explorerUrl: string | null };
