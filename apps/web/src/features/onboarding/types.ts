/** The checklist's steps, in order (issue 11). */
export type OnboardingStep = 'apiKey' | 'webhook' | 'collection' | 'mint' | 'see';

/** A collection as the commands need it. */
export type OnboardingCollection = { id: string; chain: string };

export type Onboarding = {
  loading: boolean;
  done: Record<OnboardingStep, boolean>;
  /** The newest collection, whose id fills the mint command. */
  collection: OnboardingCollection | null;
  /** The newest collection with a mint, where "see it" leads. */
  mintedCollection: OnboardingCollection | null;
};
