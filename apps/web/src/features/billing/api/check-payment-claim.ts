import { checkPaymentClaim } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** What a waiting payment's emailed link is for: the plan, the account, and how to attach it. */
const paymentClaimQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['billing', 'claim', token],
    queryFn: () => api(checkPaymentClaim, { body: { token } }),
    gcTime: 0,
    retry: false,
  });

export const usePaymentClaim = (token: string) => useQuery(paymentClaimQueryOptions(token));
