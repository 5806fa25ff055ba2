import { getEvmChainDefinition } from '@keepsake/chains/registry';
import { isEvmChain } from '@keepsake/chains/blockchains';
import { ipfsToGateway } from '@keepsake/validation/urls';
import type { AppContext } from '../context.ts';
import { currenciesFor } from '../checkout/pricing/currencies.ts';
import { presentPayments, readPayments } from './payments.ts';
import type { CollectionResponse, TemplateResponse } from './schemas.ts';
import type { CollectionRow, TemplateRow } from './store.ts';

/** `tokenURI(id)` is this plus the id; `contractURI()` is this plus "contract" (ADR 032). */
export function collectionBaseUri(publicUrl: string, collectionId: string): string {
  return `${publicUrl}/api/metadata/${collectionId}/`;
}

/** A collection as the developer API shows it (Crossmint's shape). */
export function presentCollection(row: CollectionRow): CollectionResponse {
  const { name, description, imageUrl, symbol } = row.metadata;
  return {
    id: row.id,
    chain: row.chain,
    fungibility: row.fungibility,
    metadata: { name, description, ...(imageUrl ? { imageUrl } : {}), ...(symbol ? { symbol } : {}) },
    supplyLimit: row.supplyLimit,
    payments: presentPayments(readPayments(row.payments, row.chain)),
    onChain: {
      status: row.deployStatus,
      chain: row.chain,
      type: row.contractType,
      ...(row.deployStatus === 'success' && row.contractAddress ? { contractAddress: row.contractAddress } : {}),
      ...(row.deployTxHash ? { txId: row.deployTxHash } : {}),
      ...(row.deployerAddress ? { owner: row.deployerAddress } : {}),
    },
    actionId: row.actionId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentTemplate(row: TemplateRow): TemplateResponse {
  return {
    templateId: row.id,
    collectionId: row.collectionId,
    metadata: row.metadata,
    onChain: { tokenId: row.tokenId },
    supply: { limit: row.supplyLimit },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The chain's console facts: its name, kind and explorer (the configured one wins over the registry's). */
export function chainFacts(ctx: AppContext, chain: string) {
  const connection = ctx.chains.connections.find((c) => c.chain === chain);
  const definition = connection?.definition ?? (isEvmChain(chain) ? getEvmChainDefinition(chain) : undefined);
  return {
    chainName: definition?.displayName ?? chain,
    chainKind: definition?.kind ?? ('mainnet' as const),
    explorerUrl: connection ? connection.explorerUrl : definition?.explorerUrl,
  };
}

/** The console's view: the API shape, the social links and branding, and the deploy's details. */
export function presentConsoleCollection(ctx: AppContext, row: CollectionRow, templates: number) {
  const facts = chainFacts(ctx, row.chain);
  const base = collectionBaseUri(ctx.config.publicUrl, row.id);
  const imageUrl = row.metadata.imageUrl;
  return {
    ...presentCollection(row),
    projectId: row.projectId,
    socialLinks: { twitter: row.socialLinks.twitter ?? '', discord: row.socialLinks.discord ?? '', website: row.socialLinks.website ?? '' },
    branding: { bannerUrl: row.branding.bannerUrl ?? '', primaryColor: row.branding.primaryColor ?? '', backgroundColor: row.branding.backgroundColor ?? '' },
    imagePreviewUrl: imageUrl ? ipfsToGateway(imageUrl, ctx.config.ipfsGatewayUrl) : null,
    deploy: {
      error: row.deployError,
      deployedAt: row.deployedAt?.toISOString() ?? null,
      explorerUrl: facts.explorerUrl && row.contractAddress && row.deployStatus === 'success' ? `${facts.explorerUrl}/address/${row.contractAddress}` : null,
      chainName: facts.chainName,
      chainKind: facts.chainKind,
      baseUri: base,
      contractUri: `${base}contract`,
    },
    templates,
    paymentCurrencies: currenciesFor(ctx.chains, row.chain).map((currency) => currency.code),
  };
}
