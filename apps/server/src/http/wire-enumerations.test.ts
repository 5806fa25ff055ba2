// issue 10 §3: the wire (@keepsake/wire) and the database (@keepsake/db) each keep an enumeration that the other
// must agree with; the wire package imports nothing of the database, so the two lists are compared here.
import {
  actionStatuses,
  apiKeyEnvironments,
  collectionContractTypes,
  collectionDeployStatuses,
  collectionFungibilities,
  nfts,
  projectRoles,
  walletOwnerKinds,
  webhookAttemptTriggers,
  webhookDeliveryStatuses,
} from '@keepsake/db/schema';
import { fungibilities } from '@keepsake/validation/collections';
import { mintStatuses } from '@keepsake/wire/common';
import { nftViewSchema } from '@keepsake/wire/console/collection-nfts';
import { consoleWalletSchema } from '@keepsake/wire/console/wallets';
import { attemptSchema, webhookDeliveryStatuses as wireDeliveryStatuses } from '@keepsake/wire/console/webhooks';
import { apiKeyEnvironments as wireEnvironments, projectRoles as wireRoles } from '@keepsake/wire/console/projects';
import { actionSchema } from '@keepsake/wire/developer/actions';
import { collectionContractTypes as wireContractTypes, collectionDeployStatuses as wireDeployStatuses } from '@keepsake/wire/developer/collections';
import { describe, expect, it } from 'vitest';

describe('issue 10: the wire enumerations are the stored ones', () => {
  it.each([
    ['project roles', wireRoles, projectRoles],
    ['API key environments', wireEnvironments, apiKeyEnvironments],
    ['webhook delivery statuses', wireDeliveryStatuses, webhookDeliveryStatuses],
    ['webhook attempt triggers', attemptSchema.shape.trigger.options, webhookAttemptTriggers],
    ['collection contract types', wireContractTypes, collectionContractTypes],
    ['collection deploy statuses', wireDeployStatuses, collectionDeployStatuses],
    ['collection fungibilities', fungibilities, collectionFungibilities],
    ['action statuses', actionSchema.shape.status.options, actionStatuses],
    ['wallet owner kinds', consoleWalletSchema.shape.ownerKind.options, walletOwnerKinds],
    ['mint statuses', mintStatuses, nfts.status.enumValues],
    ['NFT token standards', nftViewSchema.shape.tokenStandard.options, nfts.tokenStandard.enumValues],
  ])('%s', (_name, wire, stored) => {
    expect([...wire]).toEqual([...stored]);
  });
});
