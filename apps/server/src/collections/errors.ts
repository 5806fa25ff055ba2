import { InvalidInputError, PermissionDeniedError, ResourceNotFoundError, StateConflictError } from '../platform/domain-errors.ts';

/** The project has no such collection (another project's is not found either). */
export class CollectionNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('Collection not found.');
  }
}

/** The collection has no such NFT (nfts/ re-exports it: collections may not import nfts/, which imports collections/). */
export class NftNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('NFT not found.');
  }
}

/** The collection has no such template. */
export class TemplateNotFoundError extends ResourceNotFoundError {
  constructor(message = 'Template not found.') {
    super(message);
  }
}

/** A collection or token's metadata is not there (yet). */
export class TokenMetadataNotFoundError extends ResourceNotFoundError {
  constructor(tokenId: string) {
    super(`Token ${tokenId} of this collection does not exist (yet).`);
  }
}

/** The caller's project role may not change collections. */
export class CollectionRoleError extends PermissionDeniedError {}

/** A collection id in use by another project, or by this project with another body. */
export class CollectionIdConflictError extends StateConflictError {}

/** A template already holds that token id. */
export class TemplateTokenIdTakenError extends StateConflictError {
  constructor(tokenId: string) {
    super(`Token id ${tokenId} already has a template in this collection.`);
  }
}

/** The change breaks a collection rule (the symbol is fixed, supply limits by fungibility, templates on ERC-721). */
export class InvalidCollectionChangeError extends InvalidInputError {}
