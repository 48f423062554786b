import { openBillingPortal } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Asks for a Billing Portal session; the caller sends the browser to its url. */
export const useOpenPortal = () => useMutation({ mutationFn: () => api(openBillingPortal, { body: {} }) });
