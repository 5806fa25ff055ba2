// What a product module (products/<name>/index.ts) gives the widget: the auth-js products it calls, what it adds
// to the Main screen, and the screens it owns. The UI client is assembled from these, so a bundle carries only
// the products its entry imports (ADR 113).
import type { AuthProduct } from '@keepsake/auth-js';
import type { ComponentType } from 'preact';
import type { OTPMethod, Product, ResolvedConfig } from '../config.ts';
import type { Strings } from '../strings.ts';
import type { ScreenName } from './state.ts';

/** A tab of the Main screen's form: email, or a phone channel. */
export type FormTab = {
  method: OTPMethod;
  Component: ComponentType;
  /** Takes the method's tab from an earlier product (spec §5: the password tab is used for email when passwords is on). */
  preferred?: boolean;
};

export type MainSection =
  /** Buttons above the 'or' divider (OAuth, wallets). */
  | { kind: 'buttons'; Component: ComponentType }
  /** Tabs of the one email/phone form. */
  | { kind: 'form'; tabs(config: ResolvedConfig): FormTab[] };

export type UIProduct = {
  /** The `config.products` name that turns it on ('identityProvider': a mount mode, never on the Main screen). */
  product: Product | 'identityProvider';
  /** The auth-js products whose calls it makes. */
  sdk: readonly AuthProduct[];
  main?: MainSection;
  /**
   * A part at the very top of the Main screen, told whether an email or phone form is shown there (the passkey
   * button, which gives way to autofill on that form: spec §2 "Main screen").
   */
  mainTop?: ComponentType<{ formShown: boolean }>;
  screens?: Partial<Record<ScreenName, ComponentType>>;
  /** Its English strings (products/<name>/strings.ts), so only the bundles that import it carry them. */
  strings?: Strings;
};
