// Stripe's Payment Element on the hosted sales page (ADR 121), through the official loader: `@stripe/stripe-js/pure`
// adds Stripe.js (https://js.stripe.com) to the page only when a Stripe order is paid here, never on other pages or
// with the test processor.
import type { Appearance, Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

export type MountedPaymentElement = { stripe: Stripe; elements: StripeElements; element: StripePaymentElement };

/** The Payment Element's look: Stripe's light theme, or its dark one when the page is dark. */
export function stripeAppearance(theme: string | undefined): Appearance {
  return { theme: theme === 'dark' ? 'night' : 'stripe', variables: { colorPrimary: '#4f46e5', borderRadius: '6px' } };
}

/** Loads Stripe.js with the publishable key and mounts the Payment Element for the PaymentIntent's client secret. */
export async function mountPaymentElement(
  publishableKey: string,
  clientSecret: string,
  container: HTMLElement,
  appearance: Appearance,
): Promise<MountedPaymentElement> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load.');
  const elements = stripe.elements({ clientSecret, appearance });
  const element = elements.create('payment');
  element.mount(container);
  return { stripe, elements, element };
}

/**
 * Confirms the PaymentIntent with what the buyer typed into the Payment Element. A card needing no redirect stays on
 * the page; a method that must redirect comes back to `returnUrl` (this order's page). Answers Stripe's error
 * message, or undefined once Stripe took the payment (the order then moves on Stripe's webhook).
 */
export async function confirmWithPaymentElement({ stripe, elements }: MountedPaymentElement, returnUrl: string): Promise<string | undefined> {
  const result = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
  return result.error ? (result.error.message ?? 'Stripe refused the payment.') : undefined;
}
