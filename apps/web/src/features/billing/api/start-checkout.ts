import { startCheckout } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Asks for a hosted Checkout page for one price; the caller sends the browser to its url. */
export const useStartCheckout = () =>
  useMutation({ mutationFn: (priceId: string) => api(startCheckout, { body: { price_id: priceId } }) });
