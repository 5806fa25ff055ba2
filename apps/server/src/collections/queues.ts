/** Deploys a collection's contract and grants the minter roles (collections/deploy.ts). */
export const DEPLOY_QUEUE = 'collections.deploy';
/** Brings a deployed contract's supply limits in step with the collection and its templates. */
export const SUPPLY_QUEUE = 'collections.sync-supply';

export type DeployJob = { collectionId: string };

/**
 * Both jobs are safe to run again and side by side (every step re-reads the database under a row lock), so
 * pg-boss may retry them freely; a job that outlives a crashed worker is taken back after ten minutes.
 */
export const deployJobOptions = { retryLimit: 10, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 600 };
