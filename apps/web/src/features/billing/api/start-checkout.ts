import { startCheckout } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface CheckoutChoice {
  priceId: string;
  /** A visitor's email, when they gave one: Stripe's page shows it and pays with it. */
  email?: string;
}

/** Asks for a hosted Checkout page for one price; the caller sends the browser to its url. */
export const useStartCheckout = () =>
  useMutation({
    mutationFn: ({ priceId, email }: CheckoutChoice) =>
      api(startCheckout, { body: { price_id: priceId, ...(email ? { email } : {}) } }),
  });
