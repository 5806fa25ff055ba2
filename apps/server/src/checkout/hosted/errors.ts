import { PermissionDeniedError, ResourceNotFoundError } from '../../platform/domain-errors.ts';

/** No collection has this id (or it was never set up for sale). */
export class HostedCollectionNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('Collection not found.');
  }
}

/** The collection exists but the hosted page does not sell it: no payments, payments off, or the hosted page off. */
export class HostedCheckoutUnavailableError extends PermissionDeniedError {}
